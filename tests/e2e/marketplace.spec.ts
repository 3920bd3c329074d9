import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_BUYER, expect, expectNoAxeViolations, test } from "./fixtures.ts";

const EMPTY = "No se encontraron resultados, por favor ajusta tu búsqueda";

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

const results = (page: Page) => page.getByRole("region", { name: "Resultados" }).getByRole("article");
// The result count, not the "Cargando empresas" spinner (also a status).
const count = (page: Page) => page.getByRole("status").filter({ hasText: /encontrad/ });

test("a visitor browses the marketplace: cards with every field, never a company's name", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  await expect(page.getByRole("heading", { level: 1, name: "Compra una empresa" })).toBeVisible();
  await expect(count(page)).toHaveText("64 empresas encontradas");
  await expect(results(page)).toHaveCount(12);
  const card = results(page).first();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(/^PUE-\d{4}$/);
  await expect(card.getByText(/^Verificación: /)).toBeVisible();
  for (const term of ["Tipo de empresa", "Ubicación", "Ventas anuales", "EBITDA", "Interés"]) {
    await expect(card.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(card.getByText(/MXN/).first()).toBeVisible();
  await expect(card.getByRole("link", { name: /Ver más/ })).toHaveAttribute("href", /^\/perfil-de-negocio\/\d+$/);

  const body = await page.locator("main").innerText();
  for (const name of await demoCompanyNames(page)) expect(body).not.toContain(name);
  await expectNoAxeViolations(page);
});

test("search applies 1 s after typing stops, and at once on Enter; accents and case do not matter", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  await expect(count(page)).toHaveText("64 empresas encontradas");
  const search = page.getByRole("searchbox", { name: "Buscar empresas" });

  const typedAt = Date.now();
  await search.fill("tecnologia");
  await expect(page).not.toHaveURL(/q=/);
  await expect(page).toHaveURL(/\?q=tecnologia$/);
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900);
  await expect(count(page)).not.toHaveText("64 empresas encontradas");
  const plain = await count(page).innerText();
  const plainCards = await results(page).allInnerTexts();

  await search.fill("TECNOLOGÍA");
  const enterAt = Date.now();
  await search.press("Enter");
  await expect(page).toHaveURL(/\?q=TECNOLOG%C3%8DA$/);
  expect(Date.now() - enterAt).toBeLessThan(900);
  await expect(count(page)).toHaveText(plain);
  expect(await results(page).allInnerTexts()).toEqual(plainCards);

  // The clear button empties the search and reloads everything.
  await page.getByRole("button", { name: "Borrar búsqueda" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(count(page)).toHaveText("64 empresas encontradas");

  // The back button returns to the previous search.
  await page.goBack();
  await expect(page).toHaveURL(/q=TECNOLOG/);
  await expect(search).toHaveValue("TECNOLOGÍA");
  await expect(count(page)).toHaveText(plain);
});

test("a search with no match shows the empty state", async ({ page }) => {
  await page.goto("/compra-una-empresa?q=zzzqqqxxx");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("each filter narrows the list, lives in the URL, and 'Limpiar filtros' resets them", async ({ page }) => {
  await page.goto("/compra-una-empresa");
  await expect(count(page)).toHaveText("64 empresas encontradas");
  await expect(page.getByRole("button", { name: "Limpiar filtros" })).toHaveCount(0);

  // Industry dropdown (top).
  await page.getByRole("button", { name: /Industria/ }).click();
  await page.getByRole("option", { name: "Tecnología" }).click();
  await expect(page).toHaveURL(/industry_id=1(&|$)/);
  await expect(count(page)).not.toHaveText("64 empresas encontradas");
  const industryCount = await count(page).innerText();

  // Interest dropdown (top).
  await page.getByRole("button", { name: /Tipo de transacción/ }).click();
  await page.getByRole("option", { name: "Capital para crecimiento" }).click();
  await expect(page).toHaveURL(/interest_id=1/);
  for (const text of await results(page).allInnerTexts()) expect(text).toContain("Capital para crecimiento");

  // Side panel radio groups.
  const panel = page.getByRole("complementary", { name: "Filtros" });
  await page.goto("/compra-una-empresa");
  await panel.getByText("Persona física", { exact: true }).click();
  await expect(page).toHaveURL(/company_type_id=2/);
  for (const text of await results(page).allInnerTexts()) expect(text).toContain("Persona física");
  await panel.getByText("$1 M – $5 M MXN", { exact: true }).click();
  await expect(page).toHaveURL(/ebitda_id=3/);
  await expectNoAxeViolations(page);

  // A group collapses and expands.
  await panel.getByRole("button", { name: "EBITDA" }).click();
  await expect(panel.getByText("$1 M – $5 M MXN", { exact: true })).toBeHidden();
  await panel.getByRole("button", { name: "EBITDA" }).click();
  await expect(panel.getByText("$1 M – $5 M MXN", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(count(page)).toHaveText("64 empresas encontradas");
  expect(industryCount).not.toBe("64 empresas encontradas");
});

test("on a phone the filters live in a drawer applied with 'Aplicar filtros'", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/compra-una-empresa");
  await expect(count(page)).toHaveText("64 empresas encontradas");
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
  await expect(page).toHaveURL(/industry_id=2/);
  await expect(page).toHaveURL(/ebitda_id=4/);
  await expect(page.getByRole("button", { name: "Limpiar filtros" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("'Ver más' opens the profile after login; the interest message sends with a toast, never when empty", async ({ page, login }) => {
  await page.goto("/compra-una-empresa");
  const first = results(page).first();
  const humanId = await first.getByRole("heading", { level: 3 }).innerText();
  await first.getByRole("link", { name: /Ver más/ }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion\?redirect=%2Fperfil-de-negocio%2F\d+$/);
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/perfil-de-negocio\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Empresa ${humanId}` })).toBeVisible();
  await expect(page.getByText("Datos clave")).toBeVisible();
  await expect(page.getByText(/^Nombre:/)).toHaveCount(0);
  const body = await page.locator("main").innerText();
  for (const name of await demoCompanyNames(page)) expect(body).not.toContain(name);
  await expectNoAxeViolations(page);

  const form = page.getByRole("region", { name: "Me interesa esta empresa" });
  await expect(form.getByLabel("Nombre")).toHaveValue("Daniela Fuentes");
  await expect(form.getByLabel("Referencia de la empresa")).toHaveValue(humanId);
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

test("an unknown or unpublished company shows the 404 page", async ({ page, login }) => {
  await page.goto("/iniciar-sesion");
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  // 65 and 66 are the demo seller's companies still under review.
  for (const id of ["999999", "65", "abc"]) {
    await page.goto(`/perfil-de-negocio/${id}`);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  }
});

test("an admin sees asterisks for the name in demo mode and the name without it", async ({ page, login }) => {
  await page.goto("/iniciar-sesion");
  await login(DEMO_ADMIN);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await page.goto("/perfil-de-negocio/1");
  await expect(page.getByText("Nombre: ********")).toBeVisible();

  await page.getByRole("button", { name: /Administración Puente/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Modo incógnito" }).click();
  await page.keyboard.press("Escape");
  const names = await demoCompanyNames(page);
  await expect(page.getByText(/^Nombre: /)).not.toHaveText("Nombre: ********");
  const shown = (await page.getByText(/^Nombre: /).innerText()).replace("Nombre: ", "");
  expect(names).toContain(shown);
});
