import type { Locator, Page } from "@playwright/test";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO, DATA_ROOM_GROUP_LABELS, DATA_ROOM_MESSAGES } from "../../contracts/data-room.ts";
import { sellerSignUp } from "../server/samples.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// The data room (issue: real view counts) on /mi-empresa/{id}: a seller
// uploads to every category, a file over 5 MB never leaves the browser, a
// file opens in a new tab through its signed URL, and the open is counted
// and shows in the file's audit list.

const PASSWORD = "Vendedora-dataroom-1";
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

const pdf = (name: string, size = 0) => {
  // One real page: uploads read a PDF the way the watermark will (issue 31).
  const head = Buffer.from(
    `%PDF-1.4\n% ${name}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n`,
    "latin1",
  );
  const tail = Buffer.from("%%EOF\n", "latin1");
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return { name, mimeType: "application/pdf", buffer: Buffer.concat([head, padding, tail]) };
};

/** A 1x1 PNG: Chromium shows it in the new tab (a PDF would download in a headless browser). */
const png = (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
});

type Upload = ReturnType<typeof png>;

/** A seller of their own (the sign-up creates their first company); answers the e-mail and that company's id. */
async function signUpSeller(page: Page, name: string): Promise<{ email: string; companyId: number }> {
  const email = unique("vendedora.dataroom");
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name, password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  const session = await page.request.post("/api/sessions", { data: { email, password: PASSWORD } });
  expect(session.ok(), await session.text()).toBe(true);
  const { access_token } = (await session.json()) as { access_token: string };
  const companies = await page.request.get("/api/companies?is_dashboard=true", { headers: { Authorization: `Bearer ${access_token}` } });
  expect(companies.status()).toBe(200);
  const { items } = (await companies.json()) as { items: ReadonlyArray<{ id: number }> };
  expect(items).toHaveLength(1);
  return { email, companyId: items[0]?.id ?? 0 };
}

/** Mexico City's calendar day, as the CIF's issue date field takes it. */
const dayInMexico = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
const todayInMexico = () => dayInMexico(new Date());
/** About four months ago: past the CIF's three. */
const fourMonthsAgo = () => dayInMexico(new Date(Date.now() - 122 * 24 * 60 * 60 * 1000));

const categoryRegion = (page: Page, category: (typeof DATA_ROOM_CATEGORIES)[number]): Locator => {
  const info = DATA_ROOM_CATEGORY_INFO[category];
  // Both groups have a CIF: a category is named with its group.
  return page.getByRole("region", { name: `${info.label} ${DATA_ROOM_GROUP_LABELS[info.group]}`, exact: true });
};

/** Picks `files` through the category's 'Subir archivos' button, the way a person does. */
async function pickFiles(page: Page, region: Locator, files: ReadonlyArray<Upload>) {
  const chooser = page.waitForEvent("filechooser");
  await region.getByRole("button", { name: /^Subir archivos/ }).click();
  await (await chooser).setFiles([...files]);
}

test("a seller fills the data room, a file over 5 MB is refused, and opening a file counts a view the audit list shows", async ({ page, signIn }) => {
  const name = "Daniela Archivo";
  const { email, companyId } = await signUpSeller(page, name);

  await signIn({ email, password: PASSWORD });
  await page.goto(`/mi-empresa/${companyId}`);
  await page.getByRole("tab", { name: "Dataroom" }).click();
  await expect(page.getByRole("heading", { name: "Dataroom", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Persona moral", level: 3 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Persona física", level: 3 })).toBeVisible();
  for (const category of DATA_ROOM_CATEGORIES) await expect(categoryRegion(page, category).getByText("Aún no hay archivos en esta categoría.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Over 5 MB: the red toast for 3 s, and nothing is sent.
  let uploadsSent = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/companies\/\d+\/company_files\//.test(request.url())) uploadsSent += 1;
  });
  const acta = categoryRegion(page, "company_acta_constitutivas");
  await pickFiles(page, acta, [pdf("acta-grande.pdf", 6 * 1024 * 1024)]);
  const tooLarge = page.locator(".Toastify__toast--error").filter({ hasText: "El archivo excede los 5MB." });
  await expect(tooLarge).toBeVisible();
  await expect(tooLarge.locator(".Toastify__progress-bar")).toHaveCSS("animation-duration", "3s");
  await expect(tooLarge).toBeHidden();
  await expect(acta.getByText("Aún no hay archivos en esta categoría.")).toBeVisible();
  // The check ran at the choice, 3 s ago: a request would have gone by now.
  expect(uploadsSent).toBe(0);

  // What the server refuses (a ".pdf" that is really text) comes back as an error toast with its Spanish message.
  await pickFiles(page, acta, [{ name: "falso.pdf", mimeType: "application/pdf", buffer: Buffer.from("no soy un PDF", "utf8") }]);
  await expect(page.locator(".Toastify__toast--error").filter({ hasText: "Solo se aceptan archivos PDF o imágenes (JPG o PNG)." })).toBeVisible();
  await expect(acta.getByText("Aún no hay archivos en esta categoría.")).toBeVisible();
  expect(uploadsSent).toBe(1);
  // A PDF the watermark could not stamp for a buyer (damaged here) is refused at upload, in Spanish (decision 048).
  await pickFiles(page, acta, [{ name: "danado.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 sin páginas ni tablas", "latin1") }]);
  await expect(page.locator(".Toastify__toast--error").filter({ hasText: DATA_ROOM_MESSAGES.unreadablePdf })).toBeVisible();
  await expect(acta.getByText("Aún no hay archivos en esta categoría.")).toBeVisible();
  expect(uploadsSent).toBe(2);

  // A CIF older than three months is refused at the date field, nothing sent.
  const cif = categoryRegion(page, "company_cifs");
  const issuedOn = cif.getByLabel("Fecha de emisión");
  await issuedOn.fill(fourMonthsAgo());
  await pickFiles(page, cif, [pdf("cif-vieja.pdf")]);
  await expect(cif.getByText("La Constancia de Situación Fiscal debe tener como máximo 3 meses de antigüedad.")).toBeVisible();
  await expect(issuedOn).toBeFocused();
  await expect(issuedOn).toHaveAttribute("aria-invalid", "true");
  await expect(cif.getByText("Aún no hay archivos en esta categoría.")).toBeVisible();
  expect(uploadsSent).toBe(2);

  // One file into each of the seven categories (the CIFs with a recent issue date).
  const uploads: Readonly<Record<(typeof DATA_ROOM_CATEGORIES)[number], Upload>> = {
    company_acta_constitutivas: pdf("acta.pdf"),
    company_asambleas: pdf("asamblea-2025.pdf"),
    company_poderes: pdf("poder-notarial.pdf"),
    company_ids_representante_legal: pdf("ine-representante.pdf"),
    company_cifs: pdf("cif-empresa.pdf"),
    person_ids: png("identificacion.png"),
    person_cifs: pdf("cif-persona.pdf"),
  };
  for (const category of DATA_ROOM_CATEGORIES) {
    const region = categoryRegion(page, category);
    if (DATA_ROOM_CATEGORY_INFO[category].needsIssueDate) await region.getByLabel("Fecha de emisión").fill(todayInMexico());
    await pickFiles(page, region, [uploads[category]]);
    await expect(page.getByText("Archivo cargado con éxito").first()).toBeVisible();
    const row = region.getByRole("row").filter({ hasText: uploads[category].name });
    await expect(row).toContainText("0 vistas");
  }
  // Every row above is there, so every upload was sent: one request each.
  expect(uploadsSent).toBe(2 + DATA_ROOM_CATEGORIES.length);

  // Opening: a new tab on our signed download URL, answered 200, showing the image.
  const ids = categoryRegion(page, "person_ids");
  const row = ids.getByRole("row").filter({ hasText: "identificacion.png" });
  await expect(row).toContainText("0 vistas");
  const download = page.context().waitForEvent("response", (response) => /\/api\/files\/[\w.-]+$/.test(response.url()));
  const popup = page.waitForEvent("popup");
  await row.getByRole("button", { name: "Abrir identificacion.png (se abre en una pestaña nueva)" }).click();
  const tab = await popup;
  expect((await download).status()).toBe(200);
  await expect(tab).toHaveURL(/\/api\/files\/[\w.-]+$/);
  await expect(tab.locator("img")).toBeVisible();
  await tab.close();

  // The open is counted, and the audit list says who opened it.
  await expect(row).toContainText("1 vista");
  const whoOpened = row.getByRole("button", { name: "Ver quién lo abrió (identificacion.png)" });
  await whoOpened.click();
  const dialog = page.getByRole("dialog", { name: "Quién abrió identificacion.png" });
  await expect(dialog.getByRole("row")).toHaveCount(2);
  await expect(dialog.getByRole("row").nth(1)).toContainText(name);
  await expect(dialog.getByRole("row").nth(1)).toContainText(email);
  await expectNoAxeViolations(page);
  // Escape closes it and the focus goes back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(whoOpened).toBeFocused();

  // A file nobody opened has an empty audit list.
  const poderes = categoryRegion(page, "company_poderes").getByRole("row").filter({ hasText: "poder-notarial.pdf" });
  await poderes.getByRole("button", { name: "Ver quién lo abrió (poder-notarial.pdf)" }).click();
  await expect(page.getByRole("dialog", { name: "Quién abrió poder-notarial.pdf" }).getByText("Nadie ha abierto este archivo todavía.")).toBeVisible();
});
