import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import {
  DATA_ROOM_CATEGORIES,
  DATA_ROOM_CATEGORY_INFO,
  DATA_ROOM_MESSAGES,
  listDataRoomFilesEndpoint,
  listFileViewsEndpoint,
  openDataRoomFileEndpoint,
  shareDataRoomFileEndpoint,
  uploadCompanyPictureEndpoint,
  uploadDataRoomFilesEndpoint,
} from "../../../contracts/data-room.ts";
import { listFileViews } from "../../../src/features/data-room/api/list-file-views.ts";
import { listDataRoomFiles } from "../../../src/features/data-room/api/list-files.ts";
import { openDataRoomFile } from "../../../src/features/data-room/api/open-file.ts";
import { changeDataRoomFile } from "../../../src/features/data-room/api/share-file.ts";
import { uploadCompanyPicture } from "../../../src/features/data-room/api/upload-company-picture.ts";
import { uploadDataRoomFiles } from "../../../src/features/data-room/api/upload-files.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { ISO_DAY, JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, eachLike, failureOf, fileFrom, integer, newPact, regex, requestTo, string, useMockServer, when, type MultipartFile } from "./pact.ts";

const { boolean } = MatchersV3;

const bearer = bearerFrom("sellerToken");

const COMPANY = { id: ["companyId", 1] } as const;
const COMPANY_FILE = { id: ["companyId", 1], fileId: ["fileId", 1] } as const;

const WITH_COMPANY = "a seller with a company is signed in";
const WITH_FILE = "a seller with a company and a data-room file is signed in";
const WITH_SHARED_FILE = "a seller with a company and a data-room file shared with approved buyers is signed in";
const WITH_COMPANY_ON_A_DAY = "a seller with a company is signed in on a given day";

/**
 * A CIF's issue date, and the server's today it is checked against (at most
 * 3 months old): fixed, so the pact does not move with the calendar; the
 * provider state sets the server's clock to that day.
 */
const CIF_ISSUED_ON = "2026-11-01";
const CIF_TODAY = "2026-11-15";

/** The smallest file the server takes for a PDF: it reads the kind from the bytes. */
const PDF: MultipartFile = {
  field: "files[]",
  filename: "acta.pdf",
  contentType: "application/pdf",
  content: Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    "latin1",
  ),
};

/** A 1x1 PNG. */
const PNG: MultipartFile = {
  field: "file",
  filename: "logo.png",
  contentType: "image/png",
  content: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
};

const FILE_ROW = {
  id: integer(1),
  category: string("company_acta_constitutivas"),
  filename: string("acta.pdf"),
  content_type: regex("^(application/pdf|image/jpeg|image/png)$", "application/pdf"),
  size_bytes: integer(48),
  issued_on: null,
  created_at: when("2026-11-01T10:00:00.000Z"),
  view_count: integer(0),
  // Nothing is shared until the seller says so (decision 023), nor downloadable by buyers (decision 051).
  shared: boolean(false),
  download_allowed: boolean(false),
  page_count: integer(1),
};

describe("the data room and the company picture (consumer)", () => {
  const pact = newPact();

  it("GET /api/companies/{id}/company_files/{category} lists a category's files with their view counts", async () => {
    await pact
      .addInteraction()
      .given(WITH_FILE)
      .uponReceiving("a request for a category of the seller's data room")
      .withRequest(...requestTo(listDataRoomFilesEndpoint("company_acta_constitutivas"), { headers: bearer, paramsFromState: COMPANY }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: eachLike(FILE_ROW) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const { items } = await listDataRoomFiles(1, "company_acta_constitutivas");
        expect(items[0]).toMatchObject({ filename: "acta.pdf", view_count: 0, category: "company_acta_constitutivas", shared: false });
      });
  });

  it("POST /api/companies/{id}/company_files/{category} stores a PDF sent as multipart files[]", async () => {
    await pact
      .addInteraction()
      .given(WITH_COMPANY)
      .uponReceiving("an upload of a PDF to the acta constitutiva")
      .withRequest(...requestTo(uploadDataRoomFilesEndpoint("company_acta_constitutivas"), { headers: bearer, paramsFromState: COMPANY, multipart: { files: [PDF] } }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ items: eachLike(FILE_ROW) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const { items } = await uploadDataRoomFiles({ companyId: 1, category: "company_acta_constitutivas", files: [fileFrom(PDF)] });
        expect(items[0]).toMatchObject({ filename: "acta.pdf", content_type: "application/pdf", view_count: 0 });
      });
  });

  // Every other category: its list (empty for a new company) and, outside the CIFs (below, with their issue date), an upload.
  for (const category of DATA_ROOM_CATEGORIES.filter((key) => key !== "company_acta_constitutivas")) {
    it(`GET /api/companies/{id}/company_files/${category} lists the category (empty at first)`, async () => {
      await pact
        .addInteraction()
        .given(WITH_COMPANY)
        .uponReceiving(`a request for the ${category} of a new company's data room`)
        .withRequest(...requestTo(listDataRoomFilesEndpoint(category), { headers: bearer, paramsFromState: COMPANY }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: [] }))
        .executeTest(async (server) => {
          useMockServer(server.url, SAMPLE_TOKEN);
          expect((await listDataRoomFiles(1, category)).items).toEqual([]);
        });
    });
    if (DATA_ROOM_CATEGORY_INFO[category].needsIssueDate || category === "company_poderes") continue;
    it(`POST /api/companies/{id}/company_files/${category} stores a PDF`, async () => {
      await pact
        .addInteraction()
        .given(WITH_COMPANY)
        .uponReceiving(`an upload of a PDF to ${category}`)
        .withRequest(...requestTo(uploadDataRoomFilesEndpoint(category), { headers: bearer, paramsFromState: COMPANY, multipart: { files: [PDF] } }))
        .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ items: eachLike({ ...FILE_ROW, category: string(category) }) }))
        .executeTest(async (server) => {
          useMockServer(server.url, SAMPLE_TOKEN);
          const { items } = await uploadDataRoomFiles({ companyId: 1, category, files: [fileFrom(PDF)] });
          expect(items[0]).toMatchObject({ filename: "acta.pdf", category });
        });
    });
  }

  for (const category of DATA_ROOM_CATEGORIES.filter((key) => DATA_ROOM_CATEGORY_INFO[key].needsIssueDate)) {
    it(`POST /api/companies/{id}/company_files/${category} stores a PDF with its issue date (issued_on)`, async () => {
      await pact
        .addInteraction()
        .given(WITH_COMPANY_ON_A_DAY, { today: CIF_TODAY })
        .uponReceiving(`an upload of a PDF to ${category} with an issue date within the last 3 months`)
        .withRequest(
          ...requestTo(uploadDataRoomFilesEndpoint(category), { headers: bearer, paramsFromState: COMPANY, multipart: { fields: { issued_on: CIF_ISSUED_ON }, files: [PDF] } }),
        )
        .willRespondWith(201, (response) =>
          response.headers(JSON_CONTENT).jsonBody({ items: eachLike({ ...FILE_ROW, category: string(category), issued_on: regex(ISO_DAY, CIF_ISSUED_ON) }) }),
        )
        .executeTest(async (server) => {
          useMockServer(server.url, SAMPLE_TOKEN);
          const { items } = await uploadDataRoomFiles({ companyId: 1, category, files: [fileFrom(PDF)], issuedOn: CIF_ISSUED_ON });
          expect(items[0]).toMatchObject({ filename: "acta.pdf", category, issued_on: CIF_ISSUED_ON });
        });
    });
  }

  it("POST /api/companies/{id}/company_files/{category} refuses a file that is not a PDF or an image (415) with its message", async () => {
    const text: MultipartFile = { field: "files[]", filename: "acta.pdf", contentType: "application/pdf", content: Buffer.from("<html>no soy un PDF</html>", "utf8") };
    await pact
      .addInteraction()
      .given(WITH_COMPANY)
      .uponReceiving("an upload of a file whose bytes are not a PDF or an image")
      .withRequest(...requestTo(uploadDataRoomFilesEndpoint("company_poderes"), { headers: bearer, paramsFromState: COMPANY, multipart: { files: [text] } }))
      .willRespondWith(415, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(DATA_ROOM_MESSAGES.badType) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(uploadDataRoomFiles({ companyId: 1, category: "company_poderes", files: [fileFrom(text)] }));
        expect(failure instanceof ApiError && failure.status).toBe(415);
        expect(failure instanceof ApiError && failure.message).toBe(DATA_ROOM_MESSAGES.badType);
      });
  });

  it("GET /api/companies/{id}/company_files/{fileId} answers a short-lived signed URL to open in a new tab", async () => {
    await pact
      .addInteraction()
      .given(WITH_FILE)
      .uponReceiving("a request to open a data-room file")
      .withRequest(...requestTo(openDataRoomFileEndpoint, { headers: bearer, paramsFromState: COMPANY_FILE }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          url: regex("^(https?://[^/]+)?/api/files/[\\w.-]+$", "/api/files/1.9.1767261600.c2lnbmF0dXJl"),
          expires_at: when("2026-11-01T10:05:00.000Z"),
          filename: string("acta.pdf"),
          content_type: string("application/pdf"),
          download_allowed: boolean(true),
          // The owner's own open is never read page by page.
          reading: null,
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const signed = await openDataRoomFile(1, 1);
        expect(signed.url).toMatch(/\/api\/files\//);
        expect(Number.isNaN(Date.parse(signed.expires_at))).toBe(false);
      });
  });

  it("GET /api/companies/{id}/company_files/{fileId}/views lists who opened the file", async () => {
    await pact
      .addInteraction()
      .given(WITH_FILE)
      .uponReceiving("a request for who opened a data-room file")
      .withRequest(...requestTo(listFileViewsEndpoint, { headers: bearer, paramsFromState: COMPANY_FILE }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            viewer_name: string("Ana López"),
            viewer_email: string("ana@example.com"),
            viewer_role: string("Propietario"),
            viewed_at: when("2026-11-01T10:00:00.000Z"),
          }),
          total: integer(1),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const views = await listFileViews(1, 1);
        expect(views.total).toBe(1);
        expect(views.items[0]).toMatchObject({ viewer_role: "Propietario" });
      });
  });

  it("GET /api/companies/{id}/company_files/{fileId} answers 404 for a file that does not exist", async () => {
    await pact
      .addInteraction()
      .given(WITH_COMPANY)
      .uponReceiving("a request to open a data-room file that does not exist")
      .withRequest(...requestTo(openDataRoomFileEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 1] }, params: { fileId: 999999 } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(DATA_ROOM_MESSAGES.fileNotFound) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(openDataRoomFile(1, 999999));
        expect(failure instanceof ApiError && failure.status).toBe(404);
        expect(failure instanceof ApiError && failure.message).toBe(DATA_ROOM_MESSAGES.fileNotFound);
      });
  });

  it("PATCH /api/companies/{id}/company_files/{fileId} shares a document with approved buyers and answers the file", async () => {
    await pact
      .addInteraction()
      .given(WITH_FILE)
      .uponReceiving("a request to share a data-room file with approved buyers")
      .withRequest(...requestTo(shareDataRoomFileEndpoint, { headers: bearer, paramsFromState: COMPANY_FILE, body: { shared: true } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ ...FILE_ROW, id: integer(1), shared: true, view_count: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const file = await changeDataRoomFile(1, 1, { shared: true });
        expect(file).toMatchObject({ id: 1, shared: true });
      });
  });

  it("PATCH /api/companies/{id}/company_files/{fileId} stops sharing a shared document", async () => {
    await pact
      .addInteraction()
      .given(WITH_SHARED_FILE)
      .uponReceiving("a request to stop sharing a shared data-room file")
      .withRequest(...requestTo(shareDataRoomFileEndpoint, { headers: bearer, paramsFromState: COMPANY_FILE, body: { shared: false } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ ...FILE_ROW, id: integer(1), shared: false, view_count: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const file = await changeDataRoomFile(1, 1, { shared: false });
        expect(file).toMatchObject({ id: 1, shared: false });
      });
  });

  it("PATCH /api/companies/{id}/company_files/{fileId} lets approved buyers download a shared document (decision 051)", async () => {
    await pact
      .addInteraction()
      .given(WITH_SHARED_FILE)
      .uponReceiving("a request to allow downloads of a shared data-room file")
      .withRequest(...requestTo(shareDataRoomFileEndpoint, { headers: bearer, paramsFromState: COMPANY_FILE, body: { download_allowed: true } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ ...FILE_ROW, id: integer(1), shared: true, download_allowed: true, view_count: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const file = await changeDataRoomFile(1, 1, { download_allowed: true });
        expect(file).toMatchObject({ id: 1, shared: true, download_allowed: true });
      });
  });

  it("PATCH /api/companies/{id}/company_files/{fileId} answers 404 for a file that does not exist", async () => {
    await pact
      .addInteraction()
      .given(WITH_COMPANY)
      .uponReceiving("a request to share a data-room file that does not exist")
      .withRequest(...requestTo(shareDataRoomFileEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 1] }, params: { fileId: 999999 }, body: { shared: true } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(DATA_ROOM_MESSAGES.fileNotFound) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(changeDataRoomFile(1, 999999, { shared: true }));
        expect(failure instanceof ApiError && failure.status).toBe(404);
        expect(failure instanceof ApiError && failure.message).toBe(DATA_ROOM_MESSAGES.fileNotFound);
      });
  });

  it("PUT /api/companies/{id}/company_files stores the picture sent as multipart file and file_type=picture", async () => {
    await pact
      .addInteraction()
      .given(WITH_COMPANY)
      .uponReceiving("an upload of the company picture")
      .withRequest(...requestTo(uploadCompanyPictureEndpoint, { headers: bearer, paramsFromState: COMPANY, multipart: { fields: { file_type: "picture" }, files: [PNG] } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ picture_url: regex("^(https?://[^/]+)?/api/company_pictures/[0-9a-f]{32}$", "/api/company_pictures/0123456789abcdef0123456789abcdef") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const { picture_url } = await uploadCompanyPicture({ companyId: 1, file: fileFrom(PNG) });
        expect(picture_url).toMatch(/\/api\/company_pictures\/[0-9a-f]{32}$/);
      });
  });
});
