import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentNda } from "../../content/nda.ts";
import { DATA_ROOM_MESSAGES, DataRoomFileList, FILE_LINK_PAGES, OpenedFile, READING_TOKEN_TTL_SECONDS, SignedFileUrl } from "../../contracts/data-room.ts";
import { buildApp } from "../../server/app.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { companyFiles, fileDownloads, fileViewPages } from "../../server/data-room/schema.ts";
import { accessRequests } from "../../server/deal-room/schema.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createDiskStorage } from "../../server/storage/disk.ts";
import { expectOnlyMessage, expectPage, ONE_TEST_DATABASE, signedInUser, TEST_APP_CONFIG, type SignedInUser } from "./harness.ts";
import { dataRoomUpload, insertAccessRequest, SAMPLE_FILES } from "./samples.ts";

/**
 * Issue 31, decision 051: a buyer reads a shared document in the viewer,
 * page by page; the pages and time are reported through the open's signed
 * reading token; downloads are a separate action the owner switches on.
 */

const APP_URL = "https://puente.example";
const decodeList = Schema.decodeUnknownSync(DataRoomFileList);
const decodeOpened = Schema.decodeUnknownSync(OpenedFile);
const decodeSigned = Schema.decodeUnknownSync(SignedFileUrl);

async function pdfOf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) document.addPage([612, 792]).drawText(`Página ${index + 1}`, { x: 50, y: 50, size: 14 });
  return Buffer.from(await document.save());
}

describe.each(ONE_TEST_DATABASE)("reading a shared document on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let uploadsDir: string;
  // Sessions are signed at the real time; the clock starts there and is moved by hand.
  let clock = Math.floor(Date.now() / 1000) * 1000;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let buyer: SignedInUser;
  let requestId: number;
  let company: { id: number; humanId: string };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    uploadsDir = await mkdtemp(join(tmpdir(), "puente-reading-"));
    owner = await signedInUser(handle.db, { email: "duena.lectura@ejemplo.mx", name: "Dueña Lectura", roles: ["seller"] });
    admin = await signedInUser(handle.db, { email: "admin.lectura@ejemplo.mx", name: "Admin Lectura", roles: ["admin"] });
    buyer = await signedInUser(handle.db, { email: "lector@ejemplo.mx", name: "Lector Comprador", roles: ["buyer"] });
    company = await createCompany(handle.db, { name: "Lectura SA", ownerUserId: owner.id });
    ({ requestId } = await insertAccessRequest(handle.db, { companyId: company.id, buyerId: buyer.id, status: "approved", ndaVersion: currentNda().version }));
    app = await buildApp({
      db: handle.db,
      config: {
        ...TEST_APP_CONFIG,
        appUrl: APP_URL,
        clock: () => new Date(clock),
        storage: createDiskStorage(uploadsDir),
        rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }),
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    if (uploadsDir !== undefined) await rm(uploadsDir, { recursive: true, force: true });
  });

  const auth = (user: SignedInUser) => ({ authorization: `Bearer ${user.token}` });
  const filePath = (fileId: number) => `/api/companies/${company.id}/company_files/${fileId}`;
  const sharedPdf = async (pages: number) => {
    const body = dataRoomUpload(undefined, await pdfOf(pages), `estados-${pages}.pdf`);
    const uploaded = await app.inject({ method: "POST", url: `/api/companies/${company.id}/company_files/company_acta_constitutivas`, headers: { ...auth(owner), "content-type": body.contentType }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = decodeList(uploaded.json()).items;
    if (file === undefined) throw new Error("no file in the answer");
    await change(file.id, { shared: true });
    return file;
  };
  const change = async (fileId: number, payload: object) => {
    const response = await app.inject({ method: "PATCH", url: filePath(fileId), headers: auth(owner), payload });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const open = async (user: SignedInUser, fileId: number) => {
    const response = await app.inject({ method: "GET", url: filePath(fileId), headers: auth(user) });
    expect(response.statusCode, response.body).toBe(200);
    return decodeOpened(response.json());
  };
  const report = (token: string, pages: ReadonlyArray<{ page: number; milliseconds: number }>) =>
    app.inject({ method: "POST", url: `/api/file_readings/${token}/pages`, payload: { pages } });
  const pageRows = async (viewToken: string) =>
    handle.db
      .select({ page: fileViewPages.page, milliseconds: fileViewPages.milliseconds })
      .from(fileViewPages)
      .where(eq(fileViewPages.viewId, Number(viewToken.split(".")[0])))
      .orderBy(asc(fileViewPages.page));

  it("keeps each PDF's page count from the upload; a buyer's open carries a reading token, the owner's and an admin's none", async () => {
    const file = await sharedPdf(4);
    expect(file.page_count).toBe(4);
    expect(file.download_allowed).toBe(false);
    const opened = await open(buyer, file.id);
    expect(opened).toMatchObject({ filename: "estados-4.pdf", content_type: "application/pdf", download_allowed: false, reading: { page_count: 4 } });
    expect(Date.parse(opened.reading?.expires_at ?? "")).toBe(clock + READING_TOKEN_TTL_SECONDS * 1000);
    for (const manager of [owner, admin]) expect(await open(manager, file.id)).toMatchObject({ reading: null, download_allowed: true });
  });

  it("adds up the pages a buyer reports, never more time than since the open, and refuses pages the document does not have", async () => {
    const file = await sharedPdf(3);
    const reading = (await open(buyer, file.id)).reading;
    if (reading === null) throw new Error("a buyer's open has a reading");
    clock += 20_000;
    expect((await report(reading.token, [{ page: 1, milliseconds: 8_000 }, { page: 2, milliseconds: 4_000 }])).json()).toEqual({ counted_milliseconds: 12_000 });
    // The same page twice in a report, and a later report on it, add up.
    expect((await report(reading.token, [{ page: 2, milliseconds: 1_000 }, { page: 2, milliseconds: 2_000 }])).json()).toEqual({ counted_milliseconds: 3_000 });
    // 20 s have passed (+5 s of slack) and 15 s are counted: a claim of 9 minutes gets the 10 s left.
    expect((await report(reading.token, [{ page: 3, milliseconds: 540_000 }])).json()).toEqual({ counted_milliseconds: 10_000 });
    expect(await pageRows(reading.token)).toEqual([
      { page: 1, milliseconds: 8_000 },
      { page: 2, milliseconds: 7_000 },
      { page: 3, milliseconds: 10_000 },
    ]);

    expectOnlyMessage(await report(reading.token, [{ page: 4, milliseconds: 1_000 }]), 400, DATA_ROOM_MESSAGES.badReading);
    expectOnlyMessage(await report(reading.token, []), 400, DATA_ROOM_MESSAGES.badReading);
    expectOnlyMessage(await report(reading.token, [{ page: 1, milliseconds: -5 }]), 400, DATA_ROOM_MESSAGES.badReading);
    expectOnlyMessage(await app.inject({ method: "POST", url: `/api/file_readings/${reading.token}/pages`, payload: { pages: "todas" } }), 400, DATA_ROOM_MESSAGES.badReading);
    expect((await pageRows(reading.token)).map((row) => row.milliseconds)).toEqual([8_000, 7_000, 10_000]);
  });

  it("takes reports only through a genuine, live token of a buyer who still holds access to the shared document", async () => {
    const file = await sharedPdf(2);
    const reading = (await open(buyer, file.id)).reading;
    if (reading === null) throw new Error("a buyer's open has a reading");
    const [viewId, expires] = reading.token.split(".");
    expectOnlyMessage(await report(`${viewId}.${expires}.firma-falsa`, [{ page: 1, milliseconds: 1 }]), 404, DATA_ROOM_MESSAGES.readingInvalid);
    // Another view's id under this signature.
    expectOnlyMessage(await report(`${Number(viewId) + 1}.${reading.token.split(".").slice(1).join(".")}`, [{ page: 1, milliseconds: 1 }]), 404, DATA_ROOM_MESSAGES.readingInvalid);

    await change(file.id, { shared: false });
    expectOnlyMessage(await report(reading.token, [{ page: 1, milliseconds: 1 }]), 403, DATA_ROOM_MESSAGES.readingEnded);
    await change(file.id, { shared: true });
    await handle.db.update(accessRequests).set({ status: "revoked" }).where(eq(accessRequests.id, requestId));
    try {
      expectOnlyMessage(await report(reading.token, [{ page: 1, milliseconds: 1 }]), 403, DATA_ROOM_MESSAGES.readingEnded);
    } finally {
      await handle.db.update(accessRequests).set({ status: "approved" }).where(eq(accessRequests.id, requestId));
    }
    const saved = clock;
    clock += READING_TOKEN_TTL_SECONDS * 1000;
    try {
      expectOnlyMessage(await report(reading.token, [{ page: 1, milliseconds: 1 }]), 410, DATA_ROOM_MESSAGES.readingExpired);
    } finally {
      clock = saved;
    }
    expect(await pageRows(reading.token)).toEqual([]);
  });

  it("lets a buyer download only while the owner allows it: recorded, an attachment, stamped; a download link stops when downloads are switched off", async () => {
    const file = await sharedPdf(2);
    const downloadAs = (user: SignedInUser) => app.inject({ method: "POST", url: `${filePath(file.id)}/downloads`, headers: auth(user) });
    const downloads = async () => (await handle.db.select().from(fileDownloads).where(eq(fileDownloads.fileId, file.id))).length;

    expectOnlyMessage(await downloadAs(buyer), 403, DATA_ROOM_MESSAGES.downloadNotAllowed);
    expect(await downloads()).toBe(0);
    // The owner always may: recorded too.
    expect((await downloadAs(owner)).statusCode).toBe(201);
    expect(await downloads()).toBe(1);

    const allowed = await change(file.id, { download_allowed: true });
    expect(allowed.json()).toMatchObject({ shared: true, download_allowed: true });
    expect((await open(buyer, file.id)).download_allowed).toBe(true);
    const issued = await downloadAs(buyer);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(await downloads()).toBe(2);
    const url = decodeSigned(issued.json()).url.slice(APP_URL.length);
    const served = await app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toBe(`attachment; filename="estados-2.pdf"; filename*=UTF-8''estados-2.pdf`);
    const pdf = await getDocument({ data: new Uint8Array(served.rawPayload), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
    try {
      const text = (await (await pdf.getPage(2)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
      expect(text).toContain("lector@ejemplo.mx");
    } finally {
      await pdf.destroy();
    }

    // An open link cannot be turned into a download link: the purpose is signed.
    const openUrl = (await open(buyer, file.id)).url.slice(APP_URL.length);
    const parts = openUrl.split(".");
    expectPage(await app.inject({ method: "GET", url: [...parts.slice(0, 3), "d", ...parts.slice(3)].join(".") }), 404, FILE_LINK_PAGES.invalid.message);

    await change(file.id, { download_allowed: false });
    expectPage(await app.inject({ method: "GET", url }), 403, FILE_LINK_PAGES.downloadOff.message, FILE_LINK_PAGES.downloadOff.next);
    // Switching downloads off leaves the document shared: the buyer still reads it.
    expect((await app.inject({ method: "GET", url: openUrl })).statusCode).toBe(200);
  });

  it("refuses a change that says nothing, and reads the pages of a file stored before page counts at its next open", async () => {
    const file = await sharedPdf(3);
    expectOnlyMessage(await app.inject({ method: "PATCH", url: filePath(file.id), headers: auth(owner), payload: {} }), 400, DATA_ROOM_MESSAGES.badFileChange);
    await handle.db.update(companyFiles).set({ pageCount: null }).where(eq(companyFiles.id, file.id));
    expect((await open(buyer, file.id)).reading?.page_count).toBe(3);
    const [row] = await handle.db.select({ pageCount: companyFiles.pageCount }).from(companyFiles).where(eq(companyFiles.id, file.id));
    expect(row?.pageCount).toBe(3);

    const image = dataRoomUpload(undefined, SAMPLE_FILES.png, "planta.png");
    const uploaded = await app.inject({ method: "POST", url: `/api/companies/${company.id}/company_files/company_acta_constitutivas`, headers: { ...auth(owner), "content-type": image.contentType }, payload: image.payload });
    expect(decodeList(uploaded.json()).items[0]?.page_count).toBe(1);
  });
});
