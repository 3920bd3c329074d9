import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyAnalytics, getCompanyAnalyticsEndpoint } from "../../contracts/seller-analytics.ts";
import { buildApp } from "../../server/app.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests } from "../../server/deal-room/schema.ts";
import { companyFiles, fileDownloads, fileViewPages, fileViews } from "../../server/data-room/schema.ts";
import { newStorageKey } from "../../server/storage/storage.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { callEndpoint, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, type SignedInUser } from "./harness.ts";

// The seller analytics' readings (decision 051's page reports): per document and page, per buyer; never the owner's or an admin's.

const decodeAnalytics = Schema.decodeUnknownSync(CompanyAnalytics);
const NOW = new Date("2026-12-04T18:00:00Z");

describe.each(ONE_TEST_DATABASE)("seller analytics: document readings on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, clock: () => NOW, savedSearchAlertsIntervalMs: 0 } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const person = async (roles: CreatedUser["roles"], name: string): Promise<SignedInUser> => {
    serial += 1;
    return signedInUser(handle.db, { email: `lectura${serial}@ejemplo.mx`, name, roles });
  };

  const listedCompany = (ownerUserId: number, name: string) =>
    createCompany(handle.db, { name, ownerUserId, isPublished: true, isActive: true, shortDescription: "Manufactura ligera.", stateId: 19, industryIds: [1], interestIds: [1] });

  const file = async (companyId: number, filename: string, pageCount: number | null) => {
    const [row] = await handle.db
      .insert(companyFiles)
      .values({ companyId, category: "company_poderes", storageKey: newStorageKey(), filename, contentType: "application/pdf", sizeBytes: 10, shared: true, pageCount })
      .returning({ id: companyFiles.id });
    if (row === undefined) throw new Error("no file");
    return row.id;
  };

  /** An open at `at` with its pages' milliseconds ({ page: ms }). */
  const open = async (fileId: number, viewerUserId: number, at: string, pages: Readonly<Record<number, number>> = {}) => {
    const [view] = await handle.db.insert(fileViews).values({ fileId, viewerUserId, viewedAt: new Date(at) }).returning({ id: fileViews.id });
    if (view === undefined) throw new Error("no view");
    const rows = Object.entries(pages).map(([page, milliseconds]) => ({ viewId: view.id, page: Number(page), milliseconds }));
    if (rows.length > 0) await handle.db.insert(fileViewPages).values(rows);
  };

  const download = (fileId: number, viewerUserId: number, at: string) => handle.db.insert(fileDownloads).values({ fileId, viewerUserId, downloadedAt: new Date(at) });

  const request = async (companyId: number, buyerUserId: number, status: "pending" | "approved", createdAt: string) => {
    const [row] = await handle.db
      .insert(accessRequests)
      .values({ companyId, buyerUserId, status, message: "Me interesa.", createdAt: new Date(createdAt), ...(status === "approved" ? { approvedAt: new Date(createdAt) } : {}) })
      .returning({ id: accessRequests.id });
    if (row === undefined) throw new Error("no request");
    return row.id;
  };

  it("sums each page's seconds and readers over every page, and each buyer's opens, downloads, pages and seconds; the owner's and an admin's never count", async () => {
    const owner = await person(["seller"], "Dueña Lectora");
    const admin = await person(["admin"], "Admin Lector");
    const ana = await person(["buyer"], "Ana Lectora");
    const beto = await person(["buyer"], "Beto Pendiente");
    const caro = await person(["buyer"], "Caro Sin Solicitud");
    const company = await listedCompany(owner.id, "Lecturas SA");
    const elsewhere = await listedCompany((await person(["seller"], "Otra Dueña")).id, "Ajena SA");

    const anaRequest = await request(company.id, ana.id, "approved", "2026-11-01T12:00:00Z");
    const betoRequest = await request(company.id, beto.id, "pending", "2026-11-02T12:00:00Z");

    const informe = await file(company.id, "informe.pdf", 4);
    const foto = await file(company.id, "foto.pdf", 1);
    const unCounted = await file(company.id, "sin-conteo.pdf", null);
    await file(company.id, "nunca.pdf", 2);
    const foreign = await file(elsewhere.id, "ajeno.pdf", 3);

    // Ana: two opens of the report (page 3 on screen for 0 ms is still seen), a download; a download only of the photo.
    await open(informe, ana.id, "2026-11-10T15:00:00Z", { 1: 30_000, 2: 45_500 });
    await open(informe, ana.id, "2026-11-12T15:00:00Z", { 2: 20_000, 3: 0 });
    await download(informe, ana.id, "2026-11-12T15:10:00Z");
    await download(foto, ana.id, "2026-11-13T15:00:00Z");
    // Beto: pages 1 and 4 of the report; page 2 of a file without a page count.
    await open(informe, beto.id, "2026-11-11T15:00:00Z", { 1: 10_000, 4: 5_000 });
    await open(unCounted, beto.id, "2026-11-11T16:00:00Z", { 2: 4_000 });
    // Caro opened the report without reporting a page.
    await open(informe, caro.id, "2026-11-14T15:00:00Z");
    // The owner's and the admin's opens (even with page rows) and downloads never count; nor another company's.
    await open(informe, owner.id, "2026-11-15T15:00:00Z", { 1: 99_000 });
    await open(informe, admin.id, "2026-11-15T16:00:00Z", { 1: 77_000, 2: 1_000 });
    await download(informe, owner.id, "2026-11-15T15:05:00Z");
    await download(informe, admin.id, "2026-11-15T16:05:00Z");
    await open(foreign, ana.id, "2026-11-15T17:00:00Z", { 1: 50_000 });

    for (const viewer of [owner, admin]) {
      const response = await callEndpoint(app, getCompanyAnalyticsEndpoint, viewer.token, { params: { id: company.id } });
      expect(response.statusCode, response.body).toBe(200);
      const { readings } = decodeAnalytics(response.json());
      expect(readings).toEqual([
        {
          file_id: informe,
          filename: "informe.pdf",
          page_count: 4,
          pages: [
            { page: 1, seconds: 40, readers: 2 },
            // 45.5 s + 20 s.
            { page: 2, seconds: 66, readers: 1 },
            { page: 3, seconds: 0, readers: 1 },
            { page: 4, seconds: 5, readers: 1 },
          ],
          buyers: [
            {
              buyer_user_id: ana.id,
              buyer_name: "Ana Lectora",
              buyer_email: ana.email,
              access_request_id: anaRequest,
              opens: 2,
              downloads: 1,
              pages_seen: 3,
              // 95.5 s.
              seconds: 96,
              last_read_at: "2026-11-12T15:00:00.000Z",
              pages: [
                { page: 1, seconds: 30 },
                { page: 2, seconds: 66 },
                { page: 3, seconds: 0 },
              ],
            },
            {
              buyer_user_id: beto.id,
              buyer_name: "Beto Pendiente",
              // Not approved: no contact (decision 023).
              buyer_email: null,
              access_request_id: betoRequest,
              opens: 1,
              downloads: 0,
              pages_seen: 2,
              seconds: 15,
              last_read_at: "2026-11-11T15:00:00.000Z",
              pages: [
                { page: 1, seconds: 10 },
                { page: 4, seconds: 5 },
              ],
            },
            {
              buyer_user_id: caro.id,
              buyer_name: "Caro Sin Solicitud",
              buyer_email: null,
              access_request_id: null,
              opens: 1,
              downloads: 0,
              pages_seen: 0,
              seconds: 0,
              last_read_at: "2026-11-14T15:00:00.000Z",
              pages: [],
            },
          ],
        },
        {
          file_id: unCounted,
          filename: "sin-conteo.pdf",
          page_count: null,
          // Up to the last page seen.
          pages: [
            { page: 1, seconds: 0, readers: 0 },
            { page: 2, seconds: 4, readers: 1 },
          ],
          buyers: [
            {
              buyer_user_id: beto.id,
              buyer_name: "Beto Pendiente",
              buyer_email: null,
              access_request_id: betoRequest,
              opens: 1,
              downloads: 0,
              pages_seen: 1,
              seconds: 4,
              last_read_at: "2026-11-11T16:00:00.000Z",
              pages: [{ page: 2, seconds: 4 }],
            },
          ],
        },
        {
          file_id: foto,
          filename: "foto.pdf",
          page_count: 1,
          pages: [{ page: 1, seconds: 0, readers: 0 }],
          buyers: [
            {
              buyer_user_id: ana.id,
              buyer_name: "Ana Lectora",
              buyer_email: ana.email,
              access_request_id: anaRequest,
              opens: 0,
              downloads: 1,
              pages_seen: 0,
              seconds: 0,
              last_read_at: null,
              pages: [],
            },
          ],
        },
      ]);
    }
  });

  it("a company whose documents nobody read has no readings", async () => {
    const owner = await person(["seller"], "Dueña Sin Lectores");
    const company = await listedCompany(owner.id, "Sin Lectores SA");
    const only = await file(company.id, "unico.pdf", 3);
    // Only the owner's own open.
    await open(only, owner.id, "2026-11-20T15:00:00Z", { 1: 1_000 });
    const response = await callEndpoint(app, getCompanyAnalyticsEndpoint, owner.token, { params: { id: company.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeAnalytics(response.json()).readings).toEqual([]);
  });
});
