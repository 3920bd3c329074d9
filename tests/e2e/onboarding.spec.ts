import type { Page } from "@playwright/test";
import { sellerSignUp } from "../server/samples.ts";
import { expect, expectNoAxeViolations, test, type Credentials } from "./fixtures.ts";
import { ONBOARDING_MESSAGES } from "../../contracts/onboarding.ts";
import { RFC_MESSAGES } from "../../contracts/rfc.ts";

// The onboarding wizard (issue 13): a new seller lands on /onboarding/{id}
// after logging in, answers the steps (each Next saves on the real server),
// and finishes on /onboarding-completado; leaving and coming back resumes
// at the first step not saved, with the answers the server has.

const PASSWORD = "Vendedora-onboarding-1";
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

/**
 * A new seller (with the company the sign-up creates), signed in, on the
 * wizard of that company (the log-in form leads there: accounts.spec.ts).
 */
async function startOnboarding(page: Page, signIn: (credentials: Credentials) => Promise<void>): Promise<string> {
  const email = unique("vendedora.onboarding");
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name: "Olga Onboarding", password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = (await created.json()) as { company: { id: number } };
  await signIn({ email, password: PASSWORD });
  await page.goto(`/onboarding/${company.id}`);
  await expect(page.getByRole("heading", { name: "Información general" })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** react-aria draws its own box over the hidden input: press the label, as a person does, then check the state. */
async function choose(page: Page, role: "radio" | "checkbox", name: string) {
  await page.getByText(name, { exact: true }).click();
  await expect(page.getByRole(role, { name })).toBeChecked();
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

/** Opens a dropdown by its label and picks an option, the way a person does. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
const next = (page: Page) => page.getByRole("button", { name: "Siguiente" });
const progress = (page: Page) => page.getByRole("progressbar", { name: "Progreso del onboarding" });
const currentStep = (page: Page) => page.getByRole("navigation", { name: "Pasos del onboarding" }).locator('[aria-current="step"]');

async function answerGeneral(page: Page) {
  await page.getByLabel("Nombre de la empresa").fill("Tortillería La Esperanza");
  await page.getByLabel("Razón social").fill("Tortillería La Esperanza S.A. de C.V.");
  await choose(page, "radio", "Persona moral");
  await next(page).click();
  await expect(heading(page, "Distribución accionaria")).toBeVisible();
}

async function answerEquities(page: Page) {
  await page.getByLabel("Accionista 1", { exact: true }).fill("Ana");
  await page.getByLabel("Participación (%) 1", { exact: true }).fill("60.5");
  await page.getByRole("button", { name: "Agregar accionista" }).click();
  await page.getByLabel("Accionista 2", { exact: true }).fill("Luis");
  await page.getByLabel("Participación (%) 2", { exact: true }).fill("39.5");
  await expect(page.getByText("Total: 100%")).toBeVisible();
  await next(page).click();
  await expect(heading(page, "Objetivo")).toBeVisible();
}

async function finish(page: Page) {
  const characteristics = page.getByRole("group", { name: "Características", exact: true });
  await characteristics.getByText("Clientes recurrentes", { exact: true }).click();
  await expect(characteristics.getByRole("checkbox", { name: "Clientes recurrentes" })).toBeChecked();
  await page.getByLabel("Retos de la empresa").fill("Abrir una segunda sucursal");
  await page.getByRole("button", { name: "Finalizar" }).click();
  await expect(page).toHaveURL(/\/onboarding-completado$/);
}

test("a new seller completes the growth branch: steps 1 to 8", async ({ page, signIn }) => {
  await startOnboarding(page, signIn);
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "10");
  await expect(currentStep(page)).toHaveText("Información general");
  await expectNoAxeViolations(page);
  await answerGeneral(page);
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "20");
  await answerEquities(page);

  await choose(page, "checkbox", "Capital para crecimiento");
  // The growth interest shows all eight steps in the sidebar.
  await expect(page.getByRole("navigation", { name: "Pasos del onboarding" }).getByRole("listitem")).toHaveCount(8);
  await next(page).click();

  await expect(heading(page, "Ronda de inversión")).toBeVisible();
  await expect(currentStep(page)).toHaveText("Ronda de inversión");
  await pick(page, "Etapa de la ronda", "Serie A");
  await page.getByLabel("Monto de la ronda (USD)").fill("500000");
  await next(page).click();

  await expect(heading(page, "Información de inversión")).toBeVisible();
  await page.getByLabel("Monto ya levantado (USD)").fill("100000");
  await page.getByLabel("Inversionistas comprometidos").fill("3");
  await next(page).click();

  await expect(heading(page, "Uso del capital")).toBeVisible();
  await page.getByLabel("Destino del capital 1", { exact: true }).fill("Maquinaria");
  await page.getByLabel("Porcentaje (%) 1", { exact: true }).fill("100");
  await next(page).click();

  await expect(heading(page, "Información financiera")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "70");
  await page.getByLabel("Ventas del último año (MXN)").fill("12000000");
  await next(page).click();

  await expect(heading(page, "Características y atributos")).toBeVisible();
  await expectNoAxeViolations(page);
  await finish(page);

  // The summary shows exactly what was entered, from Mis empresas.
  await page.getByRole("link", { name: "Ir a Mis empresas" }).click();
  await expect(page).toHaveURL(/\/mis-empresas$/);
  await page.getByRole("link", { name: "Ver onboarding de Tortillería La Esperanza" }).click();
  await expect(page).toHaveURL(/\/mi-empresa\/\d+\/onboarding$/);
  const summary = page.getByRole("list", { name: "Resumen del onboarding" });
  const section = (title: string) => summary.getByRole("region", { name: title, exact: true });
  await expect(section("Datos generales de la empresa")).toContainText("Razón socialTortillería La Esperanza S.A. de C.V.");
  await expect(section("Accionistas").getByRole("listitem")).toHaveText(["Ana: 60.5 %", "Luis: 39.5 %"]);
  await expect(section("Intereses").getByRole("listitem")).toHaveText(["Capital para crecimiento", "Vender 100%"]);
  await expect(section("Uso del capital").getByRole("listitem")).toHaveText(["Maquinaria: 100 %"]);
  await expect(section("Características").getByRole("listitem")).toHaveText(["Clientes recurrentes"]);
});

test("a seller who sells goes through steps 1, 2, 3, 7 and 8", async ({ page, signIn }) => {
  await startOnboarding(page, signIn);
  await answerGeneral(page);
  await answerEquities(page);

  await choose(page, "checkbox", "Vender participación");
  await expect(page.getByLabel("¿Por qué quieres vender?")).toBeVisible();
  await page.getByLabel("¿Por qué quieres vender?").fill("Me quiero retirar");
  const sidebar = page.getByRole("navigation", { name: "Pasos del onboarding" }).getByRole("listitem");
  await expect(sidebar).toHaveText(["Información general", "Distribución accionaria", "Objetivo", "Información financiera", "Características y atributos"]);
  await next(page).click();

  // Step 3 jumps to 7 without 'Capital para crecimiento'.
  await expect(heading(page, "Información financiera")).toBeVisible();
  await next(page).click();

  await expect(heading(page, "Características y atributos")).toBeVisible();
  await choose(page, "radio", "Lo antes posible");
  await finish(page);
});

test("the shareholders must add up to exactly 100%, and leaving after step 2 resumes at step 3 with the answers", async ({ page, signIn }) => {
  const path = await startOnboarding(page, signIn);
  await answerGeneral(page);

  await page.getByLabel("Accionista 1", { exact: true }).fill("Ana");
  await page.getByLabel("Participación (%) 1", { exact: true }).fill("99.99");
  await expect(page.getByText("El total debe ser exactamente 100% para continuar.")).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel("Participación (%) 1", { exact: true }).fill("60");
  await page.getByRole("button", { name: "Agregar accionista" }).click();
  await page.getByLabel("Accionista 2", { exact: true }).fill("Luis");
  await page.getByLabel("Participación (%) 2", { exact: true }).fill("40.01");
  await expect(page.getByText("El total de participación no puede superar el 100%.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar accionista" })).toBeDisabled();
  await expect(next(page)).toBeDisabled();
  // A percentage field: what is no part of a number, or a third decimal, is refused as typed.
  const second = page.getByLabel("Participación (%) 2", { exact: true });
  await second.fill("cuarenta");
  await expect(second).toHaveValue("40.01");
  await second.fill("40.001");
  await expect(second).toHaveValue("40.01");
  await second.fill("40");
  await expect(next(page)).toBeEnabled();
  await expect(page.getByText("El total debe ser exactamente 100% para continuar.")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await next(page).click();
  await expect(heading(page, "Objetivo")).toBeVisible();

  // Leave and come back: the wizard resumes at the first step not saved.
  await page.goto("/");
  await page.goto(path);
  await expect(heading(page, "Objetivo")).toBeVisible();
  await expect(currentStep(page)).toHaveText("Objetivo");
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "30");
  await page.getByRole("button", { name: "Atrás" }).click();
  await expect(heading(page, "Distribución accionaria")).toBeVisible();
  await expect(page.getByLabel("Accionista 1", { exact: true })).toHaveValue("Ana");
  await expect(page.getByLabel("Participación (%) 2", { exact: true })).toHaveValue("40");
  await page.getByRole("button", { name: "Atrás" }).click();
  await expect(page.getByLabel("Nombre de la empresa")).toHaveValue("Tortillería La Esperanza");

  // Back on step 1 leaves the wizard.
  await page.getByRole("button", { name: "Atrás" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
});

test("step 1 checks the RFC at its field before sending; leaving after step 4 resumes at step 5 with nothing filled in", async ({ page, signIn }) => {
  const path = await startOnboarding(page, signIn);
  // The sign-up's company type said "Persona moral": step 1 starts with it.
  await expect(page.getByRole("radio", { name: "Persona moral" })).toBeChecked();

  const rfc = page.getByLabel("RFC", { exact: true });
  await rfc.fill("ABC680524P7");
  await next(page).click();
  await expect(page.getByText(RFC_MESSAGES.tooShort)).toBeVisible();
  await expect(rfc).toBeFocused();
  await expect(heading(page, "Información general")).toBeVisible();
  // A persona física's 13 characters for a persona moral: said at the field too.
  await rfc.fill("GODE561231GR8");
  await next(page).click();
  await expect(page.getByText(RFC_MESSAGES.moralLength)).toBeVisible();
  await expectNoAxeViolations(page);
  await rfc.fill("ABC680524P73");
  await next(page).click();
  await expect(heading(page, "Distribución accionaria")).toBeVisible();
  await answerEquities(page);
  await choose(page, "checkbox", "Capital para crecimiento");
  await next(page).click();
  await expect(heading(page, "Ronda de inversión")).toBeVisible();
  // Nothing blank is saved as a value: Next says what is missing at the fields, and the focus goes to the first.
  await next(page).click();
  await expect(page.getByText(ONBOARDING_MESSAGES.fundingStageInvalid)).toBeVisible();
  await expect(page.getByText(ONBOARDING_MESSAGES.amountRequired)).toBeVisible();
  await expect(page.getByRole("button", { name: "Etapa de la ronda" })).toBeFocused();
  await expect(heading(page, "Ronda de inversión")).toBeVisible();
  await pick(page, "Etapa de la ronda", "Pre-seed");
  // A currency field: "$" before it, comma thousands and two decimals once left; a key that is no part of an amount is refused.
  const amount = page.getByLabel("Monto de la ronda (USD)");
  await amount.fill("500000");
  await amount.blur();
  await expect(amount).toHaveValue("500,000.00");
  await amount.fill("medio millón");
  await expect(amount).toHaveValue("500,000.00");
  await next(page).click();
  await expect(heading(page, "Información de inversión")).toBeVisible();

  // Leave and come back: step 5 was never saved, so the wizard opens there, empty.
  await page.goto("/");
  await page.goto(path);
  await expect(heading(page, "Información de inversión")).toBeVisible();
  await expect(page.getByLabel("Monto ya levantado (USD)")).toHaveValue("");
  await expect(page.getByLabel("Inversionistas comprometidos")).toHaveValue("");
});
