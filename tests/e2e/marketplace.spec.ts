import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_BUYER, expect, expectNoAxeViolations, test } from "./fixtures.ts";

const EMPTY = "No se encontraron resultados, por favor ajusta tu búsqueda";
const ALL = "64 empresas encontradas";

/** The demo companies' names, read with the admin's own API access (the marketplace must never show them). */
async function demoCompanyNames(page: Page): Promise<ReadonlyArray<string>> {
  const login = await page.request.post("/api/sessions", { data: DEMO_ADMIN });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const names: string[] = [];
  for (let pageNumber = 1; pageNumber <= 2; pageNumber += 1) {
    const response = await page.request.get(`/api/companies?is_dashboard=true&per_page=48&page=${pageNumber}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { items: ReadonlyArray<{ name: string }> };
    names.push(...body.items.map((item) => item.name));
  }
  expect(names.length).toBeGreaterThan(60);
  return names;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const resultsRegion = (page: Page) => page.getByRole("region", { name: "Resultados" });
const results = (page: Page) => resultsRegion(page).getByRole("article");
// The result count, not the "Cargando empresas" spinner (also a status).
const count = (page: Page) => page.getByRole("status").filter({ hasText: /encontrad/ });
/** A count line and nothing else in it (no spinner: see expectFreshResults). */
const A_COUNT = /^(1 empresa encontrada|[\d,]+ empresas encontradas)$/;
const total = (countLine: string) => Number(countLine.replace(/\D/g, ""));

/**
 * Waits until the list shows the results of the URL it is on, and returns the
 * count line. When a search or filter changes the URL, the previous results
 * stay on screen (TanStack Query's keepPreviousData: dimmed, the list
 * `aria-busy`, a "Cargando empresas" spinner inside the count line) until the
 * new ones arrive; the cards read before that are the previous search's.
 * Assert the URL first: the page renders the new URL's loading state at once.
 */
async function expectFreshResults(page: Page, expected: string | RegExp = A_COUNT): Promise<string> {
  // The exact text: while the previous results show, the line also holds the spinner's label.
  await expect(count(page)).toHaveText(expected);
  await expect(resultsRegion(page).getByRole("status").filter({ hasText: "Cargando empresas" })).toHaveCount(0);
  await expect(resultsRegion(page).locator('[aria-busy="true"]')).toHaveCount(0);
  return (await count(page).textContent()) ?? "";
}

/** Every card on screen (at least one) shows `text`; call after expectFreshResults. */
async function expectEveryCardToShow(page: Page, text: string) {
  await expect(results(page)).not.toHaveCount(0);
  await expect(results(page).filter({ hasNotText: text })).toHaveCount(0);
}

test("a visitor browses the marketplace: cards with every field, never a company's name", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  await expect(page.getByRole("heading", { level: 1, name: "Compra una empresa" })).toBeVisible();
  await expectFreshResults(page, ALL);
  await expect(results(page)).toHaveCount(12);
  const card = results(page).first();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(/^PUE-\d{4}$/);
  await expect(card.getByText(/^Verificación: /)).toBeVisible();
  for (const term of ["Tipo de empresa", "Ubicación", "Ventas anuales", "EBITDA", "Interés"]) {
    await expect(card.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(card.getByText(/MXN/).first()).toBeVisible();
  await expect(card.getByRole("link", { name: /Ver más/ })).toHaveAttribute("href", /^\/perfil-de-negocio\/\d+$/);

  // The results are in (above): what the page shows now is what it keeps showing.
  const body = await page.locator("main").innerText();
  for (const name of await demoCompanyNames(page)) expect(body).not.toContain(name);
  await expectNoAxeViolations(page);
});

test("search applies 1 s after typing stops, and at once on Enter; accents and case do not matter", async ({ page }) => {
  // The debounce is measured on the page's own clock, which the test holds
  // still and moves: exact, and blind to how loaded the machine is.
  await page.clock.install();
  await page.goto("/compra-una-empresa");
  await expectFreshResults(page, ALL);
  const search = page.getByRole("searchbox", { name: "Buscar empresas" });
  const stopTheClock = async () => page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  await stopTheClock();
  await search.fill("tecnologia");
  await page.clock.runFor(999);
  // No timer can run while the clock stands still: this is the state, not a moment of it.
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\?q=tecnologia$/);
  await page.clock.resume();
  const plain = await expectFreshResults(page);
  expect(plain).not.toBe(ALL);
  // Read once the results are the URL's (above), then compared web-first below.
  const plainCards = await results(page).allTextContents();
  expect(plainCards.length).toBeGreaterThan(0);

  await stopTheClock();
  await search.fill("TECNOLOGÍA");
  await search.press("Enter");
  // The clock stands still: only Enter can have applied the search.
  await expect(page).toHaveURL(/\?q=TECNOLOG%C3%8DA$/);
  await page.clock.resume();
  await expectFreshResults(page, plain);
  await expect(results(page)).toHaveText(plainCards);

  // The clear button empties the search and reloads everything.
  await page.getByRole("button", { name: "Borrar búsqueda" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expectFreshResults(page, ALL);

  // The back button returns to the previous search.
  await page.goBack();
  await expect(page).toHaveURL(/q=TECNOLOG/);
  await expect(search).toHaveValue("TECNOLOGÍA");
  await expectFreshResults(page, plain);
  await expect(results(page)).toHaveText(plainCards);
});

test("a search with no match shows the empty state", async ({ page }) => {
  await page.goto("/compra-una-empresa?q=zzzqqqxxx");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a dropdown that has not loaded yet opens from the keyboard and keeps the focus (decision 047)", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  // Tab from the search field to the first dropdown, and open it at once: the key pressed
  // while react-aria's Select loads opens it, with the focus in its list.
  await page.getByRole("searchbox", { name: "Buscar empresas" }).focus();
  await page.keyboard.press("Tab");
  const industry = page.getByRole("button", { name: /Industria/ });
  await expect(industry).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(industry).toBeFocused();
  await expect(industry).toHaveAttribute("aria-expanded", "false");
});

test("each filter narrows the list, lives in the URL, and 'Limpiar filtros' resets them", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  await expectFreshResults(page, ALL);
  await expect(page.getByRole("button", { name: "Limpiar filtros" })).toHaveCount(0);

  // Industry dropdown (top). The URL first, then the list: both must change.
  await page.getByRole("button", { name: /Industria/ }).click();
  await page.getByRole("option", { name: "Tecnología" }).click();
  await expect(page).toHaveURL(/industry_id=1(&|$)/);
  const industryCount = await expectFreshResults(page);
  expect(total(industryCount)).toBeLessThan(64);

  // Interest dropdown (top): narrows the industry's list further.
  await page.getByRole("button", { name: /Tipo de transacción/ }).click();
  await page.getByRole("option", { name: "Capital para crecimiento" }).click();
  await expect(page).toHaveURL(/industry_id=1&interest_id=1(&|$)/);
  const bothCount = await expectFreshResults(page);
  expect(total(bothCount)).toBeLessThanOrEqual(total(industryCount));
  await expectEveryCardToShow(page, "Capital para crecimiento");

  // Side panel radio groups.
  const panel = page.getByRole("complementary", { name: "Filtros" });
  await page.goto("/compra-una-empresa");
  await expectFreshResults(page, ALL);
  await panel.getByText("Persona física", { exact: true }).click();
  await expect(page).toHaveURL(/company_type_id=2/);
  await expectFreshResults(page);
  await expectEveryCardToShow(page, "Persona física");
  await panel.getByText("$1 M – $5 M MXN", { exact: true }).click();
  await expect(page).toHaveURL(/company_type_id=2&ebitda_id=3/);
  await expectFreshResults(page);
  await expectEveryCardToShow(page, "$1 M – $5 M MXN");
  await expectNoAxeViolations(page);

  // A group collapses and expands.
  await panel.getByRole("button", { name: "EBITDA" }).click();
  await expect(panel.getByText("$1 M – $5 M MXN", { exact: true })).toBeHidden();
  await panel.getByRole("button", { name: "EBITDA" }).click();
  await expect(panel.getByText("$1 M – $5 M MXN", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expectFreshResults(page, ALL);
  await expect(page.getByRole("button", { name: "Limpiar filtros" })).toHaveCount(0);
});

test("on a phone the filters live in a drawer applied with 'Aplicar filtros'", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/compra-una-empresa");
  await expectFreshResults(page, ALL);
  await expect(page.getByRole("complementary", { name: "Filtros" })).toBeHidden();

  await page.getByRole("button", { name: "Filtros", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Filtros" });
  await expect(drawer).toBeVisible();
  await expectNoAxeViolations(page);
  await drawer.getByRole("button", { name: /Industria/ }).click();
  await page.getByRole("option", { name: "Manufactura" }).click();
  await drawer.getByRole("button", { name: /EBITDA/ }).click();
  await page.getByRole("option", { name: "$5 M – $10 M MXN" }).click();
  // Nothing applies before the button.
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await drawer.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/industry_id=2&ebitda_id=4(&|$)/);
  await expectFreshResults(page);
  await expectEveryCardToShow(page, "$5 M – $10 M MXN");
  await expect(page.getByRole("button", { name: "Limpiar filtros" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("'Ver más' opens the public profile; after login from it, the interest message sends with a toast, never when empty", async ({ page, login }) => {
  await page.goto("/compra-una-empresa");
  await expectFreshResults(page, ALL);
  const first = results(page).first();
  const humanId = await first.getByRole("heading", { level: 3 }).innerText();
  await first.getByRole("link", { name: /Ver más/ }).click();
  // A visitor reads the public profile (decision 043) and signs in from it.
  await expect(page).toHaveURL(/\/perfil-de-negocio\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Empresa ${humanId}` })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion\?redirect=%2Fperfil-de-negocio%2F\d+$/);
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/perfil-de-negocio\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Empresa ${humanId}` })).toBeVisible();
  await expect(page.getByText("Datos clave")).toBeVisible();
  const form = page.getByRole("region", { name: "Me interesa esta empresa" });
  await expect(form.getByLabel("Nombre")).toHaveValue("Daniela Fuentes");
  await expect(form.getByLabel("Referencia de la empresa")).toHaveValue(humanId);
  // The profile and the form are in: what the page shows now is what it keeps showing.
  await expect(page.getByText(/^Nombre:/)).toHaveCount(0);
  const body = await page.locator("main").innerText();
  for (const name of await demoCompanyNames(page)) expect(body).not.toContain(name);
  await expectNoAxeViolations(page);

  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/interest_messages")) sent.push(request.url());
  });
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByText("Debes escribir tu mensaje")).toBeVisible();
  expect(sent).toEqual([]);

  await form.getByLabel("Mensaje").fill("Hola, me interesa conocer los estados financieros de los últimos tres años.");
  const answer = page.waitForResponse((response) => response.url().includes("/interest_messages"));
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  expect(`${(await answer).status()} ${await (await answer).text()}`).toMatch(/^201 /);
  await expect(page.getByRole("alert").filter({ hasText: "Mensaje de interés enviado con éxito" })).toBeVisible({ timeout: 10_000 });
  expect(sent).toHaveLength(1);
  await expect(form.getByLabel("Mensaje")).toHaveValue("");
});

test("an unknown or unpublished company shows the 404 page", async ({ page, signIn }) => {
  await signIn(DEMO_BUYER);
  // 65 and 66 are the demo seller's companies still under review.
  for (const id of ["999999", "65", "abc"]) {
    await page.goto(`/perfil-de-negocio/${id}`);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  }
});

test("an admin sees asterisks for the name in demo mode and the name without it", async ({ page, signIn }) => {
  await signIn(DEMO_ADMIN);
  await page.goto("/perfil-de-negocio/1");
  const nameLine = page.getByText(/^Nombre: /);
  await expect(nameLine).toHaveText("Nombre: ********");

  await page.getByRole("button", { name: /Administración Puente/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Modo incógnito" }).click();
  await page.keyboard.press("Escape");
  const names = await demoCompanyNames(page);
  // The name is fetched when demo mode goes off: wait for it, not for "not the asterisks" (also true while it loads).
  await expect(nameLine).toHaveText(new RegExp(`^Nombre: (${names.map(escapeRegExp).join("|")})$`));
});
