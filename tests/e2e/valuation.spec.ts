import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// The free valuation wizard (issue 14; spec sections 2, 4, 5, 8 and 9):
// five steps on /valuacion-gratuita/herramienta with the navbar and footer
// hidden, gated Next, the contract's messages, 'Ver mi valuación' sending
// after 2 s with a loader, and the result from the real engine (POST
// /api/valuations) in millions. Only the failure test fakes the API: a 500
// cannot be asked of the real server.

const TOOL = "/valuacion-gratuita/herramienta";

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const next = (page: Page) => page.getByRole("button", { name: "Siguiente" });
const back = (page: Page) => page.getByRole("button", { name: "Atrás" });
const submit = (page: Page) => page.getByRole("button", { name: "Ver mi valuación" });
const loader = (page: Page) => page.getByRole("status").filter({ hasText: "Calculando tu valuación…" });
const progress = (page: Page) => page.getByRole("progressbar", { name: "Progreso de la valuación" });
const currentStep = (page: Page) => page.getByRole("list", { name: "Pasos de la valuación" }).locator('[aria-current="step"]');
/** A row of the step 4 review or the step 5 result: the value beside its label. */
const row = (page: Page, label: string): Locator => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** A react-aria Select, with the keyboard: focus its button, open it, type the option's start, Enter. */
async function chooseWithKeyboard(page: Page, label: string, option: string) {
  const trigger = page.getByRole("button", { name: label });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  // Typeahead: the option's first letters (plain ones: a typed "é" is inserted text, not a key the list hears).
  await page.keyboard.type(/^[a-z ]{1,5}/i.exec(option)?.[0] ?? option);
  await expect(page.getByRole("option", { name: option, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(trigger).toContainText(option);
}

/** With the mouse, as most people do. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("button", { name: label })).toContainText(option);
}

/** Steps 1 to 3 with valid answers, ending on step 4. */
async function answerToReview(page: Page, location: string, figures = { revenue: "12000000", ebitda: "2400000", growth: "8" }) {
  await expect(heading(page, "Tus datos")).toBeVisible();
  await page.getByLabel("Email").fill("ana@tortilleria.mx");
  await page.getByLabel("Nombre").fill("Ana");
  await page.getByLabel("Apellido").fill("López");
  await next(page).click();
  await expect(heading(page, "Tu empresa")).toBeVisible();
  await choose(page, "Industria", "Alimentos y bebidas");
  await choose(page, "Ubicación", location);
  await next(page).click();
  await expect(heading(page, "Tus números")).toBeVisible();
  await page.getByLabel(/^Ventas anuales/).fill(figures.revenue);
  await page.getByLabel(/^EBITDA anual/).fill(figures.ebitda);
  await page.getByLabel("Crecimiento anual esperado (%)").fill(figures.growth);
  await choose(page, "Motivo de la valuación", "Quiero vender mi empresa");
  await next(page).click();
  await expect(heading(page, "Revisa y calcula")).toBeVisible();
}

/** "$1,234.57" → 1234.57 */
const millionsOf = (text: string): number => Number(text.replace(/[$,]/g, ""));

test("an owner goes through the five steps with the keyboard and gets a range in millions, with the method one click away", async ({ page, context }) => {
  await page.goto("/valuacion-gratuita");
  await page.getByRole("link", { name: "Comenzar valuación" }).click();
  await expect(page).toHaveURL(TOOL);

  // Step 1: navbar and footer hidden, 20%, Next gated.
  await expect(heading(page, "Tus datos")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "20");
  await expect(progress(page)).toHaveAttribute("aria-valuetext", "Paso 1 de 5");
  await expect(currentStep(page)).toHaveText("Tus datos");
  await expect(next(page)).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").focus();
  await page.keyboard.type("ana@tortilleria.mx");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Nombre")).toBeFocused();
  await page.keyboard.type("Ana");
  await page.keyboard.press("Tab");
  await page.keyboard.type("López");
  await expect(next(page)).toBeEnabled();
  await page.keyboard.press("Enter");

  // Step 2: the heading takes the focus.
  await expect(heading(page, "Tu empresa")).toBeFocused();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "40");
  await expect(next(page)).toBeDisabled();
  await chooseWithKeyboard(page, "Industria", "Alimentos y bebidas");
  await expect(next(page)).toBeDisabled();
  await chooseWithKeyboard(page, "Ubicación", "México");
  await expectNoAxeViolations(page);
  await next(page).focus();
  await page.keyboard.press("Enter");

  // Step 3: amounts in MXN with "$" and comma thousands, growth in %, one decimal at most.
  await expect(heading(page, "Tus números")).toBeFocused();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "60");
  // Step 3 needs the sales only (the other figures are optional).
  await expect(next(page)).toBeDisabled();
  const revenue = page.getByLabel("Ventas anuales (MXN)");
  await revenue.focus();
  await page.keyboard.type("12000000");
  await expect(revenue).toHaveValue("12,000,000");
  const ebitda = page.getByLabel("EBITDA anual (MXN)");
  await ebitda.focus();
  await page.keyboard.type("2400000.55");
  // The second decimal digit is refused (spec section 5).
  await expect(ebitda).toHaveValue("2,400,000.5");
  const growth = page.getByLabel("Crecimiento anual esperado (%)");
  await growth.focus();
  await page.keyboard.type("8a");
  await expect(growth).toHaveValue("8");
  await expect(next(page)).toBeEnabled();
  await chooseWithKeyboard(page, "Motivo de la valuación", "Quiero vender mi empresa");
  await expectNoAxeViolations(page);
  await next(page).focus();
  await page.keyboard.press("Enter");

  // Step 4: the answers to check, then 'Ver mi valuación' (2 s, then the request, with a loader).
  await expect(heading(page, "Revisa y calcula")).toBeFocused();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "80");
  await expect(row(page, "Ventas anuales")).toHaveText("$12,000,000 MXN");
  await expect(row(page, "EBITDA anual")).toHaveText("$2,400,000.5 MXN");
  await expect(row(page, "Sitio web")).toHaveText("No indicado");
  await expectNoAxeViolations(page);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/valuations"));
  await submit(page).focus();
  await page.keyboard.press("Enter");
  await expect(loader(page)).toBeVisible();
  expect((await answered).status()).toBe(200);

  // Step 5: the engine's figures in millions with 2 decimals, p10 <= p50 <= p90, the multiple with 1 decimal.
  await expect(heading(page, "Tu resultado")).toBeFocused();
  await expect(loader(page)).toHaveCount(0);
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
  const valuation = page.getByText(/^\$[\d,]+\.\d{2} millones MXN$/);
  await expect(valuation).toBeVisible();
  await expect(row(page, "Rango")).toHaveText(/^\$[\d,]+\.\d{2} – \$[\d,]+\.\d{2} millones MXN$/);
  await expect(row(page, "Múltiplo")).toHaveText(/^\d+\.\dx EBITDA$/);
  await expect(row(page, "Industria")).not.toBeEmpty();
  // The figures are final (asserted just above): read them to check their order.
  const median = millionsOf((await valuation.textContent())?.split(" ")[0] ?? "");
  const [lower, upper] = ((await row(page, "Rango").textContent()) ?? "").split(" – ").map((part) => millionsOf(part.split(" ")[0] ?? ""));
  expect(lower).toBeGreaterThan(0);
  expect(lower).toBeLessThanOrEqual(median);
  expect(median).toBeLessThanOrEqual(upper ?? Number.NaN);
  await expect(page.getByText(/8 de cada 10 escenarios simulados quedan entre \$[\d,]+\.\d{2} millones MXN y \$[\d,]+\.\d{2} millones MXN\./)).toBeVisible();
  // Every figure given: nothing assumed (the result is on screen, asserted above).
  await expect(page.getByRole("region", { name: "Lo que supusimos" })).toHaveCount(0);

  // The paid valuations, through the contact page.
  await expect(page.getByText("$15,000 MXN + IVA", { exact: false })).toBeVisible();
  await expect(page.getByText(/desde \$40,000 MXN \+ IVA/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Solicita una valuación" })).toHaveAttribute("href", "/contacto");
  await expectNoAxeViolations(page);

  // The method opens beside the result, which stays.
  const opened = context.waitForEvent("page");
  await page.getByRole("link", { name: /^Cómo calculamos tu valuación/ }).click();
  const method = await opened;
  await expect(method).toHaveURL(/\/valuacion-gratuita\/metodologia$/);
  await expect(method.getByRole("heading", { level: 1, name: "Cómo calculamos tu valuación" })).toBeVisible();
  await expect(method.getByText(/1,000 escenarios/).first()).toBeVisible();
  await method.close();
  await expect(heading(page, "Tu resultado")).toBeVisible();

  // Back to the answers: nothing was lost.
  await page.getByRole("button", { name: "Cambiar mis datos" }).click();
  await expect(heading(page, "Revisa y calcula")).toBeFocused();
  await expect(row(page, "Email")).toHaveText("ana@tortilleria.mx");
});

test("outside México the figures are in USD, asked and answered", async ({ page }) => {
  await page.goto(TOOL);
  await answerToReview(page, "Chile", { revenue: "3000000", ebitda: "450000", growth: "-2.5" });
  await expect(row(page, "Ventas anuales")).toHaveText("$3,000,000 USD");
  await expect(row(page, "Crecimiento anual esperado")).toHaveText("-2.5%");
  await submit(page).click();
  await expect(heading(page, "Tu resultado")).toBeVisible();
  await expect(page.getByText(/^\$[\d,]+\.\d{2} millones USD$/)).toBeVisible();
  await expect(row(page, "Rango")).toHaveText(/millones USD$/);
});

test("Next waits for the required answers (on step 3 the sales only); the contract's messages show, take the focus, and follow the fixes", async ({ page }) => {
  await page.goto(TOOL);
  await expect(heading(page, "Tus datos")).toBeVisible();
  await page.getByLabel("Email").fill("ana@tortilleria");
  await page.getByLabel("Nombre").fill("Ana");
  await expect(next(page)).toBeDisabled();
  await page.getByLabel("Apellido").fill("López");
  await next(page).click();
  await expect(page.getByText("Ingresa un email válido")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill("ana@tortilleria.mx");
  await expect(page.getByText("Ingresa un email válido")).toHaveCount(0);
  await next(page).click();

  await expect(heading(page, "Tu empresa")).toBeVisible();
  await choose(page, "Industria", "Manufactura");
  await expect(next(page)).toBeDisabled();
  await choose(page, "Ubicación", "Estados Unidos");
  await next(page).click();

  await expect(heading(page, "Tus números")).toBeVisible();
  // The currency follows the location.
  await expect(page.getByLabel("Ventas anuales (USD)")).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel("Ventas anuales (USD)").fill("1000000");
  // The sales are all Next waits for; the optional figures are checked when it is pressed.
  await expect(next(page)).toBeEnabled();
  await page.getByLabel("EBITDA anual (USD)").fill("1500000");
  await page.getByLabel("Crecimiento anual esperado (%)").fill("10");
  await choose(page, "Motivo de la valuación", "Planeación estratégica");
  await page.getByLabel("Sitio web (opcional)").fill("mi empresa");
  await next(page).click();
  // Both messages at once; the focus on the first field to fix.
  await expect(page.getByText("El EBITDA no puede ser mayor a las ventas")).toBeVisible();
  await expect(page.getByText("Debes ingresar un dominio válido como tuempresa.com.mx")).toBeVisible();
  await expect(page.getByLabel("EBITDA anual (USD)")).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel("EBITDA anual (USD)").fill("150000");
  await expect(page.getByText("El EBITDA no puede ser mayor a las ventas")).toHaveCount(0);
  await next(page).click();
  await expect(page.getByLabel("Sitio web (opcional)")).toBeFocused();
  await page.getByLabel("Sitio web (opcional)").fill("manufacturas.com");
  await expect(page.getByText("Debes ingresar un dominio válido como tuempresa.com.mx")).toHaveCount(0);
  await next(page).click();
  await expect(heading(page, "Revisa y calcula")).toBeVisible();

  // Back keeps every answer.
  await back(page).click();
  await expect(heading(page, "Tus números")).toBeVisible();
  await expect(page.getByLabel("EBITDA anual (USD)")).toHaveValue("150,000");
  await back(page).click();
  await expect(heading(page, "Tu empresa")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ubicación" })).toContainText("Estados Unidos");
  await back(page).click();
  await expect(heading(page, "Tus datos")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("ana@tortilleria.mx");
  await expect(back(page)).toHaveCount(0);
});

test("a failed valuation: the loader shows after the click, the request leaves 2 s later, then the loader hides and nothing is shown", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  // The one faked answer: the server cannot be asked to fail.
  let requests = 0;
  await page.route("**/api/valuations", async (route) => {
    requests += 1;
    await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Error interno" }) });
  });
  await page.clock.install();
  await page.goto(TOOL);
  await answerToReview(page, "México");

  // The page's clock stands still from here: only runFor moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await submit(page).click();
  await expect(loader(page)).toBeVisible();
  await expect(submit(page)).toHaveAttribute("aria-disabled", "true");
  await page.clock.runFor(1_999);
  expect(requests).toBe(0);
  await page.clock.runFor(1);
  await expect.poll(() => requests).toBe(1);
  await page.clock.resume();

  // Spec section 8: logged, loader hidden, no message.
  await expect(loader(page)).toHaveCount(0);
  await expect(heading(page, "Revisa y calcula")).toBeVisible();
  await expect(submit(page)).not.toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator(".Toastify__toast")).toHaveCount(0);
  await expect(page.getByText(/millones/)).toHaveCount(0);
  await expect.poll(() => warnings.some((text) => text.startsWith("Error al calcular la valuación:"))).toBe(true);
  await expectNoAxeViolations(page);

  // It can be asked again.
  await submit(page).click();
  await expect(loader(page)).toBeVisible();
  await page.clock.runFor(2_000);
  await expect.poll(() => requests).toBe(2);
  await expect(loader(page)).toHaveCount(0);
});
