import type { Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { currentNda, NDA_VERSIONS } from "../../content/nda.ts";
import { DEAL_ROOM_MESSAGES } from "../../contracts/deal-room.ts";
import { SESSION_STORAGE_KEY } from "../../machines/session/selectors.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { insertAccessRequest } from "../server/samples.ts";
import { expect, sessionFor, test } from "./fixtures.ts";
import { freePort } from "./mail-inbox.ts";

/**
 * The live deal room (issue 28; docs/decisions/032-live-deal-room.md): the
 * buyer and the seller each have the request's page open, in two browsers.
 * What one does reaches the other's page within 2 seconds, without a
 * reload (the fallback polling is every 30 s, so only the live stream can
 * pass): a message, its read receipt, a letter of intent and its answer, the
 * revocation. Signing out closes the tab's stream. This spec runs its own
 * server (the built app, a fresh database) with one approved request.
 */

const PASSWORD = "Segura-2026";
const BUYER = { email: "fondo.vivo@ejemplo.mx", name: "Inés Fondo Vivo" };
const SELLER = { email: "duena.viva@ejemplo.mx", name: "Carmen Dueña Viva" };
const MESSAGE = "Buenas tardes, ¿podemos revisar hoy los estados financieros?";
/** What the issue allows between one person's action and the other's screen. */
const LIVE = { timeout: 2_000 };

let app: RunningServer;
let requestId = 0;

test.beforeAll(async () => {
  const port = await freePort();
  app = await startServer({ port, appUrl: `http://127.0.0.1:${port}`, seedDemo: false, rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }) });
  const params = { params: TEST_SCRYPT_PARAMS };
  const seller = await createUser(app.db, { email: SELLER.email, password: PASSWORD, name: SELLER.name, phone: "8112345678", roles: ["seller"] }, params);
  const buyer = await createUser(app.db, { email: BUYER.email, password: PASSWORD, name: BUYER.name, phone: "8187654321", roles: ["buyer"] }, params);
  const company = await createCompany(app.db, { name: "Molinos Vivos del Norte", ownerUserId: seller.id, isPublished: true, contactEmail: "contacto@molinos.example.mx" });
  requestId = (await insertAccessRequest(app.db, { companyId: company.id, buyerId: buyer.id, status: "approved", ndaVersion: currentNda(NDA_VERSIONS).version })).requestId;
});

test.afterAll(async () => {
  await app?.close();
});

/** A browser of its own, signed in as `email`, on the request's page once its live stream is open. */
async function requestPageOf(browser: Browser, playwright: PlaywrightWorkerArgs["playwright"], email: string): Promise<Page> {
  const request = await playwright.request.newContext({ baseURL: app.url });
  const session = await sessionFor(request, { email, password: PASSWORD }).finally(() => request.dispose());
  const context = await browser.newContext({ locale: "es-MX", storageState: { cookies: [], origins: [{ origin: app.url, localStorage: [{ name: SESSION_STORAGE_KEY, value: session }] }] } });
  const page = await context.newPage();
  // The stream answers its headers once the server has subscribed it: from then on it hears everything.
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200);
  await page.goto(`${app.url}/solicitudes/${requestId}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Solicitud de acceso/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Conversación" })).toBeVisible();
  const response = await streaming;
  // Read with fetch, the token in the header: never in the URL.
  expect(response.url()).not.toContain("token");
  expect(await response.request().headerValue("authorization")).toMatch(/^Bearer \S+$/);
  return page;
}

test("the buyer's message, its read receipt, a letter of intent, its answer and a revocation reach the other party's open page within 2 s, without a reload", async ({ browser, playwright }) => {
  // Two browsers and five round trips: more than one screen's budget.
  test.slow();
  const seller = await requestPageOf(browser, playwright, SELLER.email);
  const buyer = await requestPageOf(browser, playwright, BUYER.email);
  let sellerReloads = 0;
  let buyerReloads = 0;
  seller.on("load", () => (sellerReloads += 1));
  buyer.on("load", () => (buyerReloads += 1));

  // The message: on the seller's screen within 2 s of sending, without a reload.
  await buyer.getByRole("textbox", { name: "Tu mensaje", exact: true }).fill(MESSAGE);
  await buyer.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(seller.getByRole("region", { name: "Mensajes", exact: true }).getByText(MESSAGE)).toBeVisible(LIVE);

  // The seller's page read it: the buyer's copy says so.
  const mine = buyer.getByRole("region", { name: "Mensajes", exact: true }).getByRole("listitem").filter({ hasText: MESSAGE });
  await expect(mine.getByText(/^Leído el /)).toBeVisible(LIVE);

  // A letter of intent: the seller's answer buttons appear; the acceptance reaches the buyer.
  await buyer.getByLabel("Monto ofrecido").fill("18000000");
  await buyer.getByLabel("Participación (%)").fill("51");
  await buyer.getByRole("radio", { name: "MXN" }).check();
  await buyer.getByLabel("Términos principales").fill("Pago al cierre, sujeto a due diligence.");
  await buyer.getByRole("button", { name: "Enviar carta de intención" }).click();
  await expect(buyer.getByText("Pendiente de respuesta", { exact: true })).toBeVisible();
  const accept = seller.getByRole("button", { name: /^Aceptar la carta de intención/ });
  await expect(accept).toBeVisible(LIVE);
  await accept.click();
  // Accepting asks first (deal-decisions.spec.ts looks at the dialog); the 2 s run from the confirmation.
  await seller.getByRole("dialog", { name: "¿Aceptar la carta de intención?" }).getByRole("button", { name: "Sí, aceptar" }).click();
  await expect(buyer.getByText("Aceptada", { exact: true })).toBeVisible(LIVE);

  // The revocation: the buyer's thread closes in front of them.
  await seller.getByRole("button", { name: "Retirar acceso" }).click();
  await seller.getByRole("alertdialog").or(seller.getByRole("dialog")).getByRole("button", { name: "Sí, retirar acceso" }).click();
  await expect(buyer.getByText(DEAL_ROOM_MESSAGES.threadClosed).first()).toBeVisible(LIVE);
  await expect(buyer.getByRole("textbox", { name: "Tu mensaje", exact: true })).toHaveCount(0);
  expect([sellerReloads, buyerReloads]).toEqual([0, 0]);

  // Signing out ends the tab's stream.
  const closed = buyer.waitForEvent("requestfailed", (request) => new URL(request.url()).pathname === "/api/events");
  await buyer.getByRole("button", { name: new RegExp(BUYER.name) }).click();
  await buyer.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(buyer).toHaveURL(/\/iniciar-sesion(\?|$)/);
  await closed;
  await seller.context().close();
  await buyer.context().close();
});
