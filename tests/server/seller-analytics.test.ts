import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE, INVALID_COMPANY_ID_MESSAGE } from "../../contracts/companies.ts";
import { ANALYTICS_WEEKS, CompanyAnalytics, getCompanyAnalyticsEndpoint } from "../../contracts/seller-analytics.ts";
import { buildApp } from "../../server/app.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests, companyProfileViews, lettersOfIntent } from "../../server/deal-room/schema.ts";
import { companyFiles, fileViews } from "../../server/data-room/schema.ts";
import { interestMessages } from "../../server/marketplace/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { weekStarts } from "../../server/db/weeks.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import { newStorageKey } from "../../server/storage/storage.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { callEndpoint, expectMessage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, type SignedInUser } from "./harness.ts";

const decodeAnalytics = Schema.decodeUnknownSync(CompanyAnalytics);

/** Wednesday 4 March 2026, noon in Mexico City (UTC-6): this week began Monday 2 March. */
const NOW = new Date("2026-03-04T18:00:00Z");
/** Monday 2 March 2026 00:00 in Mexico City, and the second before it (still Sunday 1 March there, already Monday in UTC). */
const MONDAY_MIDNIGHT = new Date("2026-03-02T06:00:00Z");
const SUNDAY_LAST_SECOND = new Date("2026-03-02T05:59:59Z");

type Person = SignedInUser;

describe.each(ONE_TEST_DATABASE)("seller analytics on $kind", (target) => {
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

  async function person(roles: CreatedUser["roles"], name?: string): Promise<Person> {
    serial += 1;
    return signedInUser(handle.db, { email: `analitica${serial}@ejemplo.mx`, name: name ?? `Persona ${serial}`, roles });
  }

  const listedCompany = async (owner: Person, name: string) =>
    createCompany(handle.db, { name, ownerUserId: owner.id, isPublished: true, isActive: true, shortDescription: "Manufactura ligera.", stateId: 19, industryIds: [1], interestIds: [1] });

  const file = async (companyId: number, filename: string, shared = false) => {
    const [row] = await handle.db
      .insert(companyFiles)
      .values({ companyId, category: "company_poderes", storageKey: newStorageKey(), filename, contentType: "application/pdf", sizeBytes: 10, shared })
      .returning({ id: companyFiles.id });
    if (row === undefined) throw new Error("no file");
    return row.id;
  };

  const views = (fileId: number, viewerUserId: number, ...at: ReadonlyArray<Date>) =>
    handle.db.insert(fileViews).values(at.map((viewedAt) => ({ fileId, viewerUserId, viewedAt })));

  const request = async (companyId: number, buyerUserId: number, status: "pending" | "approved" | "rejected" | "revoked", createdAt: Date) => {
    const [row] = await handle.db
      .insert(accessRequests)
      .values({ companyId, buyerUserId, status, message: "Me interesa conocer la empresa.", createdAt, ...(status === "approved" || status === "revoked" ? { approvedAt: createdAt } : {}) })
      .returning({ id: accessRequests.id });
    if (row === undefined) throw new Error("no request");
    return row.id;
  };

  const interest = (companyId: number, createdAt: Date) =>
    handle.db.insert(interestMessages).values({ companyId, name: "Interesado", email: "interesado@ejemplo.mx", humanId: "PUE-0000", summary: "Me interesa.", createdAt });

  const analyticsOf = (companyId: number | string, token: string | undefined) => callEndpoint(app, getCompanyAnalyticsEndpoint, token, { params: { id: companyId } });

  it("counts what buyers did, by week in Mexico City, and never the owner's or an admin's own views and opens", async () => {
    const admin = await person(["admin"]);
    const owner = await person(["seller"], "Dueña Analítica");
    const [ana, beto, caro, dani] = [await person(["buyer"], "Ana Compradora"), await person(["buyer"], "Beto Inversionista"), await person(["buyer"], "Caro Fondo"), await person(["seller", "buyer"], "Dani Mixta")];
    if (ana === undefined || beto === undefined || caro === undefined || dani === undefined) throw new Error("no buyers");
    const company = await listedCompany(owner, "Empresa Medida");
    const elsewhere = await listedCompany(await person(["seller"]), "Empresa Ajena");

    // Profile views: a row per viewer and Mexico City day.
    await handle.db.insert(companyProfileViews).values([
      { companyId: company.id, viewerKey: `u:${ana.id}`, day: "2026-03-02", viewerUserId: ana.id },
      { companyId: company.id, viewerKey: `u:${beto.id}`, day: "2026-03-01", viewerUserId: beto.id },
      { companyId: company.id, viewerKey: "a:visitante-1", day: "2026-03-01", viewerUserId: null },
      // Before the chart's first week (Monday 15 December 2025): in the totals only.
      { companyId: company.id, viewerKey: `u:${ana.id}`, day: "2025-12-14", viewerUserId: ana.id },
      // The owner's and an admin's own: never counted.
      { companyId: company.id, viewerKey: `u:${owner.id}`, day: "2026-03-02", viewerUserId: owner.id },
      { companyId: company.id, viewerKey: `u:${admin.id}`, day: "2026-03-03", viewerUserId: admin.id },
      { companyId: elsewhere.id, viewerKey: `u:${ana.id}`, day: "2026-03-02", viewerUserId: ana.id },
    ]);

    // Interest messages on either side of Monday's midnight in Mexico City.
    await interest(company.id, SUNDAY_LAST_SECOND);
    await interest(company.id, MONDAY_MIDNIGHT);
    await interest(elsewhere.id, MONDAY_MIDNIGHT);

    // Access requests: one of each status, one of them before the chart.
    const anaRequest = await request(company.id, ana.id, "approved", new Date("2026-02-10T17:00:00Z"));
    const betoRequest = await request(company.id, beto.id, "pending", new Date("2026-03-03T17:00:00Z"));
    const caroRequest = await request(company.id, caro.id, "rejected", new Date("2025-11-01T17:00:00Z"));
    const daniRequest = await request(company.id, dani.id, "revoked", new Date("2026-01-20T17:00:00Z"));
    const elsewhereRequest = await request(elsewhere.id, ana.id, "approved", new Date("2026-02-10T17:00:00Z"));

    // Letters of intent on Ana's request (one answered, one pending), and one elsewhere.
    await handle.db.insert(lettersOfIntent).values([
      { accessRequestId: anaRequest, amount: 1_000_000, currency: "MXN", stakePercentage: 30, terms: "Pago en dos partes.", status: "declined" },
      { accessRequestId: anaRequest, amount: 1_200_000, currency: "MXN", stakePercentage: 30, terms: "Pago de contado.", status: "pending" },
      { accessRequestId: elsewhereRequest, amount: 500_000, currency: "USD", stakePercentage: 10, terms: "Deuda convertible.", status: "pending" },
    ]);

    // Document opens: buyers count; the owner's and the admin's own do not.
    const acta = await file(company.id, "acta.pdf", true);
    const poder = await file(company.id, "poder.pdf", true);
    const never = await file(company.id, "sin-abrir.pdf");
    const foreign = await file(elsewhere.id, "ajeno.pdf", true);
    const lastActaOpen = new Date("2026-03-03T16:30:00Z");
    await views(acta, ana.id, SUNDAY_LAST_SECOND, MONDAY_MIDNIGHT, lastActaOpen);
    await views(acta, beto.id, new Date("2026-02-20T12:00:00Z"));
    await views(poder, ana.id, new Date("2026-02-25T12:00:00Z"));
    await views(acta, owner.id, MONDAY_MIDNIGHT, MONDAY_MIDNIGHT);
    await views(poder, admin.id, MONDAY_MIDNIGHT);
    await views(foreign, ana.id, MONDAY_MIDNIGHT);

    for (const viewer of [owner, admin]) {
      const response = await analyticsOf(company.id, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      const analytics = decodeAnalytics(response.json());
      expect(analytics.company_id).toBe(company.id);
      expect(analytics.human_id).toBe(company.humanId);
      expect(analytics.totals).toEqual({
        profile_views: 4,
        interest_messages: 2,
        access_requests: { pending: 1, approved: 1, rejected: 1, revoked: 1 },
        document_opens: 5,
        letters_of_intent: 2,
      });

      // 12 Mondays, oldest first, this week last, zero-filled.
      expect(analytics.weeks.map((week) => week.week_start)).toEqual(weekStarts(NOW, ANALYTICS_WEEKS));
      expect(analytics.weeks).toHaveLength(ANALYTICS_WEEKS);
      expect(analytics.weeks[0]?.week_start).toBe("2025-12-15");
      const week = (start: string) => analytics.weeks.find((entry) => entry.week_start === start);
      // This week (from Monday 2 March, Mexico City): Ana's view, the message at midnight, Beto's request, Ana's two opens at and after midnight.
      expect(week("2026-03-02")).toEqual({ week_start: "2026-03-02", profile_views: 1, interest_messages: 1, access_requests: 1, document_opens: 2 });
      // The week before: Sunday's view and visitor, the message a second before midnight, Ana's open at that second and her opening of the poder.
      expect(week("2026-02-23")).toEqual({ week_start: "2026-02-23", profile_views: 2, interest_messages: 1, access_requests: 0, document_opens: 2 });
      expect(week("2026-02-16")).toEqual({ week_start: "2026-02-16", profile_views: 0, interest_messages: 0, access_requests: 0, document_opens: 1 });
      expect(week("2026-02-09")).toEqual({ week_start: "2026-02-09", profile_views: 0, interest_messages: 0, access_requests: 1, document_opens: 0 });
      expect(week("2026-01-19")).toEqual({ week_start: "2026-01-19", profile_views: 0, interest_messages: 0, access_requests: 1, document_opens: 0 });
      const charted = analytics.weeks.reduce(
        (sum, entry) => ({ views: sum.views + entry.profile_views, requests: sum.requests + entry.access_requests, opens: sum.opens + entry.document_opens }),
        { views: 0, requests: 0, opens: 0 },
      );
      // The December view and the November request are before the chart.
      expect(charted).toEqual({ views: 3, requests: 3, opens: 5 });

      // Every document, most opened first; the never-opened one last.
      expect(analytics.documents).toEqual([
        { file_id: acta, filename: "acta.pdf", category: "company_poderes", shared: true, opens: 4, buyers: 2, last_opened_at: lastActaOpen.toISOString() },
        { file_id: poder, filename: "poder.pdf", category: "company_poderes", shared: true, opens: 1, buyers: 1, last_opened_at: "2026-02-25T12:00:00.000Z" },
        { file_id: never, filename: "sin-abrir.pdf", category: "company_poderes", shared: false, opens: 0, buyers: 0, last_opened_at: null },
      ]);

      // Every request, with its buyer's opens, most opens first (then newest).
      expect(analytics.buyers).toEqual([
        { access_request_id: anaRequest, buyer_name: "Ana Compradora", status: "approved", opens: 4, last_opened_at: lastActaOpen.toISOString() },
        { access_request_id: betoRequest, buyer_name: "Beto Inversionista", status: "pending", opens: 1, last_opened_at: "2026-02-20T12:00:00.000Z" },
        { access_request_id: daniRequest, buyer_name: "Dani Mixta", status: "revoked", opens: 0, last_opened_at: null },
        { access_request_id: caroRequest, buyer_name: "Caro Fondo", status: "rejected", opens: 0, last_opened_at: null },
      ]);
      // A buyer's e-mail only once approved (decision 023), in the readings: never a pending buyer's.
      expect(response.body).not.toContain(beto.email);
      expect(analytics.readings.flatMap((document) => document.buyers.map((buyer) => [buyer.buyer_name, buyer.buyer_email]))).toEqual([
        ["Ana Compradora", ana.email],
        ["Beto Inversionista", null],
        ["Ana Compradora", ana.email],
      ]);
    }
  });

  it("a company nobody looked at: zeros, 12 empty weeks, its documents unopened, no buyers", async () => {
    const owner = await person(["seller"]);
    const company = await listedCompany(owner, "Empresa Tranquila");
    const draft = await createCompany(handle.db, { name: "Borrador Tranquilo", ownerUserId: owner.id, isPublished: false });
    const only = await file(company.id, "unico.pdf");
    const response = await analyticsOf(company.id, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const analytics = decodeAnalytics(response.json());
    expect(analytics.totals).toEqual({ profile_views: 0, interest_messages: 0, access_requests: { pending: 0, approved: 0, rejected: 0, revoked: 0 }, document_opens: 0, letters_of_intent: 0 });
    expect(analytics.weeks).toHaveLength(ANALYTICS_WEEKS);
    expect(analytics.weeks.every((week) => week.profile_views + week.interest_messages + week.access_requests + week.document_opens === 0)).toBe(true);
    expect(analytics.documents).toEqual([{ file_id: only, filename: "unico.pdf", category: "company_poderes", shared: false, opens: 0, buyers: 0, last_opened_at: null }]);
    expect(analytics.buyers).toEqual([]);
    // An unpublished company has analytics too (its owner prepares it).
    expect((await analyticsOf(draft.id, owner.token)).statusCode).toBe(200);
  });

  it("only the owner and admins: anyone else gets the missing company's 404, no session 401, a deactivated account 403", async () => {
    const owner = await person(["seller"]);
    const admin = await person(["admin"]);
    const otherSeller = await person(["seller"]);
    const buyer = await person(["buyer"]);
    const deactivated = await person(["admin"]);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deactivated.id));
    const company = await listedCompany(owner, "Empresa Privada");
    // A buyer with an approved request is still not the seller.
    await request(company.id, buyer.id, "approved", new Date("2026-03-01T12:00:00Z"));

    expect((await analyticsOf(company.id, owner.token)).statusCode).toBe(200);
    expect((await analyticsOf(company.id, admin.token)).statusCode).toBe(200);
    for (const stranger of [otherSeller, buyer]) expectMessage(await analyticsOf(company.id, stranger.token), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectMessage(await analyticsOf(2_147_483_647, admin.token), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectMessage(await analyticsOf(company.id, undefined), 401, MESSAGES.authRequired);
    expectMessage(await analyticsOf(company.id, deactivated.token), 403, MESSAGES.deactivated);
    for (const bad of ["abc", "0", "2147483648"]) expectMessage(await analyticsOf(bad, admin.token), 400, INVALID_COMPANY_ID_MESSAGE);
  });
});
