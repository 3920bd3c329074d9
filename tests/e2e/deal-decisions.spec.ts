import type { Page } from "@playwright/test";
import { PUBLISHED_COMPANY_STATUS_ID } from "../../contracts/companies.ts";
import { DEAL_ROOM_MESSAGES } from "../../contracts/deal-room.ts";
import { DEMO_REQUESTING_BUYER } from "../../server/seed/demo.ts";
import { sellerSignUp } from "../server/samples.ts";
import { DEMO_ADMIN, DEMO_PASSWORD, expect, expectNoAxeViolations, test } from "./fixtures.ts";

/**
 * Decisions with weight in the deal room (decision 035): the seller's
 * approval of an access request and their answer to a letter of intent
 * each ask first, in a dialog that says what is decided (the letter's
 * amount in es-MX, its stake and terms); Escape cancels and gives the focus
 * back; confirming toasts and shows the new state. The data is made through
 * the API on the demo server: a seller of its own (a sign-up), their company
 * published by the demo admin, the second demo buyer's request and letter;
 * only the seller's screen is driven, signed in through the API (and the
 * buyer's request page, to read the last day of an approval that ends).
 */

const SELLER = { email: "decisiones.vendedor@ejemplo.mx", password: "Segura-2026" };
/** The second test's seller: a sign-up of its own, so the tests of this file do not depend on each other. */
const ENDING_SELLER = { email: "termino.vendedor@ejemplo.mx", password: "Segura-2026" };
const BUYER = { email: DEMO_REQUESTING_BUYER.email, password: DEMO_PASSWORD };
const TERMS = "70% al cierre y 30% en 12 meses, sujeto a due diligence financiera y legal.";

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function api<T>(page: Page, method: "GET" | "POST" | "PUT", path: string, options: { token?: string; data?: unknown } = {}): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    ...(options.token === undefined ? {} : { headers: { authorization: `Bearer ${options.token}` } }),
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const tokenOf = async (page: Page, credentials: { email: string; password: string }) =>
  (await api<{ access_token: string }>(page, "POST", "/sessions", { data: credentials })).access_token;

/** 'Pausada': off the marketplace again (server/seed/catalogue-data.ts). */
const PAUSED_COMPANY_STATUS_ID = 4;

/** The company this spec published on the shared demo server, taken off the marketplace after the test. */
let publishedCompanyId: number | null = null;

// Other specs on this worker's server count the demo marketplace's companies.
test.afterEach(async ({ page }) => {
  if (publishedCompanyId === null) return;
  await api(page, "PUT", `/companies/${publishedCompanyId}`, { token: await tokenOf(page, DEMO_ADMIN), data: { company_status_id: PAUSED_COMPANY_STATUS_ID } });
  publishedCompanyId = null;
});

/** A new seller's company, published by the demo admin, and the second demo buyer's pending request for it. */
async function pendingRequest(page: Page, seller: { email: string; password: string } = SELLER): Promise<{ requestId: number; buyerToken: string }> {
  await api(page, "POST", "/sellers", { data: sellerSignUp(seller.email) });
  const sellerToken = await tokenOf(page, seller);
  const { items } = await api<{ items: ReadonlyArray<{ id: number }> }>(page, "GET", "/companies?is_dashboard=true", { token: sellerToken });
  const companyId = items[0]?.id;
  if (companyId === undefined) throw new Error("the sign-up made no company");
  await api(page, "PUT", `/companies/${companyId}`, { token: await tokenOf(page, DEMO_ADMIN), data: { company_status_id: PUBLISHED_COMPANY_STATUS_ID } });
  publishedCompanyId = companyId;
  const buyerToken = await tokenOf(page, BUYER);
  const { version } = await api<{ version: string }>(page, "GET", "/nda");
  const request = await api<{ id: number }>(page, "POST", `/companies/${companyId}/access_requests`, {
    token: buyerToken,
    data: { message: "Dirijo un grupo de inversión familiar; me interesa conocer sus estados financieros.", nda_version: version },
  });
  return { requestId: request.id, buyerToken };
}

test("the seller approves a request and accepts a letter of intent, each after a dialog that restates what is decided", async ({ page, signIn }) => {
  const { requestId, buyerToken } = await pendingRequest(page);
  await signIn(SELLER);
  await page.goto(`/solicitudes/${requestId}`);
  await expect(page.getByRole("heading", { level: 2, name: `Mensaje de ${DEMO_REQUESTING_BUYER.name}` })).toBeVisible();
  const status = page.locator("p", { has: page.getByText("Estado:", { exact: true }) });
  await expect(status).toContainText("Pendiente");

  // Approving asks first; Escape cancels, the focus returns to 'Aprobar' and nothing changed.
  const approve = page.getByRole("button", { name: "Aprobar", exact: true });
  await approve.click();
  const approval = page.getByRole("dialog", { name: `¿Aprobar la solicitud de ${DEMO_REQUESTING_BUYER.name}?` });
  await expect(approval).toContainText("verá el nombre, el contacto, las finanzas completas");
  await expect.poll(() => approval.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(approval).toBeHidden();
  await expect(approve).toBeFocused();
  await expect(status).toContainText("Pendiente");

  // With the keyboard this time: Enter opens it again, and the seller confirms.
  await page.keyboard.press("Enter");
  await approval.getByRole("button", { name: "Sí, aprobar" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.approved)).toBeVisible();
  await expect(status).toContainText("Aprobada");
  await expect(status).toBeFocused();
  await expect(page.getByRole("button", { name: "Retirar acceso" })).toBeVisible();

  // The buyer sends a letter of intent; the seller answers it after the dialog restates it.
  await api(page, "POST", `/access_requests/${requestId}/letters_of_intent`, {
    token: buyerToken,
    data: { amount: 25_000_000, currency: "MXN", stake_percentage: 60, terms: TERMS },
  });
  await page.reload();
  const letters = page.getByRole("region", { name: "Cartas de intención" });
  await expect(letters.getByText("Pendiente de respuesta", { exact: true })).toBeVisible();
  const accept = letters.getByRole("button", { name: "Aceptar la carta de intención de $25,000,000.00 MXN" });
  await accept.click();
  const acceptance = page.getByRole("dialog", { name: "¿Aceptar la carta de intención?" });
  await expect(acceptance.getByRole("definition").filter({ hasText: "$25,000,000.00 MXN" })).toBeVisible();
  await expect(acceptance).toContainText("60% de participación");
  await expect(acceptance).toContainText(TERMS);
  await expectNoAxeViolations(page);
  // 'Cancelar' changes nothing and gives the focus back too; then the seller accepts.
  await acceptance.getByRole("button", { name: "Cancelar" }).click();
  await expect(acceptance).toBeHidden();
  await expect(accept).toBeFocused();
  await accept.click();
  await acceptance.getByRole("button", { name: "Sí, aceptar" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.loiAccepted)).toBeVisible();
  await expect(acceptance).toBeHidden();
  const letterStatus = letters.locator("p", { hasText: "Estado de la carta:" });
  await expect(letterStatus).toContainText("Aceptada");
  await expect(letterStatus).toBeFocused();
  await expect(letters.getByRole("button", { name: /^Aceptar la carta de intención/ })).toHaveCount(0);
});

test("the seller approves until a last day, the buyer reads it, the seller extends it and the buyer reads the new one (decision 050)", async ({ page, signIn }) => {
  const { requestId } = await pendingRequest(page, ENDING_SELLER);
  const name = DEMO_REQUESTING_BUYER.name;
  const status = page.locator("p", { has: page.getByText("Estado:", { exact: true }) });
  const decision = page.getByRole("region", { name: "Tu decisión" });
  const buyerNote = page.getByText(/^La empresa aprobó tu solicitud/);

  await signIn(ENDING_SELLER);
  await page.goto(`/solicitudes/${requestId}`);
  await expect(status).toContainText("Pendiente");
  await page.getByRole("button", { name: "Aprobar", exact: true }).click();
  const approval = page.getByRole("dialog", { name: `¿Aprobar la solicitud de ${name}?` });
  const endField = approval.getByLabel("Fecha de término del acceso (opcional)");
  await expect(approval).toContainText("Déjalo vacío para que el acceso no termine.");

  // A day not after today: the server's refusal is said under the field, which takes the focus; nothing was approved.
  await endField.fill("2020-01-31");
  await approval.getByRole("button", { name: "Sí, aprobar" }).click();
  await expect(approval.getByText(DEAL_ROOM_MESSAGES.accessEndsPast)).toBeVisible();
  await expect(endField).toHaveAttribute("aria-invalid", "true");
  await expect(endField).toBeFocused();
  await expectNoAxeViolations(page);

  await endField.fill("2099-12-31");
  await approval.getByRole("button", { name: "Sí, aprobar" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.approved)).toBeVisible();
  await expect(approval).toBeHidden();
  await expect(status).toContainText("Aprobada");
  await expect(decision).toContainText(`${name} tiene acceso hasta el 31 de diciembre de 2099.`);

  // The buyer reads the last day on their request.
  await signIn(BUYER);
  await page.goto(`/solicitudes/${requestId}`);
  await expect(buyerNote).toContainText("Tu acceso al perfil completo es hasta el 31 de diciembre de 2099.");

  // The seller extends it: a day not after the current end is refused under the field, a later one is kept.
  await signIn(ENDING_SELLER);
  await page.goto(`/solicitudes/${requestId}`);
  const extend = decision.getByRole("button", { name: "Extender acceso" });
  await extend.click();
  const extension = page.getByRole("dialog", { name: `¿Extender el acceso de ${name}?` });
  await expect(extension).toContainText(`${name} tiene acceso hasta el 31 de diciembre de 2099.`);
  await expect(extension.getByRole("button", { name: "Quitar fecha de término" })).toBeVisible();
  const newDay = extension.getByLabel("Nueva fecha de término");
  await newDay.fill("2099-06-30");
  await extension.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(extension.getByText(DEAL_ROOM_MESSAGES.accessEndsNotLater)).toBeVisible();
  await expect(newDay).toBeFocused();
  await newDay.fill("2100-06-30");
  await extension.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.accessExtended)).toBeVisible();
  await expect(extension).toBeHidden();
  await expect(extend).toBeFocused();
  await expect(decision).toContainText(`${name} tiene acceso hasta el 30 de junio de 2100.`);

  await signIn(BUYER);
  await page.goto(`/solicitudes/${requestId}`);
  await expect(buyerNote).toContainText("Tu acceso al perfil completo es hasta el 30 de junio de 2100.");
});
