import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { Jimp, JimpMime } from "jimp";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from "pdf-lib";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentNda } from "../../content/nda.ts";
import { DATA_ROOM_MESSAGES, DataRoomFileList, FILE_LINK_PAGES, SignedFileUrl } from "../../contracts/data-room.ts";
import { buildApp } from "../../server/app.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { companyFiles } from "../../server/data-room/schema.ts";
import { checkPdf, mexicoCityDateTime, stampLines, stampPdf, toWinAnsi, type WatermarkStamp } from "../../server/data-room/watermark.ts";
import { checkImage, drawStamp, imageDimensions, MAX_IMAGE_PIXELS, stampImage, stampTile, type ImageKind } from "../../server/data-room/watermark-image.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createDiskStorage } from "../../server/storage/disk.ts";
import { expectOnlyMessage, expectPage, ONE_TEST_DATABASE, signedInUser, TEST_APP_CONFIG, type SignedInUser } from "./harness.ts";
import { dataRoomUpload, insertAccessRequest, multipartBody, SAMPLE_FILES, type MultipartBody } from "./samples.ts";

/** Issue 31: the dynamic watermark of a buyer's PDF or image (docs/decisions/048-data-room-watermark.md). */

const APP_URL = "https://puente.example";
const decodeList = Schema.decodeUnknownSync(DataRoomFileList);
const decodeSigned = Schema.decodeUnknownSync(SignedFileUrl);

/** A PDF of `pages` pages of different sizes (one landscape, one with its box away from 0,0), each with a line of its own. */
async function samplePdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage(index % 2 === 0 ? [612, 792] : [842, 595]);
    if (index === 2) page.setMediaBox(100, 100, 400, 500);
    page.drawText(`Página ${index + 1} del acta`, { x: page.getMediaBox().x + 50, y: page.getMediaBox().y + 50, size: 14 });
  }
  return Buffer.from(await document.save());
}

/** Each page's text, as a PDF reader extracts it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      texts.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join(" ")
          .replace(/\s+/g, " "),
      );
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}

/** A `width` x `height` picture: light on the left half, dark on the right, so the stamp shows on both. */
async function samplePicture(kind: ImageKind, width: number, height: number): Promise<Buffer> {
  const picture = new Jimp({ width, height, color: 0xf0ece4ff });
  picture.scan(Math.floor(width / 2), 0, width - Math.floor(width / 2), height, (_x, _y, index) => {
    picture.bitmap.data.set([24, 40, 80, 255], index);
  });
  return kind === "image/png" ? picture.getBuffer(JimpMime.png) : picture.getBuffer(JimpMime.jpeg, { quality: 95 });
}

const decodePicture = async (bytes: Buffer) => {
  const picture = await Jimp.fromBuffer(bytes);
  return { mime: picture.mime, width: picture.width, height: picture.height, data: picture.bitmap.data };
};

/** The picture's pixels with the stamp drawn straight onto them, as `stampImage` should before encoding. */
async function expectedPixels(bytes: Buffer, stamp: WatermarkStamp): Promise<Buffer> {
  const { width, height, data } = await decodePicture(bytes);
  const pixels = Buffer.from(data);
  drawStamp(pixels, width, height, await stampTile(stamp, Math.min(width, height)));
  return pixels;
}

/** A PNG whose header announces `width` x `height` but whose data is garbage. */
const pngHeader = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return Buffer.concat([header, Buffer.from("garbage, not a zlib stream")]);
};

describe("the stamp's text (pure)", () => {
  it("dates in Mexico City, es-MX order, 24-hour clock", () => {
    // 05:30 UTC on 1 January is still 31 December in Mexico City (UTC-6, no daylight saving since 2022).
    expect(mexicoCityDateTime(new Date("2027-01-01T05:30:00Z"))).toBe("31/12/2026 23:30");
    expect(mexicoCityDateTime(new Date("2026-07-04T18:05:00Z"))).toBe("04/07/2026 12:05");
  });

  it("keeps Spanish accents and ñ, spells or replaces what the standard fonts cannot draw", () => {
    expect(toWinAnsi("Begoña Núñez Ávila")).toBe("Begoña Núñez Ávila");
    expect(toWinAnsi("Łukasz Żółć")).toBe("Lukasz Zólc");
    expect(toWinAnsi("Ana 山田\u200B\tPérez")).toBe("Ana ??? Pérez");
    const lines = stampLines({ name: "Ana Pérez", email: "ana@ejemplo.mx", companyRef: "PUE-0007", ndaVersion: "2026-11", at: new Date("2026-12-04T22:50:00Z") });
    expect(lines).toEqual(["Ana Pérez · ana@ejemplo.mx", "PUE-0007 · NDA 2026-11 · 04/12/2026 16:50 (Ciudad de México)"]);
  });

  it("stamps every page, whatever its size or box, and never throws on a name outside WinAnsi", async () => {
    const stamped = await stampPdf(await samplePdf(3), { name: "Łukasz 山田", email: "lukasz@ejemplo.pl", companyRef: "PUE-0001", ndaVersion: "2026-11", at: new Date() });
    const texts = await pageTexts(stamped);
    expect(texts).toHaveLength(3);
    texts.forEach((text, index) => {
      expect(text).toContain(`Página ${index + 1} del acta`);
      expect(text).toContain("lukasz@ejemplo.pl");
      expect(text).toContain("Lukasz");
      expect(text).toContain("PUE-0001");
    });
    // Every font the stamp's tile names is in the file: pdf.js reads a missing one with its own font, but
    // poppler-based readers drew no stamp at all when the tile referred to fonts that were never written.
    const document = await PDFDocument.load(stamped);
    const dictAt = (dict: PDFDict | undefined, key: string): PDFDict | undefined => {
      const value: PDFObject | undefined = dict?.lookup(PDFName.of(key));
      return value instanceof PDFDict ? value : undefined;
    };
    for (const page of document.getPages()) {
      const xObjects = dictAt(page.node.Resources(), "XObject");
      expect(xObjects?.keys().length ?? 0).toBeGreaterThan(0);
      for (const key of xObjects?.keys() ?? []) {
        const form = xObjects?.lookup(key);
        if (!(form instanceof PDFRawStream)) continue;
        const fonts = dictAt(dictAt(form.dict, "Resources"), "Font");
        expect(fonts?.keys().length ?? 0).toBeGreaterThan(0);
        for (const name of fonts?.keys() ?? []) expect(fonts?.lookup(name), name.asString()).toBeInstanceOf(PDFDict);
      }
    }
  });

  it("reads uploads the way a buyer's open will: damaged, empty of pages and encrypted PDFs are not stampable", async () => {
    expect(await checkPdf(Buffer.from("%PDF-1.4 garbage", "latin1"))).toBe("damaged");
    expect(await checkPdf(Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1"))).toBe("damaged");
    expect(await checkPdf(SAMPLE_FILES.pdf)).toBe("ok");
    // A standard security handler's dictionary in the trailer is all pdf-lib needs to call a file encrypted.
    const encrypted = Buffer.from(
      "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\n4 0 obj <</Filter/Standard/V 2/R 3/Length 128/P -4/O(x)/U(y)>> endobj\ntrailer <</Root 1 0 R/Encrypt 4 0 R>>\n%%EOF\n",
      "latin1",
    );
    expect(await checkPdf(encrypted)).toBe("encrypted");
  });
});

describe("the stamp on an image (pure)", () => {
  const stamp: WatermarkStamp = { name: "Ana Pérez", email: "ana@ejemplo.mx", companyRef: "PUE-0007", ndaVersion: "2026-11", at: new Date("2026-12-04T22:50:00Z") };

  it("reads a PNG's and a JPEG's size from the header, without decoding", async () => {
    expect(imageDimensions(await samplePicture("image/png", 30, 20), "image/png")).toEqual({ width: 30, height: 20 });
    expect(imageDimensions(await samplePicture("image/jpeg", 30, 20), "image/jpeg")).toEqual({ width: 30, height: 20 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]), "image/jpeg")).toBeNull();
  });

  it("draws the stamp into the pixels, diagonal and repeated over light and dark parts alike; same format and size", async () => {
    const original = await samplePicture("image/png", 480, 320);
    const stamped = await stampImage(original, "image/png", stamp);
    const [before, after] = [await decodePicture(original), await decodePicture(stamped)];
    expect([after.mime, after.width, after.height]).toEqual(["image/png", 480, 320]);
    // Lossless: exactly the stamp drawn straight onto the upload's pixels.
    expect(Buffer.from(after.data).equals(await expectedPixels(original, stamp))).toBe(true);
    // Changed in every quarter of the picture (repeated, light half and dark half), and only faintly (semi-transparent).
    const difference = (x: number, y: number) => Math.abs((after.data[(y * 480 + x) * 4] ?? 0) - (before.data[(y * 480 + x) * 4] ?? 0));
    const quarter = (left: number, top: number) => {
      let [changed, most] = [0, 0];
      for (let y = top; y < top + 160; y += 1) {
        for (let x = left; x < left + 240; x += 1) {
          if (difference(x, y) > 8) changed += 1;
          most = Math.max(most, difference(x, y));
        }
      }
      return { changed: changed / (240 * 160), most };
    };
    for (const [left, top] of [[0, 0], [240, 0], [0, 160], [240, 160]] as const) {
      const { changed, most } = quarter(left, top);
      expect(changed).toBeGreaterThan(0.03);
      expect(most).toBeLessThan(120);
    }
    // Diagonal: the stamp's marks follow lines rising at 35°, so a changed pixel's neighbour 10 pixels to the
    // right and 7 up (tan 35° ≈ 0.7) is changed far more often than the one 10 to the right or 7 straight up.
    const changed = (x: number, y: number) => difference(x, y) > 8;
    let [diagonal, horizontal, vertical] = [0, 0, 0];
    for (let y = 40; y < 280; y += 1) {
      for (let x = 10; x < 200; x += 1) {
        if (!changed(x, y)) continue;
        if (changed(x + 10, y - Math.round(10 * Math.tan((35 * Math.PI) / 180)))) diagonal += 1;
        if (changed(x + 10, y)) horizontal += 1;
        if (changed(x, y - 7)) vertical += 1;
      }
    }
    expect(diagonal).toBeGreaterThan(1.5 * Math.max(horizontal, vertical));
  });

  it("keeps a JPEG a JPEG of the same size, close to the stamp drawn straight onto it", async () => {
    const original = await samplePicture("image/jpeg", 300, 200);
    const stamped = await stampImage(original, "image/jpeg", stamp);
    expect(stamped.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const [before, after, expected] = [await decodePicture(original), await decodePicture(stamped), await expectedPixels(original, stamp)];
    expect([after.mime, after.width, after.height]).toEqual(["image/jpeg", 300, 200]);
    // JPEG is lossy: the copy is far nearer the stamped pixels than the upload is.
    const distance = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0) / a.length;
    expect(distance(before.data, expected)).toBeGreaterThan(1);
    expect(distance(after.data, expected)).toBeLessThan(distance(before.data, expected) / 2);
  });

  it("never throws on a name outside the font, keeps transparency and stamps a picture smaller than the stamp", async () => {
    const clear = await new Jimp({ width: 200, height: 120, color: 0x00000000 }).getBuffer(JimpMime.png);
    const stamped = await decodePicture(await stampImage(clear, "image/png", { ...stamp, name: "山田 Łukasz" }));
    const alphas = Array.from({ length: 200 * 120 }, (_, index) => stamped.data[index * 4 + 3] ?? 0);
    expect(alphas.some((alpha) => alpha === 0)).toBe(true);
    expect(alphas.some((alpha) => alpha > 0)).toBe(true);
    const tiny = await decodePicture(await stampImage(SAMPLE_FILES.jpeg, "image/jpeg", stamp));
    expect([tiny.width, tiny.height]).toEqual([2, 2]);
  });

  it("reads uploads the way a buyer's open will: an undecodable or a too large image is not stampable", async () => {
    expect(await checkImage(SAMPLE_FILES.png, "image/png")).toBe("ok");
    expect(await checkImage(SAMPLE_FILES.jpeg, "image/jpeg")).toBe("ok");
    expect(await checkImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]), "image/jpeg")).toBe("damaged");
    expect(await checkImage(pngHeader(20, 20), "image/png")).toBe("damaged");
    // A PNG sniffed by its signature but announcing more pixels than allowed is refused before it is decoded.
    expect(await checkImage(pngHeader(MAX_IMAGE_PIXELS, 2), "image/png")).toBe("tooLarge");
    // A PNG uploaded as a JPEG (sniffing says JPEG only for JPEG bytes, but a stored file's type is trusted at view time).
    expect(await checkImage(SAMPLE_FILES.png, "image/jpeg")).toBe("damaged");
  });
});

describe.each(ONE_TEST_DATABASE)("the watermark on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let uploadsDir: string;
  const clock = Date.parse("2026-12-04T22:50:00Z");
  let owner: SignedInUser;
  let admin: SignedInUser;
  let buyer: SignedInUser;
  let company: { id: number; humanId: string };
  let original: Buffer;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    uploadsDir = await mkdtemp(join(tmpdir(), "puente-watermark-"));
    owner = await signedInUser(handle.db, { email: "duena.marca@ejemplo.mx", name: "Dueña Marca", roles: ["seller"] });
    admin = await signedInUser(handle.db, { email: "admin.marca@ejemplo.mx", name: "Admin Marca", roles: ["admin"] });
    buyer = await signedInUser(handle.db, { email: "lukasz.compra@ejemplo.mx", name: "Łukasz Núñez", roles: ["buyer"] });
    company = await createCompany(handle.db, { name: "Marca de Agua SA", ownerUserId: owner.id });
    await insertAccessRequest(handle.db, { companyId: company.id, buyerId: buyer.id, status: "approved", ndaVersion: currentNda().version });
    original = await samplePdf(4);
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
  const uploadBody = (body: MultipartBody) =>
    app.inject({ method: "POST", url: `/api/companies/${company.id}/company_files/company_acta_constitutivas`, headers: { ...auth(owner), "content-type": body.contentType }, payload: body.payload });
  const uploadPdf = (bytes: Buffer, filename = "acta.pdf") => uploadBody(dataRoomUpload(undefined, bytes, filename));
  const share = async (fileId: number) => {
    const response = await app.inject({ method: "PATCH", url: `/api/companies/${company.id}/company_files/${fileId}`, headers: auth(owner), payload: { shared: true } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const openAs = async (user: SignedInUser, fileId: number) => {
    const response = await app.inject({ method: "GET", url: `/api/companies/${company.id}/company_files/${fileId}`, headers: auth(user) });
    expect(response.statusCode, response.body).toBe(200);
    return app.inject({ method: "GET", url: decodeSigned(response.json()).url.slice(APP_URL.length) });
  };
  const storedObjects = async () => (await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length;
  const rows = async () => (await handle.db.select({ value: count() }).from(companyFiles))[0]?.value ?? 0;

  it("an approved buyer's PDF carries their e-mail on every page, stamped for that answer only; the owner's and an admin's are the upload's bytes", async () => {
    const uploaded = await uploadPdf(original);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = decodeList(uploaded.json()).items;
    if (file === undefined) throw new Error("no file in the answer");
    await share(file.id);
    const objectsBefore = await storedObjects();

    const served = await openAs(buyer, file.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["cache-control"]).toBe("private, no-store");
    expect(served.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBe(`inline; filename="acta.pdf"; filename*=UTF-8''acta.pdf`);
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    expect(served.rawPayload.equals(original)).toBe(false);
    const texts = await pageTexts(served.rawPayload);
    expect(texts).toHaveLength(4);
    for (const text of texts) {
      expect(text).toContain("lukasz.compra@ejemplo.mx");
      expect(text).toContain("Lukasz Núñez");
      expect(text).toContain(company.humanId);
      expect(text).toContain(`NDA ${currentNda().version}`);
      expect(text).toContain("04/12/2026 16:50");
    }
    // Never stored: the bucket holds the upload only, unchanged.
    expect(await storedObjects()).toBe(objectsBefore);
    const [row] = await handle.db.select({ key: companyFiles.storageKey }).from(companyFiles).where(eq(companyFiles.id, file.id));
    expect(row).toBeDefined();

    for (const manager of [owner, admin]) {
      const own = await openAs(manager, file.id);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(original)).toBe(true);
      expect(own.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("an approved buyer's PNG and JPEG are stamped copies of the same format and size; the owner's and an admin's are the upload's bytes", async () => {
    const buyerStamp: WatermarkStamp = { name: "Łukasz Núñez", email: "lukasz.compra@ejemplo.mx", companyRef: company.humanId, ndaVersion: currentNda().version, at: new Date(clock) };
    for (const [kind, filename] of [
      ["image/png", "foto.png"],
      ["image/jpeg", "foto.jpg"],
    ] as const) {
      const picture = await samplePicture(kind, 320, 240);
      const uploaded = await uploadPdf(picture, filename);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [file] = decodeList(uploaded.json()).items;
      if (file === undefined) throw new Error("no file in the answer");
      await share(file.id);
      const objectsBefore = await storedObjects();

      const served = await openAs(buyer, file.id);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(kind);
      expect(served.headers["cache-control"]).toBe("private, no-store");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
      expect(served.rawPayload.equals(picture)).toBe(false);
      const opened = await decodePicture(served.rawPayload);
      expect([opened.mime, opened.width, opened.height]).toEqual([kind, 320, 240]);
      // The buyer's stamp (name, e-mail, company, NDA, the open's minute in Mexico City): the very bytes stampImage makes of the upload.
      expect(served.rawPayload.equals(await stampImage(picture, kind, buyerStamp))).toBe(true);
      if (kind === "image/png") expect(Buffer.from(opened.data).equals(await expectedPixels(picture, buyerStamp))).toBe(true);
      expect(await storedObjects()).toBe(objectsBefore);

      for (const manager of [owner, admin]) {
        const own = await openAs(manager, file.id);
        expect(own.statusCode).toBe(200);
        expect(own.rawPayload.equals(picture)).toBe(true);
      }
    }
  });

  it("an image that cannot be decoded is refused at upload with the Spanish message, nothing stored; one stored before is never served unstamped", async () => {
    const [rowsBefore, objectsBefore] = [await rows(), await storedObjects()];
    expectOnlyMessage(await uploadPdf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), "roto.jpg"), 400, DATA_ROOM_MESSAGES.unreadableImage);
    expectOnlyMessage(await uploadPdf(pngHeader(64, 64), "roto.png"), 400, DATA_ROOM_MESSAGES.unreadableImage);
    expectOnlyMessage(await uploadPdf(pngHeader(10_000, 10_000), "enorme.png"), 400, DATA_ROOM_MESSAGES.unreadableImage);
    // A good picture beside a bad one: the request is refused whole.
    const both = multipartBody([
      { name: "files[]", filename: "buena.png", contentType: "image/png", bytes: SAMPLE_FILES.png },
      { name: "files[]", filename: "mala.png", contentType: "image/png", bytes: pngHeader(8, 8) },
    ]);
    expectOnlyMessage(await uploadBody(both), 400, DATA_ROOM_MESSAGES.unreadableImage);
    expect(await rows()).toBe(rowsBefore);
    expect(await storedObjects()).toBe(objectsBefore);

    const uploaded = await uploadPdf(SAMPLE_FILES.png, "antigua.png");
    const [file] = decodeList(uploaded.json()).items;
    if (file === undefined) throw new Error("no file in the answer");
    const [row] = await handle.db.select({ key: companyFiles.storageKey }).from(companyFiles).where(eq(companyFiles.id, file.id));
    await createDiskStorage(uploadsDir).put(row?.key ?? "", pngHeader(64, 64), "image/png");
    await share(file.id);
    expectPage(await openAs(buyer, file.id), 409, FILE_LINK_PAGES.unstampable.message, FILE_LINK_PAGES.unstampable.next);
    const own = await openAs(owner, file.id);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pngHeader(64, 64))).toBe(true);
  });

  it("a PDF that cannot be stamped is refused at upload with the Spanish message, nothing stored; one stored before is never served unstamped", async () => {
    const [rowsBefore, objectsBefore] = [await rows(), await storedObjects()];
    expectOnlyMessage(await uploadPdf(Buffer.from("%PDF-1.4 garbage", "latin1")), 400, DATA_ROOM_MESSAGES.unreadablePdf);
    // One good file beside a bad one: the request is refused whole.
    const both = multipartBody([
      { name: "files[]", filename: "bueno.pdf", contentType: "application/pdf", bytes: original },
      { name: "files[]", filename: "malo.pdf", contentType: "application/pdf", bytes: Buffer.from("%PDF-1.7\n%%EOF\n", "latin1") },
    ]);
    expectOnlyMessage(await uploadBody(both), 400, DATA_ROOM_MESSAGES.unreadablePdf);
    expect(await rows()).toBe(rowsBefore);
    expect(await storedObjects()).toBe(objectsBefore);

    // A file from before uploads were checked: the owner still opens it, a buyer gets a page, never the bytes.
    const uploaded = await uploadPdf(original, "antiguo.pdf");
    const [file] = decodeList(uploaded.json()).items;
    if (file === undefined) throw new Error("no file in the answer");
    const [row] = await handle.db.select({ key: companyFiles.storageKey }).from(companyFiles).where(eq(companyFiles.id, file.id));
    await createDiskStorage(uploadsDir).put(row?.key ?? "", Buffer.from("%PDF-1.4 garbage", "latin1"), "application/pdf");
    await share(file.id);
    expectPage(await openAs(buyer, file.id), 409, FILE_LINK_PAGES.unstampable.message, FILE_LINK_PAGES.unstampable.next);
    expect((await openAs(owner, file.id)).statusCode).toBe(200);
  });
});
