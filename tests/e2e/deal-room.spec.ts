import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { EMAIL_VERIFICATION_MESSAGES } from "../../contracts/accounts.ts";
import { PUBLISHED_COMPANY_STATUS_ID } from "../../contracts/companies.ts";
import { DATA_ROOM_MESSAGES, FILE_LINK_PAGES } from "../../contracts/data-room.ts";
import { DEAL_ROOM_MESSAGES } from "../../contracts/deal-room.ts";
import { SAVED_SEARCH_MESSAGES } from "../../contracts/saved-searches.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import { fileViewPages, fileViews } from "../../server/data-room/schema.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { buyerSignUp, sellerSignUp } from "../server/samples.ts";
import { expect, expectNoAxeViolations, expectSettled, test } from "./fixtures.ts";
import { freePort, openMailInbox, type MailInbox } from "./mail-inbox.ts";

/**
 * The deal room end to end (issue 16), as two new users live it, with real
 * e-mail (a local SMTP server): a buyer who signed up verifies the address
 * from the link we sent, accepts the NDA and asks a listed company for its
 * full profile; the seller, e-mailed, approves and shares a document; the
 * buyer sees the company's name and opens the document; they write to each
 * other; the buyer sends a letter of intent and the seller accepts it; the
 * seller revokes and the buyer loses the name, the document and the thread
 * (each decision confirmed in its dialog: deal-decisions.spec.ts looks at
 * the dialogs themselves).
 * Then the seller's analytics (with what the buyer read, page by page), and a saved search that e-mails a new match.
 * This spec runs its own app server (built app from dist/, fresh database).
 */

const PASSWORD = "Segura-2026";
const COMPANY_NAME = "Maquinados Cumbre del Norte";
const LEGAL_NAME = "Maquinados Cumbre del Norte S.A. de C.V.";
const BUYER = { email: "fondo.cumbre@ejemplo.mx", name: "Patricia Fondo Regio" };
const SELLER = { email: "dueno.cumbre@ejemplo.mx", name: "Rodrigo Cumbre" };
const ADMIN = { email: "admin.cumbre@ejemplo.mx", name: "Admin Cumbre" };
const REQUEST_MESSAGE = "Somos un family office de Monterrey; buscamos una participación mayoritaria en maquinado industrial.";
const BUYER_NOTE = "Gracias por aprobar. ¿Podrían compartir los estados financieros de 2025?";
const SELLER_NOTE = "Con gusto. Subimos el plano de la planta; los estados financieros van la próxima semana.";

/** A 1x1 PNG: Chromium shows it in the new tab (a PDF would download in a headless browser). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const DOCUMENT = "plano-planta.png";
/** A three-page PDF the buyer reads in the viewer (decision 051). */
const PDF_DOCUMENT = "estados-financieros.pdf";

async function threePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let page = 1; page <= 3; page += 1) pdf.addPage([612, 792]).drawText(`Estados financieros, pagina ${page}`, { x: 60, y: 700, size: 18 });
  return Buffer.from(await pdf.save());
}

let inbox: MailInbox;
let app: RunningServer;
let companyId = 0;
let humanId = "";
let pdfFileId = 0;

const url = (path: string) => `${app.url}${path}`;
const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers["authorization"] = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url(`/api${path}`), {
    method: init.method ?? "GET",
    headers,
    ...(init.form !== undefined ? { body: init.form } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const tokenOf = async (email: string, password: string) => (await api<{ access_token: string }>("/sessions", { method: "POST", body: { email, password } })).access_token;

/** A seller's sign-up (their first company), published by an admin; answers the company's id and reference. */
async function publishedCompanyOf(
  seller: { email: string; name: string },
  company: { name: string; legalName?: string; shortDescription: string; industryId: number },
  adminToken: string,
) {
  const sample = sellerSignUp(seller.email);
  await api("/sellers", {
    method: "POST",
    body: { ...sample, name: company.name, short_description: company.shortDescription, industry_id: company.industryId, user: { ...sample.user, name: seller.name, password: PASSWORD } },
  });
  const token = await tokenOf(seller.email, PASSWORD);
  const { items } = await api<{ items: ReadonlyArray<{ id: number; human_id: string }> }>("/companies?is_dashboard=true", { token });
  const created = items[0];
  if (created === undefined) throw new Error("the sign-up made no company");
  await api(`/companies/${created.id}`, { method: "PUT", token: adminToken, body: { company_status_id: PUBLISHED_COMPANY_STATUS_ID, ...(company.legalName === undefined ? {} : { legal_name: company.legalName }) } });
  return { id: created.id, humanId: created.human_id, token };
}

test.beforeAll(async () => {
  inbox = await openMailInbox();
  const port = await freePort();
  app = await startServer({
    port,
    appUrl: `http://127.0.0.1:${port}`,
    smtpUrl: inbox.smtpUrl,
    seedDemo: false,
    rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }),
    // The saved-search alerts run often, so the spec waits seconds, not the default 30 s.
    savedSearchAlertsIntervalMs: 250,
  });
  await createUser(app.db, { email: ADMIN.email, password: PASSWORD, name: ADMIN.name, phone: null, roles: ["admin"] }, { params: TEST_SCRYPT_PARAMS });
  const adminToken = await tokenOf(ADMIN.email, PASSWORD);
  const company = await publishedCompanyOf(SELLER, { name: COMPANY_NAME, legalName: LEGAL_NAME, shortDescription: "Maquinado CNC de piezas para la industria automotriz en Apodaca.", industryId: 3 }, adminToken);
  companyId = company.id;
  humanId = company.humanId;
  const form = new FormData();
  form.append("files[]", new Blob([PNG], { type: "image/png" }), DOCUMENT);
  form.append("files[]", new Blob([new Uint8Array(await threePagePdf())], { type: "application/pdf" }), PDF_DOCUMENT);
  const uploaded = await api<{ items: ReadonlyArray<{ id: number; filename: string }> }>(`/companies/${companyId}/company_files/company_acta_constitutivas`, { method: "POST", token: company.token, form });
  pdfFileId = uploaded.items.find((file) => file.filename === PDF_DOCUMENT)?.id ?? 0;
  // The buyer signs up like anyone (the verification link is e-mailed after the answer).
  const sample = buyerSignUp(BUYER.email);
  await api("/buyers", { method: "POST", body: { ...sample, user: { ...sample.user, name: BUYER.name, password: PASSWORD } } });
});

test.afterAll(async () => {
  await app?.close();
  await inbox?.close();
});

/** Logs in through the form of the login page the browser was sent to. */
async function logIn(page: Page, email: string) {
  await expect(page).toHaveURL(/\/iniciar-sesion(\?|$)/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

async function sellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-MX" });
  return context.newPage();
}

const accessPanel = (page: Page) => page.getByRole("region", { name: "Acceso al perfil completo", exact: true });
const fullProfile = (page: Page) => page.getByRole("region", { name: "Perfil completo", exact: true });

test.describe.configure({ mode: "serial" });

test("a new buyer verifies the e-mail, asks under the NDA; the seller approves and shares; they talk, a letter of intent is accepted; a revocation ends the access", async ({ page, browser }) => {
  // Two people, a dozen screens and six e-mails: one story, three times the budget of a single screen.
  test.slow();
  const profile = url(`/perfil-de-negocio/${companyId}`);

  // The buyer opens the listing (public since it is rendered for search engines), signs in from its access panel
  // and comes back to it: no name, and the reason they cannot ask yet.
  await page.goto(profile);
  await accessPanel(page).getByRole("link", { name: "Iniciar sesión" }).click();
  await logIn(page, BUYER.email);
  await expect(page).toHaveURL(profile);
  await expect(accessPanel(page)).toContainText(DEAL_ROOM_MESSAGES.emailUnverified);
  await expect(page.getByText(COMPANY_NAME)).toHaveCount(0);

  // The link from the sign-up's e-mail verifies the address.
  const welcome = await inbox.nextTo(BUYER.email, 0);
  const link = new RegExp(`${app.url.replace(/[.]/g, "\\.")}/verificar-correo\\?token=[A-Za-z0-9_-]+`).exec(welcome)?.[0];
  expect(link, "verification link in the e-mail").toBeDefined();
  // Opened where nobody is signed in (the phone's mail app, say): it signs the buyer in and lands on the marketplace.
  const elsewhere = await browser.newContext({ locale: "es-MX" });
  const phone = await elsewhere.newPage();
  await phone.goto(link ?? "");
  await expect(phone).toHaveURL(url("/compra-una-empresa"));
  await expect(toast(phone, EMAIL_VERIFICATION_MESSAGES.verified)).toBeVisible();
  await expect(phone.getByRole("button", { name: new RegExp(BUYER.name) })).toBeVisible();
  await expectNoAxeViolations(phone);
  await elsewhere.close();

  // The request: the NDA with the listing's reference, the contract's messages, then the request sent.
  await page.goto(profile);
  await accessPanel(page).getByRole("button", { name: "Solicitar acceso al perfil completo" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar acceso al perfil completo" });
  const nda = dialog.getByRole("region", { name: "Acuerdo de confidencialidad" });
  await expect(nda).toContainText(`con la referencia ${humanId}`);
  await expect(nda).toContainText(BUYER.name);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Aceptar y enviar solicitud" }).click();
  await expect(dialog.getByText(DEAL_ROOM_MESSAGES.requestMessage, { exact: true })).toBeVisible();
  await expect(dialog.getByText(DEAL_ROOM_MESSAGES.ndaRequired, { exact: true })).toBeVisible();
  await dialog.getByLabel("Mensaje para la empresa").fill(REQUEST_MESSAGE);
  await dialog.getByText(/He leído y acepto el acuerdo de confidencialidad/).click();
  const sellerMails = inbox.countTo(SELLER.email);
  await dialog.getByRole("button", { name: "Aceptar y enviar solicitud" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.requestSent)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(accessPanel(page)).toContainText("Solicitud pendiente");
  await expect(page.getByText(COMPANY_NAME)).toHaveCount(0);
  expect(await inbox.nextTo(SELLER.email, sellerMails)).toContain(humanId);

  // The seller, e-mailed, finds the request, sees who asks and under which NDA, and approves.
  const seller = await sellerPage(browser);
  await seller.goto(url("/solicitudes"));
  await logIn(seller, SELLER.email);
  await expect(seller.getByRole("heading", { level: 1, name: "Solicitudes" })).toBeVisible();
  await expect(seller.getByText(`Comprador: ${BUYER.name}`)).toBeVisible();
  await expectNoAxeViolations(seller);
  await seller.getByRole("link", { name: new RegExp(`Empresa ${humanId}`) }).click();
  await expect(seller.getByRole("heading", { level: 2, name: `Mensaje de ${BUYER.name}` })).toBeVisible();
  await expect(seller.getByText(REQUEST_MESSAGE)).toBeVisible();
  await expect(seller.getByText(/aceptado por Patricia Fondo Regio/)).toBeVisible();
  await expectNoAxeViolations(seller);
  let buyerMails = inbox.countTo(BUYER.email);
  await seller.getByRole("button", { name: "Aprobar" }).click();
  await seller.getByRole("dialog", { name: `¿Aprobar la solicitud de ${BUYER.name}?` }).getByRole("button", { name: "Sí, aprobar" }).click();
  await expect(toast(seller, DEAL_ROOM_MESSAGES.approved)).toBeVisible();
  await expect(seller.getByRole("button", { name: "Retirar acceso" })).toBeVisible();
  await inbox.nextTo(BUYER.email, buyerMails);

  // The seller shares the plan from the data room.
  await seller.goto(url(`/mi-empresa/${companyId}`));
  await seller.getByRole("tab", { name: "Dataroom" }).click();
  // With the keyboard, as the Incognito switch is tested: focus it and press Space.
  const share = seller.getByRole("switch", { name: new RegExp(`^Compartir con compradores aprobados ?: ${DOCUMENT}$`) });
  await expect(share).not.toBeChecked();
  // Downloads can be allowed only once the document is shared (decision 051).
  const download = seller.getByRole("switch", { name: new RegExp(`^Permitir descarga ?: ${DOCUMENT}$`) });
  await expect(download).toBeDisabled();
  await share.focus();
  await seller.keyboard.press("Space");
  await expect(toast(seller, DATA_ROOM_MESSAGES.shared)).toBeVisible();
  await expect(share).toBeChecked();
  await expect(download).toBeEnabled();
  await download.focus();
  await seller.keyboard.press("Space");
  await expect(toast(seller, DATA_ROOM_MESSAGES.downloadAllowed)).toBeVisible();
  await expect(download).toBeChecked();

  // The buyer now sees the name, the contact and the shared document, and opens it.
  await page.goto(profile);
  await expect(fullProfile(page)).toContainText(COMPANY_NAME);
  await expect(fullProfile(page)).toContainText(LEGAL_NAME);
  await expect(fullProfile(page).getByRole("cell", { name: DOCUMENT, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // Read in Puente's viewer (decision 051): the image as the server stamps it for this buyer.
  const imageAnswer = page.waitForResponse((response) => /\/api\/files\/[\w.-]+$/.test(response.url()));
  await fullProfile(page).getByRole("link", { name: new RegExp(`^Leer ${DOCUMENT}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: DOCUMENT })).toBeVisible();
  await expect(page.getByRole("img", { name: `Imagen ${DOCUMENT}` })).toBeVisible();
  const documentLink = (await imageAnswer).url();

  // A PDF, page by page, with the buttons and the arrow keys; leaving the viewer sends the pages read.
  await api(`/companies/${companyId}/company_files/${pdfFileId}`, { method: "PATCH", token: await tokenOf(SELLER.email, PASSWORD), body: { shared: true } });
  await page.getByRole("link", { name: "Volver al perfil de la empresa" }).click();
  await fullProfile(page).getByRole("link", { name: new RegExp(`^Leer ${PDF_DOCUMENT}`) }).click();
  await expect(page.getByRole("img", { name: `Página 1 de 3 de ${PDF_DOCUMENT}` })).toBeVisible();
  await expect(page.getByText(/Este documento lleva tu nombre y tu correo como marca de agua/)).toBeVisible();
  await expect(page.getByText("La empresa no permite descargarlo")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Página siguiente" }).click();
  await expect(page.getByRole("img", { name: `Página 2 de 3 de ${PDF_DOCUMENT}` })).toBeVisible();
  await page.getByRole("region", { name: /^Documento: usa las flechas/ }).press("ArrowRight");
  await expect(page.getByRole("img", { name: `Página 3 de 3 de ${PDF_DOCUMENT}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Página siguiente" })).toBeDisabled();
  const report = page.waitForRequest((request) => /\/api\/file_readings\/[\w.-]+\/pages$/.test(request.url()));
  await page.getByRole("link", { name: "Volver al perfil de la empresa" }).click();
  // A beacon: its body is not visible here, so the database says what arrived.
  await report;
  await expect
    .poll(async () => (await app.db.select({ page: fileViewPages.page }).from(fileViewPages).innerJoin(fileViews, eq(fileViews.id, fileViewPages.viewId)).where(eq(fileViews.fileId, pdfFileId))).map((row) => row.page).sort())
    .toEqual([1, 2, 3]);

  // The thread: the buyer writes; the seller is told without the text, reads it and answers.
  await accessPanel(page).getByRole("link", { name: "Ir a la conversación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Solicitud de acceso · Empresa ${humanId}` })).toBeVisible();
  const sellerNotices = inbox.countTo(SELLER.email);
  await page.getByRole("textbox", { name: "Tu mensaje", exact: true }).fill(BUYER_NOTE);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("region", { name: "Mensajes", exact: true })).toContainText(BUYER_NOTE);
  const notice = await inbox.nextTo(SELLER.email, sellerNotices);
  expect(notice).not.toContain(BUYER_NOTE);
  await seller.goto(page.url());
  await expect(seller.getByRole("region", { name: "Mensajes", exact: true })).toContainText(BUYER_NOTE);
  await seller.getByRole("textbox", { name: "Tu mensaje", exact: true }).fill(SELLER_NOTE);
  await seller.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(seller.getByRole("region", { name: "Mensajes", exact: true })).toContainText(SELLER_NOTE);
  await page.reload();
  await expect(page.getByRole("region", { name: "Mensajes", exact: true })).toContainText(SELLER_NOTE);
  await expectNoAxeViolations(page);

  // A letter of intent: the form's own check, then the letter, which the seller accepts.
  await page.getByRole("button", { name: "Enviar carta de intención" }).click();
  await expect(page.getByText(DEAL_ROOM_MESSAGES.loiAmount, { exact: true })).toBeVisible();
  await page.getByLabel("Monto ofrecido").fill("25000000");
  await page.getByLabel("Participación (%)").fill("60");
  await page.getByRole("radio", { name: "MXN" }).check();
  await page.getByLabel("Términos principales").fill("60 % al cierre y 40 % en dos pagos anuales, sujeto a due diligence.");
  await page.getByRole("button", { name: "Enviar carta de intención" }).click();
  await expect(toast(page, DEAL_ROOM_MESSAGES.loiSent)).toBeVisible();
  await expect(page.getByText("Pendiente de respuesta", { exact: true })).toBeVisible();
  await seller.reload();
  await seller.getByRole("button", { name: /^Aceptar la carta de intención/ }).click();
  await seller.getByRole("dialog", { name: "¿Aceptar la carta de intención?" }).getByRole("button", { name: "Sí, aceptar" }).click();
  await expect(toast(seller, DEAL_ROOM_MESSAGES.loiAccepted)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Solicitud de acceso · Empresa ${humanId}` })).toBeVisible();
  await expect(page.getByText("Aceptada", { exact: true })).toBeVisible();

  // The seller revokes: the buyer is e-mailed and loses the name, the document and the thread.
  buyerMails = inbox.countTo(BUYER.email);
  await seller.getByRole("button", { name: "Retirar acceso" }).click();
  const confirm = seller.getByRole("alertdialog").or(seller.getByRole("dialog"));
  await confirm.getByRole("button", { name: "Sí, retirar acceso" }).click();
  await expect(toast(seller, DEAL_ROOM_MESSAGES.revoked)).toBeVisible();
  await inbox.nextTo(BUYER.email, buyerMails);

  await page.reload();
  await expect(page.getByText(DEAL_ROOM_MESSAGES.threadClosed)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Tu mensaje", exact: true })).toHaveCount(0);
  await page.goto(profile);
  await expect(accessPanel(page)).toContainText(DEAL_ROOM_MESSAGES.coolingOff);
  await expect(fullProfile(page)).toHaveCount(0);
  await expect(page.getByText(COMPANY_NAME)).toHaveCount(0);
  const buyerToken = await tokenOf(BUYER.email, PASSWORD);
  const [shared] = await api<{ items: ReadonlyArray<{ id: number }> }>(`/companies/${companyId}/company_files/company_acta_constitutivas`, {
    token: await tokenOf(SELLER.email, PASSWORD),
  }).then((list) => list.items);
  const open = await fetch(url(`/api/companies/${companyId}/company_files/${shared?.id ?? 0}`), { headers: { authorization: `Bearer ${buyerToken}` } });
  expect(open.status).toBe(404);
  // The document's link, opened again in a tab of its own (a server page, not the app): it says the access
  // ended and where to go, not JSON, not "desde el dataroom"; its link leads to the profile, where asking again is explained.
  const again = await page.context().newPage();
  await again.goto(documentLink);
  await expect(again.getByRole("heading", { level: 1, name: FILE_LINK_PAGES.accessEnded.title })).toBeVisible();
  await expect(again.getByText(FILE_LINK_PAGES.accessEnded.message)).toBeVisible();
  await expect(again.getByRole("link", { name: "Explorar empresas" })).toHaveAttribute("href", "/compra-una-empresa");
  await expect(again.getByText(/dataroom/i)).toHaveCount(0);
  await expectNoAxeViolations(again);
  await again.getByRole("link", { name: "Ver el perfil público de la empresa" }).click();
  await expect(again).toHaveURL(profile);
  await expect(accessPanel(again)).toContainText(DEAL_ROOM_MESSAGES.coolingOff);
  await again.close();
  await seller.context().close();
});

test("the seller's analytics count the buyer's view, request and document open, by week and by buyer", async ({ page }) => {
  await page.goto(url(`/mi-empresa/${companyId}/analitica`));
  await logIn(page, SELLER.email);
  await expect(page.getByRole("heading", { level: 1, name: "Analítica de tu empresa" })).toBeVisible();
  const buyers = page.getByRole("region", { name: "Compradores", exact: true });
  await expect(buyers.getByRole("row").filter({ hasText: BUYER.name })).toContainText("Acceso retirado");
  const documents = page.getByRole("region", { name: "Documentos", exact: true });
  await expect(documents.getByRole("row").filter({ hasText: DOCUMENT })).toBeVisible();
  // What the buyer read of the PDF in the viewer: a bar per page with its time and reader, and their row, 3 pages of 3.
  const reading = page.getByRole("region", { name: "Lectura de documentos", exact: true });
  await expect(reading.getByRole("heading", { level: 3, name: PDF_DOCUMENT })).toBeVisible();
  await expect(reading.getByRole("list", { name: `Tiempo de lectura por página de ${PDF_DOCUMENT}, todos los compradores` }).getByRole("listitem")).toHaveText([
    /^Página 1: .+, 1 comprador$/,
    /^Página 2: .+, 1 comprador$/,
    /^Página 3: .+, 1 comprador$/,
  ]);
  const pdf = reading.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: PDF_DOCUMENT }) });
  await expect(pdf.getByRole("row").filter({ hasText: BUYER.name }).getByRole("cell", { name: "3 de 3", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a buyer saves a search and is e-mailed when a matching company is listed, without its name; the search can be deleted", async ({ page }) => {
  // A visitor is offered to log in, and comes back to the same search.
  await page.goto(url("/compra-una-empresa?q=tortilleria"));
  await page.getByRole("link", { name: "Inicia sesión para guardar esta búsqueda" }).click();
  await logIn(page, BUYER.email);
  await expect(page).toHaveURL(/\/compra-una-empresa\?q=tortilleria$/);
  await expectSettled(page);
  await page.getByRole("button", { name: "Guardar búsqueda" }).click();
  const dialog = page.getByRole("dialog", { name: "Guardar búsqueda" });
  await expect(dialog.getByLabel("Nombre de la búsqueda")).toHaveValue(/tortilleria/i);
  await dialog.getByLabel("Nombre de la búsqueda").fill("Tortillerías en venta");
  await dialog.getByRole("button", { name: "Guardar búsqueda" }).click();
  await expect(toast(page, SAVED_SEARCH_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole("button", { name: "Búsqueda guardada", pressed: true })).toBeVisible();

  // A seller signs up with a tortillería; once an admin publishes it, the alert arrives (the search ignores the accent).
  const already = inbox.countTo(BUYER.email);
  const adminToken = await tokenOf(ADMIN.email, PASSWORD);
  const match = await publishedCompanyOf({ email: "dueno.tortilleria@ejemplo.mx", name: "Elena Masa" }, { name: "Tortillería La Espiga Dorada", shortDescription: "Tortillería con tres sucursales y reparto a restaurantes en Monterrey.", industryId: 3 }, adminToken);
  const alert = await inbox.nextTo(BUYER.email, already);
  expect(alert).toContain(match.humanId);
  expect(alert).toContain("Tortillerías en venta");
  expect(alert).not.toContain("Espiga Dorada");

  await page.goto(url("/busquedas-guardadas"));
  await expect(page.getByRole("heading", { level: 1, name: "Búsquedas guardadas" })).toBeVisible();
  const saved = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Tortillerías en venta" }) });
  await expect(saved).toContainText("tortilleria");
  await expect(saved.getByText("1 alerta", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Eliminar Tortillerías en venta" }).click();
  await page.getByRole("dialog", { name: "¿Eliminar la búsqueda «Tortillerías en venta»?" }).getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, SAVED_SEARCH_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tortillerías en venta" })).toHaveCount(0);
});
