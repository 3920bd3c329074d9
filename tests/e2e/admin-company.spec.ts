import type { Page } from "@playwright/test";
import { sellerSignUp } from "../server/samples.ts";
import { DEMO_ADMIN, DEMO_SELLER, expect, expectNoAxeViolations, expectSettled, test, type Credentials } from "./fixtures.ts";

// The admin company form, publishing and Incognito (issue 15,
// docs/decisions/022), through the real server: the demo admin reviews a
// company a new seller registered, publishes it by its status, and finds it
// in the marketplace; registers one; and turns Incognito on and off.

/** company_statuses 'Pausada': off the marketplace. */
const PAUSED_STATUS_ID = 4;
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

/** A word nobody else's company has, for a marketplace search that finds one card. */
const uniqueWord = (): string =>
  `mezcalera${(Date.now() * 100 + (serial += 1))
    .toString(26)
    .replace(/\d/g, (digit) => "qrstuvwxyz"[Number(digit)] ?? "q")}`;

interface SellersCompany {
  readonly id: number;
  readonly humanId: string;
  readonly word: string;
}

/** A new seller signs up with their first company ('Created', unpublished), described with a unique word. */
async function sellersNewCompany(page: Page): Promise<SellersCompany> {
  const word = uniqueWord();
  const sample = sellerSignUp(unique("vendedora.publica"));
  const created = await page.request.post("/api/sellers", {
    data: { ...sample, short_description: `Destilería artesanal ${word} en Oaxaca con exportación.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = (await created.json()) as { company: { id: number; human_id: string } };
  return { id: company.id, humanId: company.human_id, word };
}

/** The admin's token, for cleaning up through the API. */
async function adminToken(page: Page): Promise<string> {
  const login = await page.request.post("/api/sessions", { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

// Other specs count the demo marketplace (64 companies): what this spec publishes it takes off again.
const published: number[] = [];
test.afterEach(async ({ page }) => {
  if (published.length === 0) return;
  const token = await adminToken(page);
  for (const id of published.splice(0)) {
    const response = await page.request.put(`/api/companies/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { company_status_id: PAUSED_STATUS_ID } });
    expect(response.status(), await response.text()).toBe(200);
  }
});

/** The demo admin, signed in through the API, on the marketplace (where the admin lands after logging in). */
async function logInAsAdmin(page: Page, signIn: (credentials: Credentials) => Promise<void>) {
  await signIn(DEMO_ADMIN);
  await page.goto("/compra-una-empresa");
}

const banner = (page: Page) => page.getByRole("region", { name: "Modo incógnito" });
const announcer = (page: Page) => page.getByRole("status").filter({ hasText: /^Modo incógnito/ });
const userMenuButton = (page: Page) => page.getByRole("button", { name: /Administración Puente/ });

test("the admin reviews a seller's new company, publishes it with the keyboard and it appears in the marketplace", async ({ page, signIn }) => {
  const company = await sellersNewCompany(page);
  await logInAsAdmin(page, signIn);

  await page.goto(`/admin/business/${company.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Información pública: ${company.humanId}` })).toBeVisible();
  // The seller's tabs plus the admin's Onboarding tab, with the summary.
  await expect(page.getByRole("tab", { name: "Dataroom" })).toBeVisible();
  await page.getByRole("tab", { name: "Onboarding" }).click();
  await expect(page.getByRole("link", { name: "Abrir el onboarding" })).toHaveAttribute("href", `/onboarding/${company.id}`);
  await expect(page.getByRole("list", { name: "Resumen del onboarding" })).toBeVisible();
  await page.getByRole("tab", { name: "Información pública" }).click();

  // Every admin field; the amounts in the currency format.
  const form = page.locator("form");
  await expect(form.getByText("No publicada: no aparece en el marketplace.", { exact: true })).toBeVisible();
  for (const label of ["EBITDA (MXN)", "Margen de EBITDA (%)", "Ventas anuales (MXN)", "Ronda de inversión (USD)", "Crecimiento anual promedio, 3 años (%)", "Descripción larga"]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  const fundingRound = form.getByRole("textbox", { name: "Ronda de inversión (USD)" });
  await fundingRound.fill("2500000");
  await fundingRound.press("Tab");
  await expect(fundingRound).toHaveValue("2,500,000.00");
  await expectNoAxeViolations(page);

  // The status by keyboard: focus, open, choose 'Publicada', save with Enter.
  const status = form.getByRole("button", { name: /Estatus/ });
  await status.focus();
  await page.keyboard.press("Enter");
  const option = page.getByRole("option", { name: "Publicada", exact: true });
  await expect(option).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(option).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(status).toContainText("Publicada");
  await expect(form.getByText("No publicada: no aparece en el marketplace. Al guardar se publicará.", { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Guardar" }).focus();
  published.push(company.id);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Datos actualizados correctamente")).toBeVisible();
  await expect(form.getByText("Publicada: aparece en el marketplace.", { exact: true })).toBeVisible();
  await expect(fundingRound).toHaveValue("2,500,000.00");

  // On the marketplace, found by its description, named by its reference only.
  await page.goto(`/compra-una-empresa?q=${company.word}`);
  const results = page.getByRole("region", { name: "Resultados" });
  await expect(page.getByRole("status").filter({ hasText: /encontrad/ })).toHaveText("1 empresa encontrada");
  await expect(results.getByRole("article")).toHaveCount(1);
  await expect(results.getByRole("article")).toContainText(company.humanId);
  await expect(results.getByRole("link", { name: `Ver más de ${company.humanId}` })).toHaveAttribute("href", `/perfil-de-negocio/${company.id}`);
});

test("the admin registers a company for someone: no contact prefilled, the name is required, 'Created' by default", async ({ page, signIn }) => {
  await logInAsAdmin(page, signIn);
  await page.goto("/admin/business");
  await expect(page.getByRole("heading", { level: 1, name: "Crear nueva empresa" })).toBeVisible();
  const contactName = page.getByRole("textbox", { name: "Nombre del contacto" });
  await expect(contactName).toHaveValue("");
  await expect(contactName).not.toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: /Estatus/ })).toContainText("Created");
  await expect(page.getByRole("button", { name: /Nivel de verificación/ })).toContainText("Pendiente");
  await expect(page.getByText("Se creará sin publicar: no aparecerá en el marketplace.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("Debes ingresar un nombre")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre de la empresa" })).toBeFocused();

  const name = `Mueblería Colonial ${Date.now()}`;
  await page.getByRole("textbox", { name: "Nombre de la empresa" }).fill(name);
  await contactName.fill("Rosa Artesana");
  await page.getByRole("textbox", { name: "Email del contacto" }).fill(unique("rosa.artesana"));
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("Empresa registrada con éxito")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/business\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Información pública: PUE-\d{4,}$/ })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre de la empresa" })).toHaveValue(name);
  await expect(page.getByText("No publicada: no aparece en el marketplace.", { exact: true })).toBeVisible();
});

test("Incognito: a switch in the user menu with its state announced, a banner on every page, asterisks on profiles", async ({ page, signIn }) => {
  await logInAsAdmin(page, signIn);
  // Demo mode starts on (spec section 9): the banner says so from the first page.
  await expect(banner(page)).toContainText("Modo incógnito activo: los nombres de las empresas están ocultos.");
  await page.goto("/perfil-de-negocio/1");
  const nameLine = page.getByText(/^Nombre: /);
  await expect(nameLine).toHaveText("Nombre: ********");

  // Off from the menu: a checkable item that says its state.
  await userMenuButton(page).click();
  const item = page.getByRole("menuitemcheckbox", { name: "Modo incógnito" });
  await expect(item).toHaveAttribute("aria-checked", "true");
  await item.click();
  await expect(item).toHaveAttribute("aria-checked", "false");
  await expect(announcer(page)).toHaveText("Modo incógnito desactivado: los nombres de las empresas están visibles.");
  await page.keyboard.press("Escape");
  await expect(banner(page)).toHaveCount(0);
  await expect(nameLine).not.toHaveText("Nombre: ********");
  await expect(nameLine).toHaveText(/^Nombre: \S/);

  // On again with the keyboard; the banner is on every page, the full-screen onboarding included.
  await userMenuButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(item).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(item).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(announcer(page)).toHaveText("Modo incógnito activo: los nombres de las empresas están ocultos.");
  await expect(banner(page)).toBeVisible();
  await expect(nameLine).toHaveText("Nombre: ********");
  await expectNoAxeViolations(page);
  await page.goto("/admin/business");
  await expect(page.getByRole("heading", { level: 1, name: "Crear nueva empresa" })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.goto("/onboarding/1");
  await expect(page.getByRole("heading", { level: 1, name: "Información general" })).toBeVisible();
  await expect(banner(page)).toBeVisible();

  // Off from the banner's own button; it stays off after a reload (kept in this browser).
  await banner(page).getByRole("button", { name: "Desactivar modo incógnito" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(announcer(page)).toHaveText("Modo incógnito desactivado: los nombres de las empresas están visibles.");
  await page.goto("/perfil-de-negocio/1");
  await expect(nameLine).toHaveText(/^Nombre: \S/);
  await expect(nameLine).not.toHaveText("Nombre: ********");
  await expect(banner(page)).toHaveCount(0);
});

test("Incognito on a phone: a switch in the menu drawer, toggled with the keyboard", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsAdmin(page, signIn);
  await expect(banner(page)).toBeVisible();
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const drawer = page.getByRole("dialog", { name: "Menú" });
  const toggle = drawer.getByRole("switch", { name: "Modo incógnito" });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).not.toBeChecked();
  await expect(announcer(page)).toHaveText("Modo incógnito desactivado: los nombres de las empresas están visibles.");
  await expectSettled(page);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Space");
  await expect(toggle).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
});

test("the admin business pages are the admin's: a seller is sent home", async ({ page, signIn }) => {
  const company = await sellersNewCompany(page);
  await signIn(DEMO_SELLER);
  await page.goto(`/admin/business/${company.id}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page)).toHaveCount(0);
});
