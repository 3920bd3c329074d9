import { eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ERRORS, AdminUserList, DeactivatedUser, deactivateUserEndpoint, getKpisEndpoint, Kpis, listEmailsEndpoint, listUsersEndpoint } from "../../contracts/admin.ts";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import { COMPANY_NOT_FOUND_MESSAGE, DashboardCompanyList, listDashboardCompaniesEndpoint } from "../../contracts/companies.ts";
import { CompanyListResponse, createInterestMessageEndpoint, getCompanyEndpoint, listCompaniesEndpoint } from "../../contracts/marketplace.ts";
import { SEARCH_TOO_LONG_MESSAGE } from "../../contracts/list-query.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { healthEndpoint } from "../../contracts/health.ts";
import { createSessionEndpoint } from "../../contracts/sessions.ts";
import { weekStarts } from "../../server/admin/kpis.ts";
import { buildApp } from "../../server/app.ts";
import { auditEntriesFor } from "../../server/audit/audit-log.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { Database, DatabaseHandle } from "../../server/db/open.ts";
import { auditLog } from "../../server/audit/schema.ts";
import { companies } from "../../server/companies/schema.ts";
import { subscriptions } from "../../server/payments/schema.ts";
import { sessions, users } from "../../server/auth/schema.ts";
import { INPUT_MESSAGES } from "../../server/http/decode.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { callEndpoint, expectMessage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, sessionTokenFor, type CallOptions, type SignedInUser } from "./harness.ts";
import { adminUserListQuery, interestRequest, loginRequest, SAMPLE_PASSWORD } from "./samples.ts";

const decodeUsers = Schema.decodeUnknownSync(AdminUserList);
const decodeDeactivated = Schema.decodeUnknownSync(DeactivatedUser);
const decodeKpis = Schema.decodeUnknownSync(Kpis);
const decodeDashboard = Schema.decodeUnknownSync(DashboardCompanyList);
const decodeListing = Schema.decodeUnknownSync(CompanyListResponse);

type Person = SignedInUser;

/** A published company of `owner`'s, as the marketplace shows it. */
const listed = (name: string, ownerUserId: number, extra: Partial<CreateCompanyInput> = {}): CreateCompanyInput => ({
  name,
  ownerUserId,
  contactName: `Contacto de ${name}`,
  contactEmail: "contacto@ejemplo.mx",
  shortDescription: "Manufactura ligera en el norte del país.",
  stateId: 19,
  industryIds: [1],
  interestIds: [1],
  isPublished: true,
  isActive: true,
  ...extra,
});

describe("the KPI weeks (Mexico City's calendar, Monday first)", () => {
  it("are the 12 Mondays up to this week's, oldest first", () => {
    // Wednesday 4 March 2026, noon in Mexico City.
    const weeks = weekStarts(new Date("2026-03-04T18:00:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2025-12-15");
    expect(weeks.at(-1)).toBe("2026-03-02");
    for (let index = 1; index < weeks.length; index += 1) {
      expect(Date.parse(weeks[index] ?? "") - Date.parse(weeks[index - 1] ?? "")).toBe(7 * 24 * 60 * 60 * 1000);
    }
  });

  it("change at midnight in Mexico City, not in UTC", () => {
    // Monday 2 March 2026 05:59 UTC is still Sunday 23:59 in Mexico City (UTC-6).
    expect(weekStarts(new Date("2026-03-02T05:59:59Z")).at(-1)).toBe("2026-02-23");
    expect(weekStarts(new Date("2026-03-02T06:00:00Z")).at(-1)).toBe("2026-03-02");
    // A Monday is its own week's start; a Sunday belongs to the week that began six days before.
    expect(weekStarts(new Date("2026-03-08T23:00:00Z")).at(-1)).toBe("2026-03-02");
  });
});

describe.each(ONE_TEST_DATABASE)("admin users and KPIs on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  let admin: Person;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: TEST_APP_CONFIG });
    admin = await person(["admin"], "Administradora Principal");
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  async function person(roles: CreatedUser["roles"], name?: string, email?: string): Promise<Person> {
    serial += 1;
    return signedInUser(handle.db, { email: email ?? `persona${serial}@admin.ejemplo.mx`, name: name ?? `Persona ${serial}`, roles });
  }

  const call = (endpoint: Endpoint, token: string | undefined, options: CallOptions = {}) => callEndpoint(app, endpoint, token, options);
  const usersPage = async (query: Record<string, string>, token: string = admin.token) => {
    const response = await call(listUsersEndpoint, token, { query });
    expect(response.statusCode, response.body).toBe(200);
    return decodeUsers(response.json());
  };
  const deactivate = (userId: number | string, token: string = admin.token) => call(deactivateUserEndpoint, token, { params: { id: userId } });
  const logIn = (email: string, password: string = SAMPLE_PASSWORD) => call(createSessionEndpoint, undefined, { body: loginRequest(email, password) });

  describe("who may call", () => {
    it("every admin endpoint refuses anonymous (401), a buyer and a seller (403) and a deactivated admin (403)", async () => {
      const buyer = await person(["buyer"]);
      const seller = await person(["seller"]);
      const sellerBuyer = await person(["seller", "buyer"]);
      const formerAdmin = await person(["admin"]);
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, formerAdmin.id));
      const victim = await person(["buyer"]);
      const attempts: ReadonlyArray<readonly [string, (token: string | undefined) => Promise<LightMyRequestResponse>]> = [
        ["GET /users", (token) => call(listUsersEndpoint, token)],
        ["DELETE /users/:id", (token) => call(deactivateUserEndpoint, token, { params: { id: victim.id } })],
        ["GET /analytics/kpis", (token) => call(getKpisEndpoint, token)],
        ["GET /emails", (token) => call(listEmailsEndpoint, token, { query: { status: "failed" } })],
      ];
      for (const [label, attempt] of attempts) {
        expectMessage(await attempt(undefined), 401, MESSAGES.authRequired);
        for (const caller of [buyer, seller, sellerBuyer]) expectMessage(await attempt(caller.token), 403, MESSAGES.forbidden);
        expectMessage(await attempt(formerAdmin.token), 403, MESSAGES.deactivated);
        expect((await attempt(admin.token)).statusCode, label).toBe(200);
      }
      // Only the admin's call deactivated the victim, once.
      expect(await auditEntriesFor(handle.db, "user", victim.id)).toHaveLength(1);
    });
  });

  describe("GET /users", () => {
    it("pages newest first, 10 by default, with roles and deletedAt", async () => {
      const made: Person[] = [];
      for (let index = 0; index < 12; index += 1) made.push(await person(index % 2 === 0 ? ["buyer"] : ["seller", "buyer"], `Paginada ${index}`));
      // Distinct creation times, a minute apart: the last one made is the newest.
      for (const [index, user] of made.entries()) {
        await handle.db.update(users).set({ createdAt: new Date(Date.UTC(2030, 0, 1, 12, index)) }).where(eq(users.id, user.id));
      }
      const first = await usersPage({ q: "paginada" });
      expect(first).toMatchObject({ total: 12, page: 1, per_page: 10 });
      expect(first.items.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Paginada ${11 - index}`));
      const second = await usersPage({ q: "paginada", page: "2" });
      expect(second.items.map((row) => row.name)).toEqual(["Paginada 1", "Paginada 0"]);
      expect(second.items[0]).toMatchObject({ email: made[1]?.email, roles: [{ name: "seller" }, { name: "buyer" }], deletedAt: null, createdAt: "2030-01-01T12:01:00.000Z" });
      const small = await usersPage({ q: "paginada", page: "3", per_page: "5" });
      expect(small.items.map((row) => row.name)).toEqual(["Paginada 1", "Paginada 0"]);
      expect(await usersPage({ q: "paginada", page: "9" })).toMatchObject({ items: [], total: 12, page: 9 });
      // Without a search, every account, the admin included.
      const everyone = await usersPage({ per_page: "48" });
      expect(everyone.total).toBeGreaterThanOrEqual(13);
      expect(everyone.items.some((row) => row.id === admin.id && row.roles.some((role) => role.name === "admin"))).toBe(true);
    });

    it("searches name and e-mail ignoring accents and case, literally", async () => {
      const jose = await person(["buyer"], "José Ñúñez Garza", "jose.nunez@busqueda.ejemplo.mx");
      const maria = await person(["seller"], "María 100% Treviño", "maria@porcentaje.ejemplo.mx");
      await person(["seller"], "Otra Persona", "otra@busqueda.ejemplo.mx");
      const ids = async (q: string) => (await usersPage({ q })).items.map((row) => row.id);
      expect(await ids("jose nunez")).toEqual([jose.id]);
      expect(await ids("ÑÚÑEZ")).toEqual([jose.id]);
      expect(await ids("JOSE.NUNEZ@BUSQ")).toEqual([jose.id]);
      expect(await ids("maria 100%")).toEqual([maria.id]);
      expect(await ids("trevino")).toEqual([maria.id]);
      // LIKE's wildcards are text: "%" and "_" match only themselves.
      expect(await ids("100%_")).toEqual([]);
      expect(await ids("_")).toEqual([]);
      expect((await usersPage({ q: "busqueda.ejemplo" })).total).toBe(2);
    });

    it("refuses a search past 100 characters, a NUL and a bad page with a Spanish 400", async () => {
      expectMessage(await call(listUsersEndpoint, admin.token, { query: { q: "a".repeat(101) } }), 400, SEARCH_TOO_LONG_MESSAGE);
      expectMessage(await call(listUsersEndpoint, admin.token, { query: { q: "a\u0000b" } }), 400, INPUT_MESSAGES.nulCharacter);
      expect((await call(listUsersEndpoint, admin.token, { query: { page: "0" } })).statusCode).toBe(400);
      expect((await call(listUsersEndpoint, admin.token, { query: { per_page: "49" } })).statusCode).toBe(400);
      expect((await call(listUsersEndpoint, admin.token, { query: adminUserListQuery() })).statusCode).toBe(200);
    });
  });

  describe("DELETE /users/{id}", () => {
    it("deactivates the user: no log-in, their token dead at once, their companies off the marketplace, nothing erased", async () => {
      const seller = await person(["seller"], "Vendedora Desactivable", "desactivable@ejemplo.mx");
      const otherToken = await sessionTokenFor(handle.db, seller.id);
      const published = await createCompany(handle.db, listed("Planta Desactivable", seller.id));
      const draft = await createCompany(handle.db, listed("Borrador Desactivable", seller.id, { isPublished: false }));
      const alreadyInactive = await createCompany(handle.db, listed("Pausada Desactivable", seller.id, { isActive: false }));
      const buyer = await person(["buyer"]);
      expect((await logIn(seller.email)).statusCode).toBe(200);
      expect((await call(getCompanyEndpoint, undefined, { params: { id: published.id } })).statusCode).toBe(200);
      const listingIds = async () => decodeListing((await call(listCompaniesEndpoint, undefined, { query: { per_page: "48" } })).json()).items.map((card) => card.id);
      expect(await listingIds()).toContain(published.id);

      const response = await deactivate(seller.id);
      expect(response.statusCode, response.body).toBe(200);
      const answer = decodeDeactivated(response.json());
      expect(answer.id).toBe(seller.id);
      const [row] = await handle.db.select().from(users).where(eq(users.id, seller.id));
      expect(row?.deletedAt?.toISOString()).toBe(answer.deletedAt);

      // The right password says why; a wrong one says nothing new.
      expectMessage(await logIn(seller.email), 403, AUTH_MESSAGES.deactivated);
      expectMessage(await logIn(seller.email, "Otra-clave-1"), 401, AUTH_MESSAGES.wrongCredentials);
      // Every token they held is a 401 on any route, logout included, that says why: the app signs its person out telling them (issue 28).
      for (const token of [seller.token, otherToken]) {
        expectMessage(await call(listDashboardCompaniesEndpoint, token), 401, AUTH_MESSAGES.deactivated);
        expectMessage(await call(healthEndpoint, token), 401, AUTH_MESSAGES.deactivated);
        expect((await app.inject({ method: "DELETE", url: "/api/sessions", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      }
      // A session that ended for another reason (a log-out) says only that it ended.
      const buyersToken = await sessionTokenFor(handle.db, buyer.id);
      expect((await app.inject({ method: "DELETE", url: "/api/sessions", headers: { authorization: `Bearer ${buyersToken}` } })).statusCode).toBe(200);
      expectMessage(await call(healthEndpoint, buyersToken), 401, AUTH_MESSAGES.invalidSession);
      const open = await handle.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, seller.id));
      expect(open.length).toBeGreaterThanOrEqual(2);
      expect(open.every((session) => session.revokedAt !== null)).toBe(true);

      // Off the marketplace, the profile and interest messages.
      expect(await listingIds()).not.toContain(published.id);
      expectMessage(await call(getCompanyEndpoint, undefined, { params: { id: published.id } }), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectMessage(await call(createInterestMessageEndpoint, buyer.token, { params: { id: published.id }, body: interestRequest(published.humanId) }), 404, COMPANY_NOT_FOUND_MESSAGE);

      // Nothing erased: the account, its sessions and its companies are all there, unpublished only in effect.
      expect(row).toMatchObject({ email: "desactivable@ejemplo.mx", name: "Vendedora Desactivable", roles: ["seller"] });
      const owned = await handle.db
        .select({ id: companies.id, name: companies.name, isPublished: companies.isPublished, isActive: companies.isActive })
        .from(companies)
        .where(eq(companies.ownerUserId, seller.id))
        .orderBy(companies.id);
      expect(owned).toEqual([
        { id: published.id, name: "Planta Desactivable", isPublished: true, isActive: false },
        { id: draft.id, name: "Borrador Desactivable", isPublished: false, isActive: false },
        { id: alreadyInactive.id, name: "Pausada Desactivable", isPublished: true, isActive: false },
      ]);
      // The admin still sees them, and the user, marked.
      const dashboard = decodeDashboard((await call(listDashboardCompaniesEndpoint, admin.token, { query: { q: "desactivable" } })).json());
      expect(dashboard.items.map((company) => [company.id, company.is_active])).toEqual([
        [alreadyInactive.id, false],
        [draft.id, false],
        [published.id, false],
      ]);
      expect((await usersPage({ q: "desactivable@" })).items).toEqual([expect.objectContaining({ id: seller.id, deletedAt: answer.deletedAt })]);
    });

    it("writes one audit entry with who, the before and after of deletedAt and of the companies it unlisted", async () => {
      const seller = await person(["seller"]);
      const first = await createCompany(handle.db, listed("Auditada Uno", seller.id));
      const second = await createCompany(handle.db, listed("Auditada Dos", seller.id, { isPublished: false }));
      await createCompany(handle.db, listed("Auditada Inactiva", seller.id, { isActive: false }));
      const answer = decodeDeactivated((await deactivate(seller.id)).json());
      const entries = await auditEntriesFor(handle.db, "user", seller.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorUserId: admin.id,
        action: "user.deactivate",
        targetType: "user",
        targetId: seller.id,
        before: { deletedAt: null, activeCompanyIds: [first.id, second.id] },
        after: { deletedAt: answer.deletedAt, activeCompanyIds: [] },
      });
    });

    it("stops a paying user's plan renewing: paid until the end of its period, recorded in the audit entry", async () => {
      const seller = await person(["seller"]);
      const periodEnd = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
      await handle.db
        .insert(subscriptions)
        .values({ userId: seller.id, planId: "explora_monthly", nickname: "Explora mensual", status: "active", isPaid: true, provider: "local", periodStart: new Date(), periodEnd })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { planId: "explora_monthly", status: "active", isPaid: true, provider: "local", periodStart: new Date(), periodEnd } });
      await deactivate(seller.id);
      const [plan] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.id));
      expect(plan).toMatchObject({ status: "canceled", isPaid: true });
      expect(plan?.cancelAt?.toISOString()).toBe(periodEnd.toISOString());
      const [entry] = await auditEntriesFor(handle.db, "user", seller.id);
      expect(entry?.before).toMatchObject({ plan: "renewing" });
      expect(entry?.after).toMatchObject({ plan: "canceled", planAccessUntil: periodEnd.toISOString() });
    });

    it("refuses the admin's own account, a second deactivation and an unknown id, changing nothing", async () => {
      const entriesBefore = (await handle.db.select({ id: auditLog.id }).from(auditLog)).length;
      expectMessage(await deactivate(admin.id), 409, ADMIN_ERRORS.cannotDeactivateSelf.message);
      const [self] = await handle.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, admin.id));
      expect(self?.deletedAt).toBeNull();
      expect((await call(listUsersEndpoint, admin.token)).statusCode).toBe(200);

      const buyer = await person(["buyer"]);
      expect((await deactivate(buyer.id)).statusCode).toBe(200);
      const [once] = await handle.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, buyer.id));
      expectMessage(await deactivate(buyer.id), 409, ADMIN_ERRORS.alreadyDeactivated.message);
      const [twice] = await handle.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, buyer.id));
      expect(twice?.deletedAt).toEqual(once?.deletedAt);

      expectMessage(await deactivate(2_147_483_647), 404, ADMIN_ERRORS.userNotFound.message);
      for (const id of ["0", "abc", "2147483648", "01"]) expectMessage(await deactivate(id), 400, ADMIN_ERRORS.userNotFound.message);
      // Only the one deactivation that happened was logged.
      expect((await handle.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(entriesBefore + 1);
    });

    it("two admins at once: one deactivates, the other is told it is done already", async () => {
      const other = await person(["admin"]);
      const buyer = await person(["buyer"]);
      const answers = await Promise.all([deactivate(buyer.id, admin.token), deactivate(buyer.id, other.token)]);
      expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
      expect(await auditEntriesFor(handle.db, "user", buyer.id)).toHaveLength(1);
    });

    it("is one transaction: when the audit entry cannot be written, the user, sessions and companies stay as they were", async () => {
      const seller = await person(["seller"]);
      const company = await createCompany(handle.db, listed("Transaccional", seller.id));
      await refuseAuditFor(handle.db, seller.id);
      try {
        expect((await deactivate(seller.id)).statusCode).toBe(500);
      } finally {
        await allowAudit(handle.db);
      }
      const [row] = await handle.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, seller.id));
      expect(row?.deletedAt).toBeNull();
      expect((await call(listDashboardCompaniesEndpoint, seller.token)).statusCode).toBe(200);
      const [stillListed] = await handle.db.select({ isActive: companies.isActive }).from(companies).where(eq(companies.id, company.id));
      expect(stillListed?.isActive).toBe(true);
      // And it works once the audit log accepts it.
      expect((await deactivate(seller.id)).statusCode).toBe(200);
    });

    it("counts an admin's deactivations in the admin_actions bucket: 429 with Retry-After past the limit", async () => {
      const limited = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, rateLimits: { admin_actions: { max: 2, windowMs: 60_000 } } } });
      try {
        const victims = [await person(["buyer"]), await person(["buyer"]), await person(["buyer"])];
        const send = (id: number) => limited.inject({ method: "DELETE", url: `/api/users/${id}`, headers: { authorization: `Bearer ${admin.token}` } });
        expect((await send(victims[0]?.id ?? 0)).statusCode).toBe(200);
        expect((await send(victims[1]?.id ?? 0)).statusCode).toBe(200);
        const refused = await send(victims[2]?.id ?? 0);
        expectMessage(refused, 429, ADMIN_ERRORS.tooMany.message);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        const [untouched] = await handle.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, victims[2]?.id ?? 0));
        expect(untouched?.deletedAt).toBeNull();
      } finally {
        await limited.close();
      }
    });
  });

  describe("GET /companies?is_dashboard=true for the Empresas tab", () => {
    it("an admin gets every company, 10 a page by default, searchable by name, reference or contact", async () => {
      const seller = await person(["seller"]);
      const made = [];
      for (let index = 0; index < 12; index += 1) {
        made.push(await createCompany(handle.db, listed(`Empresa Tabla ${index}`, seller.id, { contactName: index === 3 ? "Joaquín Peña" : `Contacto ${index}` })));
      }
      for (const [index, company] of made.entries()) {
        await handle.db.update(companies).set({ createdAt: new Date(Date.UTC(2031, 0, 1, 12, index)) }).where(eq(companies.id, company.id));
      }
      const page = async (query: Record<string, string>) => decodeDashboard((await call(listDashboardCompaniesEndpoint, admin.token, { query })).json());
      const first = await page({ q: "empresa tabla" });
      expect(first).toMatchObject({ total: 12, page: 1, per_page: 10 });
      expect(first.items.map((company) => company.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Empresa Tabla ${11 - index}`));
      expect((await page({ q: "empresa tabla", page: "2" })).items.map((company) => company.name)).toEqual(["Empresa Tabla 1", "Empresa Tabla 0"]);
      expect((await page({ q: made[5]?.humanId.toLowerCase() ?? "" })).items.map((company) => company.id)).toEqual([made[5]?.id]);
      expect((await page({ q: "JOAQUIN PENA" })).items.map((company) => company.id)).toEqual([made[3]?.id]);
      // Rows carry what the tab shows.
      expect(first.items[0]).toMatchObject({ human_id: made[11]?.humanId, contact_name: "Contacto 11", state: { name: "Nuevo León" }, company_status: { name: "Created" } });
    });
  });

  describe("GET /analytics/kpis", () => {
    let kpiHandle: DatabaseHandle;
    let kpiApp: FastifyInstance;
    let kpiAdmin: Person;
    // Wednesday 4 March 2026, noon in Mexico City: the weeks run from Monday 15 December 2025 to Monday 2 March 2026.
    const NOW = new Date("2026-03-04T18:00:00Z");
    const LONG_AGO = new Date("2020-01-01T00:00:00Z");

    beforeAll(async () => {
      kpiHandle = await target.open();
      await kpiHandle.migrate();
      await seedCatalogues(kpiHandle.db);
      kpiApp = await buildApp({ db: kpiHandle.db, config: { ...TEST_APP_CONFIG, clock: () => NOW } });
      kpiAdmin = await signedInUser(kpiHandle.db, { email: "kpi.admin@ejemplo.mx", name: "Admin KPI", roles: ["admin"] });
    });

    afterAll(async () => {
      await kpiApp?.close();
      await kpiHandle?.close();
    });

    const kpis = async () => {
      const response = await callEndpoint(kpiApp, getKpisEndpoint, kpiAdmin.token);
      expect(response.statusCode, response.body).toBe(200);
      return decodeKpis(response.json());
    };

    it("counts active buyers and sellers, every company and the published ones, and zero-fills 12 weeks", async () => {
      const make = async (roles: CreatedUser["roles"], createdAt: Date, deleted = false) => {
        serial += 1;
        const user = await createUser(kpiHandle.db, { email: `kpi${serial}@ejemplo.mx`, password: SAMPLE_PASSWORD, name: `KPI ${serial}`, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
        await kpiHandle.db.update(users).set({ createdAt, deletedAt: deleted ? createdAt : null }).where(eq(users.id, user.id));
        return user.id;
      };
      // Sign-ups: Sunday 14 Dec 23:59 in Mexico City is before the first week; Monday 15 Dec 00:00 is in it.
      const sellerId = await make(["seller"], new Date("2025-12-15T05:59:59Z"));
      await make(["buyer"], new Date("2025-12-15T06:00:00Z"));
      await make(["buyer"], new Date("2026-01-10T12:00:00Z"), true);
      await make(["seller", "buyer"], new Date("2026-03-02T06:00:00Z"));
      await make(["buyer"], new Date("2026-03-04T17:00:00Z"));
      // Next Monday (after now) is outside the weeks.
      await make(["buyer"], new Date("2026-03-09T06:00:00Z"));
      await kpiHandle.db.update(users).set({ createdAt: LONG_AGO }).where(eq(users.id, kpiAdmin.id));

      const company = async (createdAt: Date, extra: Partial<CreateCompanyInput>) => {
        const { id } = await createCompany(kpiHandle.db, { name: `KPI Empresa ${createdAt.toISOString()}`, ownerUserId: sellerId, ...extra });
        await kpiHandle.db.update(companies).set({ createdAt }).where(eq(companies.id, id));
      };
      await company(new Date("2025-12-20T12:00:00Z"), { isPublished: true, isActive: true });
      await company(new Date("2026-02-01T12:00:00Z"), { isPublished: true, isActive: false });
      await company(new Date("2026-02-02T12:00:00Z"), { isPublished: false });
      await company(new Date("2026-03-03T12:00:00Z"), { isPublished: true, isActive: true });
      await company(LONG_AGO, { isPublished: true, isActive: true });

      const result = await kpis();
      expect(result.users_count).toEqual({ buyers_count: 4, sellers_count: 2 });
      expect(result.companies_count).toEqual({ total_count: 5, published_count: 3 });
      expect(result.weekly.map((week) => week.week_start)).toEqual(weekStarts(NOW));
      const byWeek = Object.fromEntries(result.weekly.map((week) => [week.week_start, [week.sign_ups, week.listings]]));
      expect(byWeek).toEqual({
        "2025-12-15": [1, 1],
        "2025-12-22": [0, 0],
        "2025-12-29": [0, 0],
        "2026-01-05": [1, 0],
        "2026-01-12": [0, 0],
        "2026-01-19": [0, 0],
        "2026-01-26": [0, 1],
        "2026-02-02": [0, 1],
        "2026-02-09": [0, 0],
        "2026-02-16": [0, 0],
        "2026-02-23": [0, 0],
        "2026-03-02": [2, 1],
      });
    });

    it("drops a deactivated user from the counts, not from the sign-ups", async () => {
      const before = await kpis();
      const buyer = await createUser(kpiHandle.db, { email: "kpi.baja@ejemplo.mx", password: SAMPLE_PASSWORD, name: "Baja", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
      await kpiHandle.db.update(users).set({ createdAt: new Date("2026-03-03T12:00:00Z") }).where(eq(users.id, buyer.id));
      const signedUp = await kpis();
      expect(signedUp.users_count.buyers_count).toBe(before.users_count.buyers_count + 1);
      expect(signedUp.weekly.at(-1)?.sign_ups).toBe((before.weekly.at(-1)?.sign_ups ?? 0) + 1);
      const response = await kpiApp.inject({ method: "DELETE", url: `/api/users/${buyer.id}`, headers: { authorization: `Bearer ${kpiAdmin.token}` } });
      expect(response.statusCode, response.body).toBe(200);
      const after = await kpis();
      expect(after.users_count).toEqual(before.users_count);
      expect(after.weekly).toEqual(signedUp.weekly);
    });
  });
});

/** A trigger that makes inserting an audit entry about `userId` fail (to prove the deactivation is one transaction). */
async function refuseAuditFor(db: Database, userId: number): Promise<void> {
  await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN IF NEW.target_id = ${userId} THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`));
  await db.execute(sql.raw("CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()"));
}

async function allowAudit(db: Database): Promise<void> {
  await db.execute(sql.raw("DROP TRIGGER IF EXISTS refuse_audit ON audit_log"));
  await db.execute(sql.raw("DROP FUNCTION IF EXISTS refuse_audit()"));
}
