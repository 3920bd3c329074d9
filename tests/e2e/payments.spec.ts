import type { Page } from "@playwright/test";
import { sellerSignUp } from "../server/samples.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { payPlanThroughApi } from "./paid-plan.ts";

// Plans, payments and subscriptions (issue 11) through the local checkout,
// the offline stand-in for Stripe Checkout that the e2e server runs: the
// plan becomes active only when the checkout's signed event reaches the
// webhook, and the app follows without a new log-in.

const PASSWORD = "Vendedora-pago-1";
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

/** A seller of their own, so the demo accounts' plans stay free for the other specs. */
async function signUpSeller(page: Page, name: string): Promise<string> {
  const email = unique("vendedora.pago");
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name, password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

/** Mi perfil › Configuración, reached through the user menu (no reload: the app must follow on its own). */
async function openSettings(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(name) }).click();
  await page.getByRole("menuitem", { name: "Mi perfil" }).click();
  await expect(page).toHaveURL(/\/mi-perfil/);
  await page.getByRole("tab", { name: "Configuración" }).click();
  await expect(page.getByRole("tab", { name: "Planes", selected: true })).toBeVisible();
}

test("a seller buys Explora through the local checkout, sees Historial, cancels through the modal and keeps access", async ({ page, login }) => {
  const name = "Renata Pagadora";
  const email = await signUpSeller(page, name);

  // A visitor chooses a plan, logs in, and comes back to the same plan.
  await page.goto("/planes");
  await page.getByRole("button", { name: "Elegir Explora mensual" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion\?/);
  await login({ email, password: PASSWORD });
  await expect(page).toHaveURL(/\/planes\?plan=explora_monthly$/);
  const resume = page.getByRole("region", { name: "Continúa con Explora mensual" });
  await expect(resume).toContainText("$1,500 MXN + IVA al mes");

  // The checkout opens in a new tab: the plan, its IVA and total, from the server's plan table.
  const opened = page.waitForEvent("popup");
  await resume.getByRole("button", { name: "Elegir Explora mensual" }).click();
  const checkout = await opened;
  await expect(checkout).toHaveURL(/\/api\/payments\/local-checkout\/chk_[\w-]{22}$/);
  await expect(checkout.getByRole("heading", { name: "Pagar plan Explora mensual" })).toBeVisible();
  await expect(checkout.getByText("$1,740.00 MXN")).toBeVisible();
  // The page names the app's icon, and the server answers it (no /favicon.ico 404 in the tab).
  await expect(checkout.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  const icon = await checkout.request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);

  await checkout.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(checkout).toHaveURL(/\/pago-exitoso\?session_id=chk_/);
  await expect(checkout.getByRole("status")).toHaveText("Tu plan Explora mensual está activo.");
  await expectNoAxeViolations(checkout);
  await checkout.close();

  // The first tab, never reloaded nor logged in again, shows the plan the webhook activated.
  await openSettings(page, name);
  await expect(page.getByText("Tu plan Explora mensual está activo.")).toBeVisible();

  await page.getByRole("tab", { name: "Historial" }).click();
  const history = page.getByRole("table", { name: "Historial de pagos" });
  const rows = history.getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Explora mensual");
  await expect(rows.nth(1)).toContainText("$1,740.00 MXN");
  await expect(rows.nth(1)).toContainText("Pagado");
  await expectNoAxeViolations(page);

  // The receipt link opens without the app's session (a new tab carries none): it is signed.
  const receiptUrl = await rows.nth(1).getByRole("link", { name: /Ver recibo/ }).getAttribute("href");
  expect(receiptUrl).toMatch(/\/api\/payments\/\d+\/receipt\?signature=[\w-]+$/);
  const receipt = await page.request.get(receiptUrl ?? "");
  expect(receipt.status()).toBe(200);
  expect(await receipt.text()).toContain("Explora mensual");

  // Cancelling asks first; 'Conservar mi plan' changes nothing.
  await page.getByRole("tab", { name: "Planes" }).click();
  const cancel = page.getByRole("button", { name: "Cancelar plan" });
  await cancel.click();
  const dialog = page.getByRole("dialog", { name: "¿Cancelar tu plan?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Conservar mi plan" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Tu plan Explora mensual está activo.")).toBeVisible();

  await cancel.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sí, cancelar mi plan" }).click();
  await expect(dialog).toBeHidden();
  const cancelled = /^Cancelaste tu plan; conservas el acceso hasta el \d{1,2} de [a-z]+ de \d{4}\.$/;
  await expect(page.getByText(cancelled)).toBeVisible();
  // The days paid for are kept: Historial is still there, and nothing is left to cancel.
  await expect(page.getByRole("tab", { name: "Historial" })).toBeVisible();
  await expect(cancel).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByText(cancelled)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Historial" })).toBeVisible();
});

test("a declined payment leads to /pago-error and leaves the plan free", async ({ page, signIn }) => {
  const name = "Octavio Rechazado";
  const email = await signUpSeller(page, name);
  await signIn({ email, password: PASSWORD });
  await page.goto("/planes");
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Elegir Impulsa trimestral" }).click();
  const checkout = await opened;
  await expect(checkout.getByRole("heading", { name: "Pagar plan Impulsa trimestral" })).toBeVisible();
  await checkout.getByRole("button", { name: "Simular pago rechazado" }).click();
  await expect(checkout).toHaveURL(/\/pago-error$/);
  await expect(checkout.getByRole("heading", { name: "No se pudo terminar el proceso de pago" })).toBeVisible();
  await checkout.close();

  await openSettings(page, name);
  await expect(page.getByText("Estás en el plan gratuito.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Historial" })).toHaveCount(0);
});

test("a second open tab follows each change of plan, and /planes marks the plan with what its button does", async ({ page, signIn }) => {
  const name = "Tania Dospestañas";
  const email = await signUpSeller(page, name);
  const token = await payPlanThroughApi(page.request, { email, password: PASSWORD }, "explora_monthly");
  await signIn({ email, password: PASSWORD });

  // Tab 1: Configuración, with Historial (paid). Tab 2: the plans page, where the plan is marked.
  await page.goto("/mi-perfil?tab=configuracion");
  await expect(page.getByText("Tu plan Explora mensual está activo.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Historial" })).toBeVisible();
  await page.evaluate(() => Reflect.set(window, "e2eSameDocument", true));
  const other = await page.context().newPage();
  await other.goto("/planes");
  const mine = other.getByRole("region", { name: "Tu plan: Explora mensual" });
  await expect(mine).toContainText(/está pagado hasta el \d{1,2} de [a-z]+ de \d{4}/);
  await expect(other.getByRole("listitem").filter({ hasText: "Tu plan" }).getByText("Es tu plan actual")).toBeVisible();
  // Every other plan is an upgrade of Explora mensual: it would start now, with the unused days credited.
  await expect(other.getByRole("button", { name: "Cambiar a Impulsa mensual" })).toBeEnabled();
  await expectNoAxeViolations(other);

  // Cancelled in tab 1: tab 2 offers to resume within 2 s, without a reload.
  await page.getByRole("button", { name: "Cancelar plan" }).click();
  await page.getByRole("dialog", { name: "¿Cancelar tu plan?" }).getByRole("button", { name: "Sí, cancelar mi plan" }).click();
  await expect(page.getByText(/^Cancelaste tu plan; conservas el acceso hasta el/)).toBeVisible();
  await expect(other.getByRole("button", { name: "Reanudar Explora mensual" })).toBeVisible({ timeout: 2_000 });

  // Resumed in tab 2 (no charge): tab 1 says active again within 2 s, still the same document.
  await other.getByRole("button", { name: "Reanudar Explora mensual" }).click();
  await expect(other.getByText("Es tu plan actual")).toBeVisible();
  await expect(page.getByText("Tu plan Explora mensual está activo.")).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole("button", { name: "Cancelar plan" })).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, "e2eSameDocument"))).toBe(true);
  const history = await page.request.get("/api/payments", { headers: { authorization: `Bearer ${token}` } });
  expect((await history.json()).items).toHaveLength(1);

  // Upgraded from tab 2: the checkout shows the credit before paying; tab 1 follows within 2 s, and Historial shows both charges.
  const popup = other.waitForEvent("popup");
  await other.getByRole("button", { name: "Cambiar a Impulsa mensual" }).click();
  const upgrade = await popup;
  await expect(upgrade.getByRole("heading", { name: "Pagar plan Impulsa mensual" })).toBeVisible();
  await expect(upgrade.getByText("Crédito por los días no usados de tu plan actual")).toBeVisible();
  await upgrade.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(upgrade.getByRole("status")).toHaveText("Tu plan Impulsa mensual está activo.");
  await expect(page.getByText("Tu plan Impulsa mensual está activo.")).toBeVisible({ timeout: 2_000 });
  await page.getByRole("tab", { name: "Historial" }).click();
  const rows = page.getByRole("table", { name: "Historial de pagos" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Impulsa mensual");
  await expect(rows.nth(1)).toContainText(/crédito de \$[\d,.]+ MXN por días no usados/);
  await upgrade.close();
  await other.close();
});

test("a downgrade is chosen now for the end of the period, and can be dropped", async ({ page, signIn }) => {
  const email = await signUpSeller(page, "Dora Bajaplan");
  await payPlanThroughApi(page.request, { email, password: PASSWORD }, "impulsa_monthly");
  await signIn({ email, password: PASSWORD });

  await page.goto("/planes");
  const mine = page.getByRole("region", { name: "Tu plan: Impulsa mensual" });
  await expect(mine).toContainText("bajar de plan empieza cuando termine tu periodo");
  await page.getByRole("button", { name: "Cambiar a Explora mensual al terminar el periodo" }).click();
  await expect(mine).toContainText(/ese día cambiarás a Explora mensual y te pediremos su pago/);
  await expect(page.getByText("Empieza cuando termine tu plan actual")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/mi-perfil?tab=configuracion");
  await expect(page.getByText("Explora mensual, cuando termine tu plan actual (te pediremos su pago ese día)")).toBeVisible();

  await page.goto("/planes");
  await mine.getByRole("button", { name: "Mantener mi plan actual" }).click();
  await expect(mine).toContainText("bajar de plan empieza cuando termine tu periodo");
  await expect(page.getByRole("button", { name: "Cambiar a Explora mensual al terminar el periodo" })).toBeVisible();
});
