import type { APIRequestContext, Page } from "@playwright/test";
import { sellerSignUp } from "../server/samples.ts";
import { DEMO_ADMIN, expect, expectNoAxeViolations, test } from "./fixtures.ts";

// The onboarding summary (issue 13): an onboarding saved through the API is
// shown read-only, with its rules, in the admin's 'Onboarding' tab and on
// the owner's /mi-empresa/{id}/onboarding; and
// /onboarding-completado sends the seller to Mis empresas after 5 s.

const PASSWORD = "Vendedora-onb-1";
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

interface Seller {
  readonly email: string;
  readonly companyId: number;
  readonly token: string;
}

async function signUpSeller(page: Page): Promise<Seller> {
  const email = unique("vendedora.resumen");
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name: "Sofía Resumen", password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  const session = await page.request.post("/api/sessions", { data: { email, password: PASSWORD } });
  expect(session.ok(), await session.text()).toBe(true);
  const { access_token: token } = (await session.json()) as { access_token: string };
  const companies = await page.request.get("/api/companies?is_dashboard=true", { headers: { Authorization: `Bearer ${token}` } });
  expect(companies.status()).toBe(200);
  const { items } = (await companies.json()) as { items: ReadonlyArray<{ id: number }> };
  return { email, companyId: items[0]?.id ?? 0, token };
}

async function catalogueId(request: APIRequestContext, path: string, name: string): Promise<number> {
  const response = await request.get(`/api/${path}`);
  expect(response.status()).toBe(200);
  const items = (await response.json()) as ReadonlyArray<{ id: number; name: string }>;
  const item = items.find((entry) => entry.name === name);
  expect(item, `${name} in /api/${path}`).toBeDefined();
  return item?.id ?? 0;
}

/** Saves as the wizard does: one call per step, with the seller's token. */
async function save(request: APIRequestContext, seller: Seller, method: "post" | "put", path: string, data: unknown) {
  const response = await request[method](`/api/companies/${seller.companyId}${path}`, { data, headers: { Authorization: `Bearer ${seller.token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

async function openOnboardingTab(page: Page, companyId: number) {
  await page.goto(`/editar-empresa/${companyId}`);
  await page.getByRole("tab", { name: "Onboarding" }).click();
  return page.getByRole("list", { name: "Resumen del onboarding" });
}

const section = (summary: ReturnType<Page["getByRole"]>, title: string) =>
  summary.getByRole("region", { name: title, exact: true });

test("an admin sees the saved onboarding, with its fallbacks and the tax regime rule; the owner reads it on its own page, not in a tab", async ({ page, signIn }) => {
  const seller = await signUpSeller(page);
  const request = page.request;
  const arrendamiento = await catalogueId(request, "tax-systems", "Arrendamiento");
  const growth = await catalogueId(request, "interests", "Capital para crecimiento");

  const general = { name: "Tortillería El Sol", comercial_name: "Tortillas El Sol", legal_name: null, society_id: null, tax_system_id: arrendamiento };
  await save(request, seller, "post", "/onboardings/company_data", { ...general, company_type: "fisica" });
  await save(request, seller, "put", "", general);
  await save(request, seller, "put", "/onboardings/company_equities", {
    company_equities: [
      { shareholder: "Carlos Treviño", equity: 60.5 },
      { shareholder: "Ana Garza", equity: 39.5 },
    ],
  });
  await save(request, seller, "put", "/onboardings/company_interests", { company_interests: [{ interest_id: growth }] });
  await save(request, seller, "put", "/onboardings/company_funding_rounds", {
    funding_round: "series_a",
    funding_round_amount: 1_000_000,
    funding_round_done: 250_000,
    investors: 3,
  });
  await save(request, seller, "put", "/onboardings/company_sell_data", { yearly_sales: 1_500_000, ebitda_margin: 12.5 });

  // The owner: the spec's role table gives the Onboarding tab to admins only.
  await signIn({ email: seller.email, password: PASSWORD });
  await page.goto(`/mi-empresa/${seller.companyId}`);
  await expect(page.getByRole("tab", { name: "Dataroom" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Onboarding" })).toHaveCount(0);
  // ...and reads the same summary on its own page, with a way back into the wizard.
  await page.goto(`/mi-empresa/${seller.companyId}/onboarding`);
  await expect(page.getByRole("heading", { level: 1, name: "Resumen del onboarding" })).toBeVisible();
  const ownSummary = page.getByRole("list", { name: "Resumen del onboarding" });
  await expect(section(ownSummary, "Datos generales de la empresa")).toContainText("Régimen fiscalArrendamiento");
  await expect(section(ownSummary, "Accionistas").getByRole("listitem")).toHaveText(["Carlos Treviño: 60.5 %", "Ana Garza: 39.5 %"]);
  await expect(page.getByRole("link", { name: "Editar mis respuestas" })).toHaveAttribute("href", `/onboarding/${seller.companyId}`);
  await expectNoAxeViolations(page);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  await signIn(DEMO_ADMIN);
  const summary = await openOnboardingTab(page, seller.companyId);
  await expect(page.getByRole("link", { name: "Abrir el onboarding" })).toHaveAttribute("href", `/onboarding/${seller.companyId}`);

  const generalSection = section(summary, "Datos generales de la empresa");
  await expect(generalSection).toContainText("Nombre comercialTortillas El Sol");
  await expect(generalSection).toContainText("Razón socialNo disponible");
  await expect(generalSection).toContainText("SociedadNo disponible");
  await expect(generalSection).toContainText("Régimen fiscalArrendamiento");
  await expect(section(summary, "Accionistas").getByRole("listitem")).toHaveText(["Carlos Treviño: 60.5 %", "Ana Garza: 39.5 %"]);
  await expect(section(summary, "Intereses").getByRole("listitem")).toHaveText(["Capital para crecimiento"]);
  await expect(section(summary, "Ronda de inversión")).toContainText("EtapaSerie A");
  await expect(section(summary, "Capital para crecimiento")).toContainText("Nivel de avance25 %");
  await expect(section(summary, "Capital para crecimiento")).toContainText("Inversionistas comprometidos3");
  const year = new Date().getFullYear();
  await expect(section(summary, "Información financiera")).toContainText(`Ventas ${year - 1}$1,500,000.00 MXN`);
  await expect(section(summary, "Información financiera")).toContainText(`Margen EBITDA ${year - 1}12.5 %`);
  await expect(section(summary, "Información financiera")).toContainText(`Ventas estimadas ${year}No disponible`);
  // An empty list: the placeholder, not an empty box.
  await expect(section(summary, "Características")).toContainText("Sin información registrada");
  await expect(section(summary, "Estructuras de financiamiento")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A persona moral gets the general regime's label whatever its tax system;
  // a selling interest hides the round and shows the funding structures.
  const selling = await catalogueId(request, "interests", "Vender 100%");
  await save(request, seller, "post", "/onboardings/company_data", { ...general, company_type: "moral" });
  await save(request, seller, "put", "/onboardings/company_interests", { company_interests: [{ interest_id: selling }] });
  const again = await openOnboardingTab(page, seller.companyId);
  await expect(section(again, "Datos generales de la empresa")).toContainText("Régimen fiscalRégimen General de Ley de Personas Morales");
  await expect(section(again, "Estructuras de financiamiento")).toContainText("Sin información registrada");
  await expect(section(again, "Ronda de inversión")).toHaveCount(0);
  await expect(section(again, "Capital para crecimiento")).toHaveCount(0);

  // Spec section 8: a failed load is logged and shows nothing (no toast, no crash); the tab stays usable.
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await page.route(`**/api/companies/${seller.companyId}/onboardings`, (route) => route.fulfill({ status: 500, json: { message: "Falla" } }));
  await page.reload();
  await page.getByRole("tab", { name: "Onboarding" }).click();
  await expect(page.getByRole("link", { name: "Abrir el onboarding" })).toBeVisible();
  await expect.poll(() => logged.some((text) => text.startsWith("Error al obtener datos del onboarding:"))).toBe(true);
  await expect(page.getByRole("list", { name: "Resumen del onboarding" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Cargando el onboarding" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("/onboarding-completado says so, links to Mis empresas and goes there after 5 s", async ({ page, signIn }) => {
  const seller = await signUpSeller(page);
  await signIn({ email: seller.email, password: PASSWORD });

  // axe must read this page, not Mis empresas after its 5 s: on a slow machine one pass can outlast
  // them, and is tried again from a fresh load (a real violation fails every pass).
  await expect(async () => {
    await page.goto("/onboarding-completado");
    await expect(page.getByRole("heading", { name: "Onboarding completado" })).toBeVisible();
    await expect(page.getByText("En 5 segundos te llevaremos a Mis empresas.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir a Mis empresas" })).toHaveAttribute("href", "/mis-empresas");
    await expectNoAxeViolations(page);
    expect(page.url()).toMatch(/\/onboarding-completado$/);
  }).toPass({ timeout: 45_000 });

  // Under a controlled clock (the page's time runs on, runFor jumps it forward).
  await page.clock.install();
  await page.goto("/onboarding-completado");
  await expect(page.getByRole("heading", { name: "Onboarding completado" })).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(page.getByRole("heading", { name: "Onboarding completado" })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding-completado$/);
  await page.clock.runFor(2_500);
  await expect(page).toHaveURL(/\/mis-empresas$/);
});
