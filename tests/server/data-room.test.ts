import { createServer, type Server } from "node:http";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { count, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../contracts/companies.ts";
import {
  DATA_ROOM_CATEGORIES,
  DATA_ROOM_CATEGORY_INFO,
  DATA_ROOM_MESSAGES,
  DataRoomFileList,
  FILE_LINK_PAGES,
  FileViewList,
  MAX_UPLOAD_BYTES,
  PictureUploadResponse,
  SIGNED_URL_TTL_SECONDS,
  SignedFileUrl,
} from "../../contracts/data-room.ts";
import { buildApp } from "../../server/app.ts";
import { readEnv } from "../../server/config.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { checkCifIssueDate, mexicoCityToday, minusMonths, sanitizeFilename } from "../../server/data-room/content.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { companies } from "../../server/companies/schema.ts";
import { companyFiles, fileViews } from "../../server/data-room/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { MULTIPART_MESSAGES } from "../../server/http/router.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createDiskStorage } from "../../server/storage/disk.ts";
import { createS3Storage } from "../../server/storage/s3.ts";
import { newStorageKey, type Storage } from "../../server/storage/storage.ts";
import { securityHeaders } from "../../server/http/security-headers.ts";
import { expectOnlyMessage, expectPage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE } from "./harness.ts";
import { dataRoomUpload, multipartBody, pictureUpload, SAMPLE_FILES, type MultipartBody } from "./samples.ts";

const APP_URL = "https://puente.example";
const DAY = 24 * 60 * 60 * 1000;
const decodeList = Schema.decodeUnknownSync(DataRoomFileList);
const decodeSigned = Schema.decodeUnknownSync(SignedFileUrl);
const decodeViews = Schema.decodeUnknownSync(FileViewList);

/** Every object under a disk storage directory. */
async function objectsIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("content rules (pure)", () => {
  it("sanitises names: no path, no control or bidi characters, reserved ones replaced, NFC, 120 characters keeping the extension, never empty", () => {
    expect(sanitizeFilename("../../etc/passwd", "application/pdf")).toBe("passwd");
    expect(sanitizeFilename("C:\\Users\\ana\\acta.pdf", "application/pdf")).toBe("acta.pdf");
    expect(sanitizeFilename("acta\u0000.pdf", "application/pdf")).toBe("acta.pdf");
    expect(sanitizeFilename("factura\u202Efdp.exe", "application/pdf")).toBe("facturafdp.exe");
    expect(sanitizeFilename('a<b>:c"d|e?f*.pdf', "application/pdf")).toBe("a_b__c_d_e_f_.pdf");
    expect(sanitizeFilename("Constitucio\u0301n.pdf", "application/pdf")).toBe("Constitución.pdf");
    const long = sanitizeFilename(`${"a".repeat(300)}.pdf`, "application/pdf");
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
    expect(sanitizeFilename("../..", "image/png")).toBe("archivo.png");
    expect(sanitizeFilename("\u202E\u0000", "application/pdf")).toBe("archivo.pdf");
  });

  it("reads a CIF's date in Mexico City's calendar: 3 calendar months back, the limit day accepted, the future refused", () => {
    // 03:00 UTC on 1 March is still 28 February in Mexico City (UTC-6).
    const now = new Date("2026-03-01T03:00:00Z");
    expect(mexicoCityToday(now)).toBe("2026-02-28");
    expect(minusMonths("2026-05-31", 3)).toBe("2026-02-28");
    expect(minusMonths("2024-05-31", 3)).toBe("2024-02-29");
    expect(minusMonths("2026-02-15", 3)).toBe("2025-11-15");
    expect(checkCifIssueDate("2025-11-28", now)).toEqual({ ok: true, issuedOn: "2025-11-28" });
    expect(checkCifIssueDate("2025-11-27", now)).toEqual({ ok: false, message: DATA_ROOM_MESSAGES.cifTooOld });
    expect(checkCifIssueDate("2026-02-28", now)).toEqual({ ok: true, issuedOn: "2026-02-28" });
    expect(checkCifIssueDate("2026-03-01", now)).toEqual({ ok: false, message: DATA_ROOM_MESSAGES.cifInFuture });
    expect(checkCifIssueDate("2026-02-30", now)).toEqual({ ok: false, message: DATA_ROOM_MESSAGES.cifIssuedOnRequired });
    expect(checkCifIssueDate(undefined, now)).toEqual({ ok: false, message: DATA_ROOM_MESSAGES.cifIssuedOnRequired });
  });
});

describe("storage configuration", () => {
  it("takes the four S3 variables together or none; the endpoint and path style only with them", () => {
    const full = { S3_BUCKET: "puente", S3_REGION: "auto", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secreto" };
    expect(readEnv({}).s3).toBeUndefined();
    expect(readEnv({ ...full, S3_ENDPOINT: "https://r2.example", S3_FORCE_PATH_STYLE: "true" }).s3).toEqual({
      bucket: "puente",
      region: "auto",
      accessKeyId: "id",
      secretAccessKey: "secreto",
      endpoint: "https://r2.example",
      forcePathStyle: true,
    });
    expect(() => readEnv({ S3_BUCKET: "puente" })).toThrow(/go together/);
    expect(() => readEnv({ S3_ENDPOINT: "http://minio:9000" })).toThrow(/go together/);
    expect(() => readEnv({ ...full, S3_ENDPOINT: "minio" })).toThrow(/S3_ENDPOINT/);
    expect(() => readEnv({ ...full, S3_FORCE_PATH_STYLE: "quizá" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(readEnv({ UPLOADS_DIR: "/srv/puente/uploads" }).uploadsDir).toBe("/srv/puente/uploads");
  });
});

describe("storage adapters", () => {
  const roundTrip = async (storage: Storage) => {
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, SAMPLE_FILES.pdf, "application/pdf");
    expect(await storage.get(key)).toEqual(SAMPLE_FILES.pdf);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await expect(storage.put("../escape", SAMPLE_FILES.pdf, "application/pdf")).rejects.toThrow(/storage key/);
  };

  it("disk: put, get, delete; keys that are not ours never reach a path", async () => {
    const dir = await mkdtemp(join(tmpdir(), "puente-disk-"));
    try {
      await roundTrip(createDiskStorage(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("S3: put, get, delete against an in-process S3 (path style), with the content type and signed requests", async () => {
    const objects = new Map<string, { body: Buffer; type: string | undefined }>();
    const authorizations: string[] = [];
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        authorizations.push(String(request.headers.authorization ?? ""));
        const path = decodeURIComponent((request.url ?? "").split("?")[0] ?? "");
        if (request.method === "PUT") {
          objects.set(path, { body: Buffer.concat(chunks), type: request.headers["content-type"] });
          response.writeHead(200, { etag: '"e"' }).end();
        } else if (request.method === "GET") {
          const object = objects.get(path);
          if (object === undefined) {
            response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code><Message>no</Message></Error>");
          } else {
            response.writeHead(200, { "content-type": object.type ?? "application/octet-stream", "content-length": object.body.length }).end(object.body);
          }
        } else if (request.method === "DELETE") {
          objects.delete(path);
          response.writeHead(204).end();
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const settings = {
      bucket: "puente-test",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "AKIATEST",
      secretAccessKey: "secret-test",
      forcePathStyle: true,
    };
    const client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: true, credentials: settings, maxAttempts: 1 });
    try {
      const storage = createS3Storage(settings, client);
      const key = newStorageKey();
      await storage.put(key, SAMPLE_FILES.png, "image/png");
      expect(objects.get(`/puente-test/uploads/${key}`)).toEqual({ body: SAMPLE_FILES.png, type: "image/png" });
      await roundTrip(storage);
      expect(authorizations.every((header) => header.startsWith("AWS4-HMAC-SHA256 Credential=AKIATEST/"))).toBe(true);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.each(ONE_TEST_DATABASE)("data room on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let uploadsDir: string;
  let clock = Date.now();
  const now = () => new Date(clock);
  let serial = 0;
  const actors = {} as Record<"owner" | "otherSeller" | "buyer" | "admin" | "deactivated", { id: number; token: string; email: string; name: string }>;
  let companyId = 0;
  let otherCompanyId = 0;

  const newAccount = async (roles: Array<"admin" | "seller" | "buyer">) => {
    serial += 1;
    return signedInUser(handle.db, { email: `dataroom${serial}@ejemplo.mx`, password: "Clave-segura-2026", name: `Persona Dataroom ${serial}`, roles });
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    uploadsDir = await mkdtemp(join(tmpdir(), "puente-dataroom-"));
    actors.owner = await newAccount(["seller"]);
    actors.otherSeller = await newAccount(["seller"]);
    actors.buyer = await newAccount(["buyer"]);
    actors.admin = await newAccount(["admin"]);
    actors.deactivated = await newAccount(["admin"]);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, actors.deactivated.id));
    companyId = (await createCompany(handle.db, { name: "Dataroom SA", ownerUserId: actors.owner.id })).id;
    otherCompanyId = (await createCompany(handle.db, { name: "Ajena SA", ownerUserId: actors.otherSeller.id })).id;
    app = await buildApp({
      db: handle.db,
      config: {
        ...TEST_APP_CONFIG,
        appUrl: APP_URL,
        clock: now,
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

  const auth = (token: string | undefined) => (token === undefined ? {} : { authorization: `Bearer ${token}` });
  const upload = (path: string, token: string | undefined, body: MultipartBody, method: "POST" | "PUT" = "POST") =>
    app.inject({ method, url: `/api${path}`, headers: { ...auth(token), "content-type": body.contentType }, payload: body.payload });
  const uploadTo = (category: string, token: string | undefined, body: MultipartBody, id = companyId) => upload(`/companies/${id}/company_files/${category}`, token, body);
  const get = (path: string, token?: string) => app.inject({ method: "GET", url: `/api${path}`, headers: auth(token) });
  const rowCount = async () => (await handle.db.select({ value: count() }).from(companyFiles))[0]?.value ?? 0;
  const today = () => mexicoCityToday(now());
  const uploadOne = async (category = "company_acta_constitutivas", token = actors.owner.token, body: MultipartBody = dataRoomUpload()) => {
    const response = await uploadTo(category, token, body);
    expect(response.statusCode, response.body).toBe(201);
    const [file] = decodeList(response.json()).items;
    if (file === undefined) throw new Error("no file in the answer");
    return file;
  };
  const open = async (fileId: number, token = actors.owner.token) => {
    const response = await get(`/companies/${companyId}/company_files/${fileId}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return decodeSigned(response.json());
  };
  const download = (url: string) => app.inject({ method: "GET", url: url.slice(APP_URL.length) });

  it("uploads to every category as the owner and as an admin, and lists them newest first with their sniffed type and size", async () => {
    for (const category of DATA_ROOM_CATEGORIES) {
      const issuedOn = DATA_ROOM_CATEGORY_INFO[category].needsIssueDate ? today() : undefined;
      const first = await uploadOne(category, actors.owner.token, dataRoomUpload(issuedOn, SAMPLE_FILES.pdf, "primero.pdf"));
      clock += 1000;
      const second = await uploadOne(category, actors.admin.token, dataRoomUpload(issuedOn, SAMPLE_FILES.png, "segundo.png"));
      expect(first).toMatchObject({ category, filename: "primero.pdf", content_type: "application/pdf", size_bytes: SAMPLE_FILES.pdf.length, view_count: 0, issued_on: issuedOn ?? null });
      expect(second).toMatchObject({ filename: "segundo.png", content_type: "image/png" });
      const listed = await get(`/companies/${companyId}/company_files/${category}`, actors.owner.token);
      expect(listed.statusCode).toBe(200);
      expect(decodeList(listed.json()).items.map((file) => file.id)).toEqual([second.id, first.id]);
    }
    const [uploader] = await handle.db.select({ by: companyFiles.uploadedBy }).from(companyFiles).where(eq(companyFiles.filename, "segundo.png")).limit(1);
    expect(uploader?.by).toBe(actors.admin.id);
  });

  it("several files in one request; more than 10 refused with nothing stored", async () => {
    const files = (n: number) =>
      multipartBody(Array.from({ length: n }, (_, index) => ({ name: "files[]", filename: `parte-${index}.pdf`, contentType: "application/pdf", bytes: SAMPLE_FILES.pdf })));
    const response = await uploadTo("company_asambleas", actors.owner.token, files(3));
    expect(response.statusCode).toBe(201);
    expect(decodeList(response.json()).items.map((file) => file.filename).sort()).toEqual(["parte-0.pdf", "parte-1.pdf", "parte-2.pdf"]);
    const before = [await rowCount(), (await objectsIn(uploadsDir)).length];
    expectOnlyMessage(await uploadTo("company_asambleas", actors.owner.token, files(11)), 400, DATA_ROOM_MESSAGES.tooManyFiles);
    expect([await rowCount(), (await objectsIn(uploadsDir)).length]).toEqual(before);
  });

  it("only the owner or an admin: another seller and a buyer get the missing company's 404, anonymous 401, deactivated 403", async () => {
    const file = await uploadOne();
    const before = await rowCount();
    for (const token of [actors.otherSeller.token, actors.buyer.token]) {
      expectOnlyMessage(await uploadTo("company_poderes", token, dataRoomUpload()), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectOnlyMessage(await get(`/companies/${companyId}/company_files/company_poderes`, token), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectOnlyMessage(await get(`/companies/${companyId}/company_files/${file.id}`, token), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectOnlyMessage(await get(`/companies/${companyId}/company_files/${file.id}/views`, token), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectOnlyMessage(await upload(`/companies/${companyId}/company_files`, token, pictureUpload(), "PUT"), 404, COMPANY_NOT_FOUND_MESSAGE);
    }
    expectOnlyMessage(await get(`/companies/2147483647/company_files/company_poderes`, actors.owner.token), 404, COMPANY_NOT_FOUND_MESSAGE);
    expect((await uploadTo("company_poderes", undefined, dataRoomUpload())).statusCode).toBe(401);
    expect((await get(`/companies/${companyId}/company_files/${file.id}`)).statusCode).toBe(401);
    expect((await uploadTo("company_poderes", actors.deactivated.token, dataRoomUpload())).statusCode).toBe(403);
    expect((await get(`/companies/${companyId}/company_files/company_poderes`, actors.deactivated.token)).statusCode).toBe(403);
    // A file of the owner's company asked for under another company's id: the file does not exist there.
    expectOnlyMessage(await get(`/companies/${otherCompanyId}/company_files/${file.id}`, actors.admin.token), 404, DATA_ROOM_MESSAGES.fileNotFound);
    expect(await rowCount()).toBe(before);
  });

  it("5 MB is accepted; 5 MB + 1 byte is refused 413 with the spec's message, and nothing is stored", async () => {
    const exact = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(MAX_UPLOAD_BYTES - SAMPLE_FILES.pdf.length, 0x20)]);
    expect((await uploadTo("company_ids_representante_legal", actors.owner.token, dataRoomUpload(undefined, exact))).statusCode).toBe(201);
    const before = [await rowCount(), (await objectsIn(uploadsDir)).length];
    const over = Buffer.concat([exact, Buffer.from(" ")]);
    expectOnlyMessage(await uploadTo("company_ids_representante_legal", actors.owner.token, dataRoomUpload(undefined, over)), 413, DATA_ROOM_MESSAGES.tooLarge);
    expectOnlyMessage(await upload(`/companies/${companyId}/company_files`, actors.owner.token, pictureUpload(Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(MAX_UPLOAD_BYTES)])), "PUT"), 413, DATA_ROOM_MESSAGES.tooLarge);
    expect([await rowCount(), (await objectsIn(uploadsDir)).length]).toEqual(before);
  });

  it("the type comes from the content: HTML named .pdf refused 415, a PNG accepted in the data room, a PDF refused as the picture", async () => {
    const before = await rowCount();
    expectOnlyMessage(await uploadTo("person_ids", actors.owner.token, dataRoomUpload(undefined, SAMPLE_FILES.html, "acta.pdf")), 415, DATA_ROOM_MESSAGES.badType);
    // One bad file among good ones: the whole request is refused.
    const mixed = multipartBody([
      { name: "files[]", filename: "bien.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf },
      { name: "files[]", filename: "mal.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.html },
    ]);
    expectOnlyMessage(await uploadTo("person_ids", actors.owner.token, mixed), 415, DATA_ROOM_MESSAGES.badType);
    expect(await rowCount()).toBe(before);
    const png = await uploadOne("person_ids", actors.owner.token, dataRoomUpload(undefined, SAMPLE_FILES.png, "foto.pdf"));
    expect(png.content_type).toBe("image/png");
    expect((await uploadOne("person_ids", actors.owner.token, dataRoomUpload(undefined, SAMPLE_FILES.jpeg, "ine.jpg"))).content_type).toBe("image/jpeg");
    expectOnlyMessage(await upload(`/companies/${companyId}/company_files`, actors.owner.token, pictureUpload(SAMPLE_FILES.pdf), "PUT"), 415, DATA_ROOM_MESSAGES.badPictureType);
  });

  it("stores sanitised names only: paths, NUL, RTL overrides and 300 characters", async () => {
    const named = async (filename: string) => (await uploadOne("company_poderes", actors.admin.token, dataRoomUpload(undefined, SAMPLE_FILES.pdf, filename))).filename;
    expect(await named("../../etc/passwd")).toBe("passwd");
    expect(await named("poder\u0000.pdf")).toBe("poder.pdf");
    expect(await named("poder\u202Efdp.exe")).toBe("poderfdp.exe");
    const long = await named(`${"p".repeat(300)}.pdf`);
    expect(long).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
    const keys = (await handle.db.select({ key: companyFiles.storageKey }).from(companyFiles)).map((row) => row.key);
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a CIF needs its issue date: missing, more than 3 months old, in the future or not a date refused; the limit day accepted", async () => {
    const before = await rowCount();
    expectOnlyMessage(await uploadTo("company_cifs", actors.owner.token, dataRoomUpload()), 400, DATA_ROOM_MESSAGES.cifIssuedOnRequired);
    const limit = minusMonths(today(), 3);
    const dayBefore = new Date(Date.parse(`${limit}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today()}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    expectOnlyMessage(await uploadTo("person_cifs", actors.owner.token, dataRoomUpload(dayBefore)), 400, DATA_ROOM_MESSAGES.cifTooOld);
    expectOnlyMessage(await uploadTo("person_cifs", actors.owner.token, dataRoomUpload(tomorrow)), 400, DATA_ROOM_MESSAGES.cifInFuture);
    expectOnlyMessage(await uploadTo("company_cifs", actors.owner.token, dataRoomUpload("2026-13-01")), 400, DATA_ROOM_MESSAGES.cifIssuedOnRequired);
    expectOnlyMessage(await uploadTo("company_cifs", actors.owner.token, dataRoomUpload("ayer")), 400, DATA_ROOM_MESSAGES.cifIssuedOnRequired);
    expect(await rowCount()).toBe(before);
    expect((await uploadOne("company_cifs", actors.owner.token, dataRoomUpload(limit))).issued_on).toBe(limit);
    // Other categories ignore a date.
    expect((await uploadOne("company_asambleas", actors.owner.token, dataRoomUpload(limit))).issued_on).toBeNull();
  });

  it("opening answers a signed URL that serves the bytes inline, sandboxed and uncached; expired, tampered and other files' tokens are refused", async () => {
    const file = await uploadOne("company_acta_constitutivas", actors.owner.token, dataRoomUpload(undefined, SAMPLE_FILES.pdf, "Acta Constitución.pdf"));
    const other = await uploadOne();
    const signed = await open(file.id);
    expect(signed.url.startsWith(`${APP_URL}/api/files/`)).toBe(true);
    expect(Date.parse(signed.expires_at) - clock).toBe(SIGNED_URL_TTL_SECONDS * 1000);
    const served = await download(signed.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(SAMPLE_FILES.pdf);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe(`inline; filename="Acta Constituci_n.pdf"; filename*=UTF-8''Acta%20Constituci%C3%B3n.pdf`);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("private, no-store");
    // Chrome's PDF viewer does not start in a sandboxed document: a PDF is only kept out of frames.
    expect(served.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    // An image is a sandboxed document with nothing to run.
    const image = await uploadOne("company_poderes", actors.owner.token, dataRoomUpload(undefined, SAMPLE_FILES.png, "poder.png"));
    const servedImage = await download((await open(image.id)).url);
    expect(servedImage.headers["content-type"]).toBe("image/png");
    expect(servedImage.headers["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);

    const token = signed.url.split("/").at(-1) ?? "";
    const [fileId, viewer, expires, signature = ""] = token.split(".");
    // A link we did not sign says nothing of any file or person: one page, the same for all.
    const refused = async (path: string) => expectPage(await app.inject({ method: "GET", url: path }), 404, FILE_LINK_PAGES.invalid.message, FILE_LINK_PAGES.invalid.next);
    await refused(`/api/files/${other.id}.${viewer}.${expires}.${signature}`);
    await refused(`/api/files/${fileId}.${viewer}.${Number(expires) + 3600}.${signature}`);
    await refused(`/api/files/${fileId}.${viewer}.${expires}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`);
    await refused(`/api/files/${fileId}.${viewer}.${expires}`);
    await refused(`/api/files/garbage`);
    // What the schema refuses (a link pasted with a parenthesis) is the same page, not JSON.
    await refused(`/api/files/${token}%29`);
    // Longer than any token: refused before the handler (the router's 414), never served.
    expect((await app.inject({ method: "GET", url: `/api/files/${"a".repeat(300)}` })).statusCode).toBe(414);

    clock += SIGNED_URL_TTL_SECONDS * 1000;
    await refused(`/api/files/${fileId}.${viewer}.${expires}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`);
    clock -= SIGNED_URL_TTL_SECONDS * 1000 - 1000;
  });

  it("a link past its minutes is a page that sends its owner or admin back to the company's data room to open it again", async () => {
    const file = await uploadOne("company_asambleas");
    const ownerLink = await open(file.id, actors.owner.token);
    const adminLink = await open(file.id, actors.admin.token);
    clock += SIGNED_URL_TTL_SECONDS * 1000;
    try {
      const asOwner = await download(ownerLink.url);
      expectPage(asOwner, 410, FILE_LINK_PAGES.expired.message, FILE_LINK_PAGES.expired.next.manager);
      expect(asOwner.body).toContain(`href="/mi-empresa/${companyId}"`);
      const asAdmin = await download(adminLink.url);
      expectPage(asAdmin, 410, FILE_LINK_PAGES.expired.message, FILE_LINK_PAGES.expired.next.manager);
      expect(asAdmin.body).toContain(`href="/admin/business/${companyId}"`);
      // The same headers as the app's other pages (the sandboxing CSP is the file's, not the page's), never cached.
      for (const [name, value] of Object.entries(securityHeaders("http"))) expect(asOwner.headers[name.toLowerCase()], name).toBe(value);
      expect(asOwner.headers["cache-control"]).toBe("no-store");
      // Nothing of the file or its company is on the page.
      expect(asOwner.body).not.toContain("Dataroom SA");
      expect(asOwner.body).not.toContain(file.filename);
    } finally {
      clock -= SIGNED_URL_TTL_SECONDS * 1000 - 1000;
    }
  });

  it("a deactivated account's link, or an admin's who is one no more, is a page that says their access ended; a file gone is the invalid link's page", async () => {
    const file = await uploadOne("company_poderes");
    const leaving = await newAccount(["admin"]);
    const demoted = await newAccount(["admin"]);
    const leavingLink = await open(file.id, leaving.token);
    const demotedLink = await open(file.id, demoted.token);
    const ownerLink = await open(file.id, actors.owner.token);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving.id));
    await handle.db.update(users).set({ roles: ["seller"] }).where(eq(users.id, demoted.id));
    expectPage(await download(leavingLink.url), 403, FILE_LINK_PAGES.deactivated.message, FILE_LINK_PAGES.deactivated.next);
    const notAllowed = await download(demotedLink.url);
    expectPage(notAllowed, 403, FILE_LINK_PAGES.notAllowed.message);
    expect(notAllowed.body).not.toContain("dataroom");
    await handle.db.delete(fileViews).where(eq(fileViews.fileId, file.id));
    await handle.db.delete(companyFiles).where(eq(companyFiles.id, file.id));
    expectPage(await download(ownerLink.url), 404, FILE_LINK_PAGES.invalid.message);
  });

  it("records every open (who, when): view_count in the listing, the audit list newest first with role labels", async () => {
    const file = await uploadOne("company_ids_representante_legal");
    await open(file.id, actors.owner.token);
    clock += 1000;
    await open(file.id, actors.admin.token);
    clock += 1000;
    await open(file.id, actors.owner.token);
    const listed = decodeList((await get(`/companies/${companyId}/company_files/company_ids_representante_legal`, actors.owner.token)).json());
    expect(listed.items.find((item) => item.id === file.id)?.view_count).toBe(3);
    const views = await get(`/companies/${companyId}/company_files/${file.id}/views`, actors.admin.token);
    expect(views.statusCode).toBe(200);
    const audit = decodeViews(views.json());
    expect(audit.total).toBe(3);
    expect(audit.items.map((view) => [view.viewer_email, view.viewer_role])).toEqual([
      [actors.owner.email, "Propietario"],
      [actors.admin.email, "Administrador"],
      [actors.owner.email, "Propietario"],
    ]);
    expect(audit.items[0]?.viewer_name).toBe(actors.owner.name);
    expect(Date.parse(audit.items[0]?.viewed_at ?? "")).toBe(clock);
    expectOnlyMessage(await get(`/companies/${companyId}/company_files/2147483647/views`, actors.owner.token), 404, DATA_ROOM_MESSAGES.fileNotFound);
    const [stored] = await handle.db.select({ value: count() }).from(fileViews).where(eq(fileViews.fileId, file.id));
    expect(stored?.value).toBe(3);
  });

  it("never answers a 5xx to a malformed multipart request, and stores nothing", async () => {
    const before = [await rowCount(), (await objectsIn(uploadsDir)).length];
    const good = dataRoomUpload();
    const path = `/companies/${companyId}/company_files/company_asambleas`;
    const send = (contentType: string | undefined, payload: Buffer | string) =>
      app.inject({ method: "POST", url: `/api${path}`, headers: { ...auth(actors.owner.token), ...(contentType === undefined ? {} : { "content-type": contentType }) }, payload });
    const cases: Array<[string, LightMyRequestResponse]> = [
      ["truncated", await send(good.contentType, good.payload.subarray(0, good.payload.length - 30))],
      ["wrong boundary", await send("multipart/form-data; boundary=otra", good.payload)],
      ["no boundary", await send("multipart/form-data", good.payload)],
      ["no file", await send(...Object.values(multipartBody([{ name: "issued_on", value: "2026-01-01" }])) as [string, Buffer])],
      ["wrong field name", await send(...Object.values(multipartBody([{ name: "file", filename: "a.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf }])) as [string, Buffer])],
      ["empty file", await send(...Object.values(multipartBody([{ name: "files[]", filename: "a.pdf", contentType: "application/pdf", bytes: Buffer.alloc(0) }])) as [string, Buffer])],
      ["huge field", await send(...Object.values(multipartBody([{ name: "issued_on", value: "x".repeat(5000) }, { name: "files[]", filename: "a.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf }])) as [string, Buffer])],
      ["duplicated field", await send(...Object.values(multipartBody([{ name: "issued_on", value: "2026-01-01" }, { name: "issued_on", value: "2026-01-02" }, { name: "files[]", filename: "a.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf }])) as [string, Buffer])],
      ["many fields", await send(...Object.values(multipartBody(Array.from({ length: 40 }, (_, index) => ({ name: `f${index}`, value: "1" })))) as [string, Buffer])],
      ["garbage", await send(good.contentType, "esto no es multipart")],
      ["empty body", await send(good.contentType, "")],
      ["json", await send("application/json", JSON.stringify({ files: [] }))],
      ["no content type", await send(undefined, "")],
    ];
    for (const [name, response] of cases) {
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      expect(typeof response.json().message, name).toBe("string");
    }
    expect(cases.find(([name]) => name === "json")?.[1].json()).toEqual({ message: MULTIPART_MESSAGES.notMultipart });
    expect(cases.find(([name]) => name === "json")?.[1].statusCode).toBe(415);
    expect(cases.find(([name]) => name === "no file")?.[1].json()).toEqual({ message: MULTIPART_MESSAGES.noFile });
    expect([await rowCount(), (await objectsIn(uploadsDir)).length]).toEqual(before);
    // JSON routes stay JSON-only: a multipart body elsewhere is a 415.
    const elsewhere = await app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": good.contentType }, payload: good.payload });
    expect(elsewhere.statusCode).toBe(415);
  });

  it("the picture: JPG or PNG by content under a random public URL; replacing it deletes the old object", async () => {
    const first = await upload(`/companies/${companyId}/company_files`, actors.owner.token, pictureUpload(SAMPLE_FILES.png), "PUT");
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = Schema.decodeUnknownSync(PictureUploadResponse)(first.json()).picture_url;
    expect(firstUrl).toMatch(/^\/api\/company_pictures\/[0-9a-f]{32}$/);
    const [row] = await handle.db.select({ pictureUrl: companies.pictureUrl }).from(companies).where(eq(companies.id, companyId));
    expect(row?.pictureUrl).toBe(firstUrl);
    const served = await app.inject({ method: "GET", url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(SAMPLE_FILES.png);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    const firstKey = firstUrl.split("/").at(-1) ?? "";
    expect(await objectsIn(uploadsDir)).toContain(firstKey);

    const second = await upload(`/companies/${companyId}/company_files`, actors.admin.token, pictureUpload(SAMPLE_FILES.jpeg), "PUT");
    expect(second.statusCode).toBe(200);
    const secondUrl = Schema.decodeUnknownSync(PictureUploadResponse)(second.json()).picture_url;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await objectsIn(uploadsDir)).not.toContain(firstKey);
    expectOnlyMessage(await app.inject({ method: "GET", url: firstUrl }), 404, DATA_ROOM_MESSAGES.pictureNotFound);
    expect((await app.inject({ method: "GET", url: secondUrl })).headers["content-type"]).toBe("image/jpeg");
    // Only a picture's key opens anything: a data-room file's key is not a picture.
    const [dataRoomKey] = await handle.db.select({ key: companyFiles.storageKey }).from(companyFiles).limit(1);
    expectOnlyMessage(await app.inject({ method: "GET", url: `/api/company_pictures/${dataRoomKey?.key ?? ""}` }), 404, DATA_ROOM_MESSAGES.pictureNotFound);
    // file_type must say picture.
    const wrongType = multipartBody([{ name: "file_type", value: "logo" }, { name: "file", filename: "a.png", contentType: "image/png", bytes: SAMPLE_FILES.png }]);
    expectOnlyMessage(await upload(`/companies/${companyId}/company_files`, actors.owner.token, wrongType, "PUT"), 400, DATA_ROOM_MESSAGES.badPictureType);
  });
});
