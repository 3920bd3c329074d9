import type { Locator, Page } from "@playwright/test";
import { DEMO_BUYER, expect, expectNoAxeViolations, test } from "./fixtures.ts";

/**
 * What a person sees when something goes wrong (issue "Spine v2"): data
 * that fails to load, a wrong password, a page past the last, the sticky
 * header over what was just focused, paging, the footer's font.
 */

const LOAD_ERROR = "No pudimos cargar esta información.";
const OPTIONS_ERROR = "No pudimos cargar las opciones del formulario.";
const WRONG_CREDENTIALS = "El email o la contraseña son incorrectos.";
// The query client retries a 5xx twice (1 s, then 2 s) before the error shows.
const AFTER_RETRIES = { timeout: 15_000 };
const serverError = { status: 500, contentType: "application/json", body: JSON.stringify({ message: "Ocurrió un error, intenta más tarde." }) };

const count = (page: Page) => page.getByRole("status").filter({ hasText: /encontrad/ });
const results = (page: Page) => page.getByRole("region", { name: "Resultados" }).getByRole("article");
const alertWith = (scope: Page | Locator, text: string) => scope.getByRole("alert").filter({ hasText: text });

/** The bottom edge of the sticky navbar, in viewport pixels. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole("banner").boundingBox();
  if (box === null) throw new Error("no navbar");
  return box.y + box.height;
}

/** The top edge of `locator` in viewport pixels (NaN while it is not laid out). */
const topOf = async (locator: Locator): Promise<number> => (await locator.boundingBox())?.y ?? Number.NaN;

/**
 * The marketplace as the app loads it: the server renders /compra-una-empresa with its data (decision 043),
 * so the browser asks the API only when it gets there by a link.
 */
async function openMarketplaceInTheApp(page: Page): Promise<void> {
  await page.goto("/faq");
  await page.getByRole("contentinfo").getByRole("link", { name: "Compra una empresa" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
}

test.describe("data that fails to load shows one error state with 'Reintentar'", () => {
  test("marketplace: the listing fails, then loads on 'Reintentar'", async ({ page }) => {
    await page.route("**/api/companies*", (route) => route.fulfill(serverError));
    await openMarketplaceInTheApp(page);
    const region = page.getByRole("region", { name: "Resultados" });
    await expect(alertWith(region, LOAD_ERROR)).toBeVisible(AFTER_RETRIES);
    await expect(count(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.unroute("**/api/companies*");
    await region.getByRole("button", { name: "Reintentar" }).click();
    await expect(count(page)).toHaveText("64 empresas encontradas");
    await expect(results(page)).toHaveCount(12);
    await expect(alertWith(region, LOAD_ERROR)).toHaveCount(0);
    // The button that held the focus is gone: focus continues at the results.
    await expect(page.getByRole("heading", { name: "Resultados" })).toBeFocused();
  });

  test("marketplace: filters whose catalogues fail say so and load on 'Reintentar'", async ({ page }) => {
    await page.route("**/api/industries", (route) => route.fulfill(serverError));
    await openMarketplaceInTheApp(page);
    await expect(alertWith(page, "No pudimos cargar los filtros.")).toBeVisible(AFTER_RETRIES);
    // The listing itself still works.
    await expect(count(page)).toHaveText("64 empresas encontradas");

    await page.unroute("**/api/industries");
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(alertWith(page, "No pudimos cargar los filtros.")).toHaveCount(0);
    await page.getByRole("button", { name: /Industria/ }).click();
    await expect(page.getByRole("option", { name: "Tecnología" })).toBeVisible();
  });

  test("business profile: the company fails, then loads on 'Reintentar'", async ({ page, signIn }) => {
    await signIn(DEMO_BUYER);
    await page.route("**/api/companies/1", (route) => route.fulfill(serverError));
    await page.goto("/perfil-de-negocio/1");
    await expect(alertWith(page, LOAD_ERROR)).toBeVisible(AFTER_RETRIES);
    await expect(page.getByRole("heading", { level: 1, name: "Perfil de negocio" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.unroute("**/api/companies/1");
    await page.getByRole("button", { name: "Reintentar" }).click();
    const title = page.getByRole("heading", { level: 1, name: /^Empresa PUE-\d{4}$/ });
    await expect(title).toBeVisible();
    await expect(page.getByText("Datos clave")).toBeVisible();
    await expect(title).toBeFocused();
  });

  test("buyer registration: dropdown options that fail say so and load on 'Reintentar'", async ({ page }) => {
    await page.route("**/api/states", (route) => route.fulfill(serverError));
    await page.goto("/registro");
    const form = page.locator("form");
    await expect(alertWith(form, OPTIONS_ERROR)).toBeVisible(AFTER_RETRIES);
    await expectNoAxeViolations(page);

    await page.unroute("**/api/states");
    await form.getByRole("button", { name: "Reintentar" }).click();
    await expect(alertWith(form, OPTIONS_ERROR)).toHaveCount(0);
    await form.getByRole("button", { name: "Estado" }).click();
    await expect(page.getByRole("option", { name: "Jalisco" })).toBeVisible();
  });

  test("contact: dropdown options that fail say so and load on 'Reintentar'", async ({ page }) => {
    await page.route("**/api/referers", (route) => route.fulfill(serverError));
    await page.goto("/contacto");
    await page.getByLabel("Nombre").focus();
    const form = page.getByRole("form", { name: "Déjanos tus datos" });
    await expect(alertWith(form, OPTIONS_ERROR)).toBeVisible(AFTER_RETRIES);
    await expectNoAxeViolations(page);

    await page.unroute("**/api/referers");
    await form.getByRole("button", { name: "Reintentar" }).click();
    await expect(alertWith(form, OPTIONS_ERROR)).toHaveCount(0);
    await expect(form.getByLabel("¿Cómo te enteraste de nosotros?").locator("option", { hasText: "LinkedIn" })).toHaveCount(1);
  });
});

for (const width of [1280, 375]) {
  test(`a wrong password is said in the login form, above the button, at ${width} px`, async ({ page, login }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/iniciar-sesion");
    await login({ email: DEMO_BUYER.email, password: "contrasena-equivocada" });
    const form = page.locator("form");
    const alert = alertWith(form, WRONG_CREDENTIALS);
    await expect(alert).toBeVisible();
    // Only there: not also in a toast over the header.
    await expect(alertWith(page, WRONG_CREDENTIALS)).toHaveCount(1);
    await expect(page).toHaveURL(/\/iniciar-sesion$/);
    const alertBox = await alert.boundingBox();
    const buttonBox = await form.getByRole("button", { name: "Iniciar sesión" }).boundingBox();
    if (alertBox === null || buttonBox === null) throw new Error("alert or button not laid out");
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(buttonBox.y);
    expect(alertBox.y).toBeGreaterThanOrEqual(await headerBottom(page));
    await expectNoAxeViolations(page);

    // The next attempt clears it; the right password signs in.
    await login(DEMO_BUYER);
    await expect(page).toHaveURL(/\/compra-una-empresa$/);
  });
}

test("a marketplace page past the last says so and links to the last page, keeping the filters", async ({ page }) => {
  await page.goto("/compra-una-empresa?page=99");
  await expect(page.getByText("Esta página no existe: hay 6 páginas de resultados.")).toBeVisible();
  await expect(count(page)).toHaveCount(0);
  await expect(page.getByText("No se encontraron resultados, por favor ajusta tu búsqueda")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/compra-una-empresa?company_type_id=1&page=99");
  const message = page.getByText(/^Esta página no existe: hay \d+ páginas? de resultados\.$/);
  await expect(message).toBeVisible();
  const pages = Number(/hay (\d+)/.exec(await message.innerText())?.[1]);
  expect(pages).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Ir a la última página" }).click();
  await expect(page).toHaveURL(pages === 1 ? /\?company_type_id=1$/ : new RegExp(`\\?company_type_id=1&page=${pages}$`));
  await expect(count(page)).toHaveText(/encontrad/);
  await expect(results(page).first()).toBeVisible();
  await expect(message).toHaveCount(0);
});

test.describe("the sticky header never covers what was scrolled to", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
  });

  test("/contacto: the error focus brings 'Nombre' (and its label) out from under the header", async ({ page }) => {
    await page.goto("/contacto");
    const name = page.getByLabel("Nombre");
    const email = page.getByLabel("Email");
    await email.fill("mariana@ejemplo.mx");
    // Put 'Nombre' under the header, the way it sits after scrolling down the form.
    await name.evaluate((input) => window.scrollTo({ top: window.scrollY + input.getBoundingClientRect().top - 30, behavior: "instant" }));
    expect(await topOf(name)).toBeLessThan(await headerBottom(page));
    await email.press("Enter");

    await expect(page.getByText("Debes ingresar tu nombre", { exact: true })).toBeVisible();
    await expect(name).toBeFocused();
    const bottom = await headerBottom(page);
    await expect.poll(() => topOf(name)).toBeGreaterThanOrEqual(bottom);
    await expect.poll(() => topOf(page.getByText("Nombre", { exact: true }))).toBeGreaterThanOrEqual(bottom);
    await expectNoAxeViolations(page);
  });

  test("/vende-tu-empresa: the button to the seller form leaves its heading below the header", async ({ page }) => {
    await page.goto("/vende-tu-empresa");
    await page.getByRole("button", { name: "Registra tu empresa" }).first().click();
    const heading = page.locator("#registro-vendedor").getByRole("heading", { name: "Registra tu empresa" });
    await expect(heading).toBeInViewport();
    const bottom = await headerBottom(page);
    await expect.poll(() => topOf(heading)).toBeGreaterThanOrEqual(bottom);
  });
});

for (const width of [1280, 375]) {
  test(`paging the marketplace goes back to the top of the results at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/compra-una-empresa");
    await expect(count(page)).toHaveText("64 empresas encontradas");
    await expect(results(page)).toHaveCount(12);
    const firstOnPageOne = await results(page).first().getByRole("heading", { level: 3 }).innerText();

    const next = page.getByRole("navigation", { name: "Páginas de resultados" }).getByRole("link", { name: "Siguiente" });
    await next.click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText("Página 2 de 6")).toBeVisible();
    await expect(results(page).first().getByRole("heading", { level: 3 })).not.toHaveText(firstOnPageOne);
    await expect(page.getByRole("heading", { name: "Resultados" })).toBeFocused();
    const bottom = await headerBottom(page);
    await expect.poll(() => topOf(count(page))).toBeGreaterThanOrEqual(bottom);
    await expect.poll(() => topOf(count(page))).toBeLessThan(bottom + 120);
    await expect(next).not.toBeInViewport();
  });
}

test("the footer's ecosystem chips use the app's font, not a serif, and fit their text", async ({ page }) => {
  await page.goto("/faq");
  const chips = page.getByRole("list", { name: "Temas del ecosistema Puente" }).getByRole("link");
  await expect(chips).toHaveCount(6);
  const bodyFont = await page.locator("body").evaluate((body) => getComputedStyle(body).fontFamily);
  expect(bodyFont).not.toMatch(/Georgia|(^|,\s*)serif\s*(,|$)/);
  for (const chip of await chips.all()) {
    const text = chip.locator("span").first();
    await expect(text).toHaveText(/\S/);
    const [font, overflow] = await text.evaluate((element) => [getComputedStyle(element).fontFamily, element.scrollWidth - element.clientWidth]);
    expect(font).toBe(bodyFont);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await expectNoAxeViolations(page);
});
