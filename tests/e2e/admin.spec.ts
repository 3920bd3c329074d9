import type { APIRequestContext, Page } from "@playwright/test";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import { SESSION_STORAGE_KEY } from "../../machines/session/selectors.ts";
import { DEACTIVATED_SIGN_OUT_MESSAGE } from "../../src/lib/sign-out-notice.ts";
import { DEMO_ADMIN, DEMO_BUYER, expect, expectNoAxeViolations, sessionFor, test } from "./fixtures.ts";

// The admin dashboard (issue 15, docs/decisions/021-admin-users-and-kpis.md):
// Analítica, Empresas and Usuarios as tabs bound to the URL, server-side
// paging and search, and deactivating an account through a confirmation.
// One e2e server for the whole run: the account deactivated here is made by
// the test, and the figures asserted are read from the API at that moment.

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.mx`;
const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const es = (value: number) => value.toLocaleString("es-MX");

interface Kpis {
  readonly users_count: { readonly buyers_count: number; readonly sellers_count: number };
  readonly companies_count: { readonly total_count: number; readonly published_count: number };
  readonly weekly: ReadonlyArray<{ readonly week_start: string; readonly sign_ups: number; readonly listings: number }>;
}

async function tokenOf(request: APIRequestContext, credentials: { email: string; password: string }): Promise<string> {
  const session = await request.post("/api/sessions", { data: credentials });
  expect(session.status(), await session.text()).toBe(200);
  return ((await session.json()) as { access_token: string }).access_token;
}

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${await tokenOf(request, DEMO_ADMIN)}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

// Every page starts signed in as the demo admin (a stored session from an API log-in).
test.use({ signedInAs: DEMO_ADMIN });

/** The demo admin opens `path` of the dashboard. */
async function openAsAdmin(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
}

/** The figure under a KPI's label (`<dt>` then its `<dd>`). */
const figure = (page: Page, label: string) => page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");

test("Analítica: the four figures and the weekly chart, with its numbers in a table", async ({ page }) => {
  await openAsAdmin(page, "/admin/dashboard/kpis");
  await expect(page.getByRole("tab", { name: "Analítica" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("img", { name: "Registros y empresas nuevas por semana" })).toBeVisible();
  // Read now: nothing else runs against the server during this test.
  const kpis = await adminGet<Kpis>(page.request, "/api/analytics/kpis");
  await expect(figure(page, "Compradores")).toHaveText(es(kpis.users_count.buyers_count));
  await expect(figure(page, "Vendedores")).toHaveText(es(kpis.users_count.sellers_count));
  await expect(figure(page, "Empresas registradas")).toHaveText(es(kpis.companies_count.total_count));
  await expect(figure(page, "Empresas publicadas")).toHaveText(es(kpis.companies_count.published_count));

  const signUps = kpis.weekly.reduce((sum, week) => sum + week.sign_ups, 0);
  await expect(page.getByRole("img", { name: "Registros y empresas nuevas por semana" })).toHaveAccessibleDescription(
    new RegExp(`^Últimas 12 semanas, .*: ${es(signUps)} registros? de usuarios?`),
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Ver los datos de la gráfica" }).click();
  const table = page.getByRole("table", { name: "Registros y empresas nuevas por semana" });
  await expect(table.getByRole("row")).toHaveCount(13);
  const thisWeek = kpis.weekly.at(-1);
  await expect(table.getByRole("row").last()).toHaveText(new RegExp(`${es(thisWeek?.sign_ups ?? -1)}${es(thisWeek?.listings ?? -1)}$`));
  await expectNoAxeViolations(page);
});

test("Empresas: 10 a page with server paging kept in the URL (a reload stays), a search that goes back to page 1, names hidden while Incognito is on, edit links to the admin form", async ({ page }) => {
  await openAsAdmin(page, "/admin/dashboard/companies");
  type Row = { id: number; name: string; human_id: string };
  const all = await adminGet<{ total: number; items: ReadonlyArray<Row> }>(page.request, "/api/companies?is_dashboard=true&per_page=10");
  const first = all.items[0];
  if (first === undefined) throw new Error("no company in the demo data");
  const pages = Math.ceil(all.total / 10);
  expect(pages).toBeGreaterThan(2);
  const region = page.getByRole("tabpanel", { name: "Empresas" });
  const rows = region.getByRole("table", { name: "Empresas" }).getByRole("row");
  await expect(region.getByText(`Página 1 de ${pages}`)).toBeVisible();
  await expect(rows).toHaveCount(11);
  // Incognito is on (the default): the banner says names are hidden, and the table hides them too.
  await expect(page.getByRole("region", { name: "Modo incógnito" })).toBeVisible();
  await expect(rows.nth(1)).toContainText(first.human_id);
  await expect(rows.nth(1)).toContainText("********");
  for (const company of all.items) await expect(region.getByText(company.name, { exact: true })).toHaveCount(0);
  // By row, not by name: the reference names the row's edit link while names are hidden.
  await expect(rows.nth(1).getByRole("link", { name: `Editar ${first.human_id}` })).toHaveAttribute("href", `/admin/business/${first.id}`);
  await expect(region.getByRole("link", { name: "Registrar empresa" })).toHaveAttribute("href", "/admin/business");
  await expectNoAxeViolations(page);

  await region.getByRole("button", { name: "Siguiente" }).click();
  await expect(region.getByText(`Página 2 de ${pages}`)).toBeVisible();
  await region.getByRole("button", { name: "Siguiente" }).click();
  await expect(region.getByText(`Página 3 de ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard\/companies\?page=3$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(rows.nth(1)).not.toContainText(first.human_id);
  const third = await adminGet<{ items: ReadonlyArray<Row> }>(page.request, "/api/companies?is_dashboard=true&per_page=10&page=3");
  // A reload stays on that page; the back button goes to the page before.
  await page.reload();
  await expect(region.getByText(`Página 3 de ${pages}`)).toBeVisible();
  await expect(rows.nth(1)).toContainText(third.items[0]?.human_id ?? "-");
  await page.goBack();
  await expect(region.getByText(`Página 2 de ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/\?page=2$/);

  // Incognito off (from the banner): the names are shown.
  await page.getByRole("button", { name: "Desactivar modo incógnito" }).click();
  await page.goto("/admin/dashboard/companies");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText(first.name);
  await expect(rows.nth(1).getByRole("link", { name: `Editar ${first.name}` })).toHaveAttribute("href", `/admin/business/${first.id}`);

  // A search by contact (accents aside) starts again at page 1, and is in the URL too.
  const found = await adminGet<{ total: number; items: ReadonlyArray<Row> }>(page.request, "/api/companies?is_dashboard=true&per_page=10&q=trevino");
  expect(found.total).toBeGreaterThan(0);
  await region.getByRole("searchbox", { name: "Buscar empresas" }).fill("trevino");
  await expect(page).toHaveURL(/\?q=trevino$/);
  const foundPages = Math.ceil(found.total / 10);
  if (foundPages > 1) await expect(region.getByText(`Página 1 de ${foundPages}`)).toBeVisible();
  else await expect(region.getByRole("navigation", { name: "Páginas de empresas" })).toHaveCount(0);
  await expect(rows).toHaveCount(Math.min(10, found.total) + 1);
  await expect(rows.nth(1)).toContainText(found.items[0]?.name ?? "");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.reload();
  await expect(region.getByRole("searchbox", { name: "Buscar empresas" })).toHaveValue("trevino");
  await expect(rows).toHaveCount(Math.min(10, found.total) + 1);

  await region.getByRole("searchbox", { name: "Buscar empresas" }).fill("ninguna empresa se llama así");
  await expect(region.getByRole("status").filter({ hasText: "Ninguna empresa coincide con tu búsqueda." })).toBeVisible();
});

test("Usuarios by keyboard: the tabs, a search, the confirmation; the account is deactivated, its open session is signed out saying why, and it cannot log in", async ({ page, login, browser, baseURL }) => {
  const email = unique("desactivable");
  const name = `Rocío Desactivable ${Date.now() % 100_000}`;
  const created = await page.request.post("/api/buyers", {
    data: {
      buyer_description_id: 1,
      state_id: 19,
      investment_description_summary: "Empresas de servicios en Monterrey.",
      investment_size_id: 1,
      user: { email, password: "Clave-desactivable-1", phone: "8112345678", name },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userToken = await tokenOf(page.request, { email, password: "Clave-desactivable-1" });
  const asUser = { headers: { authorization: `Bearer ${userToken}` } };
  expect((await page.request.get("/api/subscriptions", asUser)).status()).toBe(200);
  // The user, signed in in a browser of their own, on their profile.
  const origin = new URL(baseURL ?? "").origin;
  const stored = await sessionFor(page.request, { email, password: "Clave-desactivable-1" });
  const userContext = await browser.newContext({ baseURL: origin, locale: "es-MX", storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: stored }] }] } });
  const userPage = await userContext.newPage();
  await userPage.goto("/mi-perfil");
  await expect(userPage.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();

  await openAsAdmin(page, "/admin/dashboard/kpis");
  // The tabs: arrow keys move between them, and the URL follows.
  await page.getByRole("tab", { name: "Analítica" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/\/admin\/dashboard\/companies$/);
  await expect(page.getByRole("tab", { name: "Empresas" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/\/admin\/dashboard\/users$/);
  await expect(page.getByRole("tab", { name: "Usuarios" })).toHaveAttribute("aria-selected", "true");
  const region = page.getByRole("tabpanel", { name: "Usuarios" });
  await expect(region.getByRole("table", { name: "Usuarios" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Tab into the panel's search; type the e-mail in capitals: the search ignores case.
  await page.keyboard.press("Tab");
  await expect(region.getByRole("searchbox", { name: "Buscar usuarios" })).toBeFocused();
  // One focus ring, the field's: the tabs around it draw none (react-aria marks them focus-visible too).
  await expect(page.locator("[data-rac]:has(> [role=tablist])")).toHaveCSS("outline-style", "none");
  await page.keyboard.type(email.toUpperCase());
  const rows = region.getByRole("table", { name: "Usuarios" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(name);
  await expect(rows.nth(1)).toContainText("Comprador");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // The confirmation names the user; Escape keeps the account and gives the focus back.
  const deactivate = region.getByRole("button", { name: `Desactivar a ${name}` });
  await deactivate.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `¿Desactivar a ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${name} (${email}) ya no podrá iniciar sesión`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // The dialog takes the focus; Tab goes to its close button, then to the confirmation.
  await expect(dialog).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
  await page.keyboard.press("Tab");
  const confirm = dialog.getByRole("button", { name: "Sí, desactivar" });
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(toast(page, "El usuario fue desactivado correctamente")).toBeVisible();
  await expect(dialog).toBeHidden();
  const status = rows.nth(1).getByText("Desactivado", { exact: true });
  await expect(status).toBeVisible();
  // Red, and the word says it: not by colour alone.
  await expect(rows.nth(1).getByText(name, { exact: true })).toHaveCSS("color", "rgb(180, 35, 24)");
  await expect(region.getByRole("button", { name: `Desactivar a ${name}` })).toHaveCount(0);
  // Its button is gone: the focus is on the row's new status, not lost.
  await expect(status).toBeFocused();
  await expectNoAxeViolations(page);

  // The token the user held is dead at once, and the right password no longer opens the account.
  expect((await page.request.get("/api/subscriptions", asUser)).status()).toBe(401);
  // Their open session: the next page they open signs them out, on the login page that says why.
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/iniciar-sesion\?aviso=cuenta-desactivada$/);
  await expect(userPage.getByRole("alert").filter({ hasText: DEACTIVATED_SIGN_OUT_MESSAGE })).toBeVisible();
  await expect(userPage.getByRole("button", { name: new RegExp(name) })).toHaveCount(0);
  await expectNoAxeViolations(userPage);
  await userContext.close();
  await page.getByRole("button", { name: /Administración Puente/ }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
  await login({ email, password: "Clave-desactivable-1" });
  await expect(page.getByText(AUTH_MESSAGES.deactivated)).toBeVisible();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
});

test.describe("a buyer", () => {
  test.use({ signedInAs: DEMO_BUYER });

  test("the dashboard is for admins: a buyer who asks for it is sent home", async ({ page }) => {
    await page.goto("/admin/dashboard/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Panel de administración" })).toHaveCount(0);
  });
});

test("a table the dashboard does not have opens Analítica", async ({ page }) => {
  await openAsAdmin(page, "/admin/dashboard/users");
  await page.goto("/admin/dashboard/tabla-que-no-existe");
  await expect(page).toHaveURL(/\/admin\/dashboard\/kpis$/);
  await expect(page.getByRole("tab", { name: "Analítica" })).toHaveAttribute("aria-selected", "true");
});
