import { asc, count, eq, like, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOnlyFieldsMessage, COMPANY_MESSAGES, COMPANY_NOT_FOUND_MESSAGE, CompanyCreateResponse, CompanyRecord, PUBLISHED_COMPANY_STATUS_ID } from "../../contracts/companies.ts";
import { CompanyListResponse } from "../../contracts/marketplace.ts";
import { INVALID_EMAIL_MESSAGE } from "../../contracts/fields.ts";
import { unknownOptionMessage } from "../../contracts/registration.ts";
import { buildApp } from "../../server/app.ts";
import { auditEntriesFor } from "../../server/audit/audit-log.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { auditLog } from "../../server/audit/schema.ts";
import { companies } from "../../server/companies/schema.ts";
import { companyStatuses } from "../../server/catalogues/schema.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, type SignedInUser } from "./harness.ts";
import { companyCreateRequest, companyUpdateRequest } from "./samples.ts";

const decodeCreated = Schema.decodeUnknownSync(CompanyCreateResponse);
const decodeRecord = Schema.decodeUnknownSync(CompanyRecord);
const decodeList = Schema.decodeUnknownSync(CompanyListResponse);

const APP_URL = "https://puente.example.mx";
/** company_statuses 'Pausada'. */
const PAUSED_STATUS_ID = 4;

const rolesOf = (token: string): ReadonlyArray<string> => {
  const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  const roles: unknown = typeof payload === "object" && payload !== null ? Reflect.get(payload, "roles") : undefined;
  return Array.isArray(roles) ? roles.map(String) : [];
};

describe.each(ONE_TEST_DATABASE)("company writes on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: { ...TEST_APP_CONFIG, appUrl: APP_URL, rateLimits: { company_writes: { max: 10_000, windowMs: 60_000 } } },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const account = async (roles: ReadonlyArray<"admin" | "seller" | "buyer">): Promise<SignedInUser> => {
    serial += 1;
    return signedInUser(handle.db, { email: `cuenta${serial}@example.mx`, password: "Clave-segura-2026", name: `Persona ${serial}`, phone: `55100000${serial}`, roles });
  };

  const contactOf = (user: CreatedUser) => ({ name: user.name, email: user.email, phone: user.phone });

  const post = (token: string | null, payload: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method: "POST", url: "/api/companies", headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: payload as object });
  const put = (token: string | null, id: number | string, payload: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method: "PUT", url: `/api/companies/${id}`, headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: payload as object });

  const companyCount = async (): Promise<number> => (await handle.db.select({ n: count() }).from(companies))[0]?.n ?? 0;

  const created = async (token: string, payload: unknown) => {
    const response = await post(token, payload);
    expect(response.statusCode, response.body).toBe(201);
    return decodeCreated(response.json());
  };

  it("a seller creates an unpublished company owned by them, with a human id and the defaults", async () => {
    const seller = await account(["seller"]);
    const company = await created(seller.token, companyCreateRequest(contactOf(seller)));
    expect(company.human_id).toMatch(/^PUE-\d{4,}$/);
    expect(company.owner_user_id).toBe(seller.id);
    expect(company.is_published).toBe(false);
    expect(company.company_status.name).toBe("Created");
    expect(company.verification_level.name).toBe("Pendiente");
    expect(company.contact).toEqual({ name: seller.name, email: seller.email, phone: seller.phone });
    expect(company.industry_ids).toEqual([1, 2]);
    expect(company.interest_ids).toEqual([1]);
    expect(company.access_token).toBeUndefined();
    // The owner reads it back as stored.
    const record = await app.inject({ method: "GET", url: `/api/companies/${company.id}?is_dashboard=true`, headers: { authorization: `Bearer ${seller.token}` } });
    expect(decodeRecord(record.json()).name).toBe(company.name);
  });

  it("the human id is unique and stays the same across updates", async () => {
    const seller = await account(["seller"]);
    const first = await created(seller.token, companyCreateRequest(contactOf(seller)));
    const second = await created(seller.token, companyCreateRequest(contactOf(seller)));
    expect(second.human_id).not.toBe(first.human_id);
    const updated = await put(seller.token, first.id, { ...companyUpdateRequest(), name: "Otro nombre" });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(decodeRecord(updated.json()).human_id).toBe(first.human_id);
  });

  it("a partial update changes only what is sent; null clears; lists replace", async () => {
    const seller = await account(["seller"]);
    const company = await created(seller.token, { ...companyCreateRequest(contactOf(seller)), website: "https://antes.mx", headcount: 12 });
    const response = await put(seller.token, company.id, { website: null, industry_ids: [3], short_description: "  Nueva descripción  " });
    expect(response.statusCode, response.body).toBe(200);
    const record = decodeRecord(response.json());
    expect(record.website).toBeNull();
    expect(record.headcount).toBe(12);
    expect(record.industry_ids).toEqual([3]);
    expect(record.interest_ids).toEqual([1]);
    expect(record.short_description).toBe("Nueva descripción");
    expect(record.name).toBe(company.name);
  });

  it("an admin creates and edits any company, admin-only fields included", async () => {
    const admin = await account(["admin"]);
    const seller = await account(["seller"]);
    const own = await created(seller.token, companyCreateRequest(contactOf(seller)));
    const response = await put(admin.token, own.id, {
      company_status_id: 2,
      verification_level_id: 3,
      long_description: "Descripción larga",
      ebitda: 1_500_000.5,
      ebitda_margin: 18.5,
      yearly_sales: 9_000_000,
      funding_round: 250_000,
      average_yearly_growth: 12.25,
      contact: { name: "Contacto Nuevo", email: "contacto@empresa.mx", phone: "5511112222" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const record = decodeRecord(response.json());
    expect(record).toMatchObject({
      company_status_id: 2,
      verification_level_id: 3,
      long_description: "Descripción larga",
      ebitda: 1_500_000.5,
      ebitda_margin: 18.5,
      yearly_sales: 9_000_000,
      funding_round: 250_000,
      average_yearly_growth: 12.25,
      contact: { name: "Contacto Nuevo", email: "contacto@empresa.mx", phone: "5511112222" },
      owner_user_id: seller.id,
    });
    const adminOwn = await created(admin.token, { ...companyCreateRequest({ name: "Alguien", email: "alguien@empresa.mx", phone: null }), company_status_id: 3 });
    expect(adminOwn.contact.email).toBe("alguien@empresa.mx");
    expect(adminOwn.company_status_id).toBe(3);
    // 'Publicada' is what publishes (decision 022), on creation too.
    expect(adminOwn.is_published).toBe(true);
  });

  it("refuses admin-only fields from a seller with a 403 naming them, and saves nothing", async () => {
    const seller = await account(["seller"]);
    const company = await created(seller.token, companyCreateRequest(contactOf(seller)));
    const refused = await put(seller.token, company.id, { name: "Cambio", verification_level_id: 3, ebitda: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: adminOnlyFieldsMessage(["verification_level_id", "ebitda"]) });
    expect(refused.json().message).toContain("nivel de verificación");
    const [row] = await handle.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe(company.name);
    expect(row?.verificationLevelId).toBe(1);

    const before = await companyCount();
    const onCreate = await post(seller.token, { ...companyCreateRequest(contactOf(seller)), company_status_id: 3 });
    expect(onCreate.statusCode).toBe(403);
    expect(onCreate.json()).toEqual({ message: adminOnlyFieldsMessage(["company_status_id"]) });
    expect(await companyCount()).toBe(before);
  });

  it("locks the contact: a seller's new company has their own contact; an edit cannot change it", async () => {
    const seller = await account(["seller"]);
    const before = await companyCount();
    const other = await post(seller.token, companyCreateRequest({ name: "Otra Persona", email: "otra@example.mx", phone: null }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: COMPANY_MESSAGES.contactMustBeYours });
    expect(await companyCount()).toBe(before);

    const company = await created(seller.token, companyCreateRequest({ name: seller.name, email: seller.email.toUpperCase(), phone: null }));
    expect(company.contact.phone).toBe(seller.phone);
    const changed = await put(seller.token, company.id, { contact: { name: seller.name, email: "nuevo@example.mx", phone: seller.phone } });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ message: COMPANY_MESSAGES.contactLocked });
    const phone = await put(seller.token, company.id, { contact: { ...contactOf(seller), phone: "5599999999" } });
    expect(phone.statusCode).toBe(400);
    const same = await put(seller.token, company.id, { contact: contactOf(seller), name: "Mismo contacto" });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("validates: a missing name, a missing contact e-mail and an unknown catalogue id are 400s that write nothing", async () => {
    const seller = await account(["seller"]);
    const before = await companyCount();
    const noName = await post(seller.token, { ...companyCreateRequest(contactOf(seller)), name: "   " });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ message: COMPANY_MESSAGES.name });
    const noEmail = await post(seller.token, { ...companyCreateRequest(contactOf(seller)), contact: { name: seller.name, email: "" } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ message: COMPANY_MESSAGES.contactEmail });
    // An admin registering a company for someone names its contact: name and e-mail required there too (spec section 5), on create and on edit.
    const admin = await account(["admin"]);
    for (const contact of [{ name: "Rosa Artesana", email: "" }, { name: "Rosa Artesana", email: "   " }, { name: "Rosa Artesana" }]) {
      const adminNoEmail = await post(admin.token, { ...companyCreateRequest({ name: "Rosa Artesana", email: "rosa@empresa.mx", phone: null }), contact });
      expect(adminNoEmail.statusCode, JSON.stringify(contact)).toBe(400);
      expect(adminNoEmail.json()).toEqual({ message: COMPANY_MESSAGES.contactEmail });
    }
    const adminBadEmail = await post(admin.token, { ...companyCreateRequest({ name: "Rosa Artesana", email: "rosa@", phone: null }) });
    expect(adminBadEmail.json()).toEqual({ message: INVALID_EMAIL_MESSAGE });
    const unknownState = await post(seller.token, { ...companyCreateRequest(contactOf(seller)), state_id: 999_999 });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json()).toEqual({ message: unknownOptionMessage("Estado") });
    const unknownIndustry = await post(seller.token, { ...companyCreateRequest(contactOf(seller)), industry_ids: [1, 999_999] });
    expect(unknownIndustry.statusCode).toBe(400);
    expect(unknownIndustry.json()).toEqual({ message: unknownOptionMessage("Industrias") });
    expect(await companyCount()).toBe(before);

    const adminsCompany = await created(admin.token, companyCreateRequest({ name: "Rosa Artesana", email: "rosa@empresa.mx", phone: null }));
    const clearedEmail = await put(admin.token, adminsCompany.id, { contact: { name: "Rosa Artesana", email: "" } });
    expect(clearedEmail.statusCode).toBe(400);
    expect(clearedEmail.json()).toEqual({ message: COMPANY_MESSAGES.contactEmail });
    const company = await created(seller.token, companyCreateRequest(contactOf(seller)));
    const badUpdate = await put(seller.token, company.id, { name: "Cambio", interest_ids: [999_999] });
    expect(badUpdate.statusCode).toBe(400);
    const [row] = await handle.db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe(company.name);
  });

  it("ownership: another seller's company is a 404 like a missing one; anonymous 401; deactivated 403", async () => {
    const owner = await account(["seller"]);
    const stranger = await account(["seller"]);
    const company = await created(owner.token, companyCreateRequest(contactOf(owner)));
    const foreign = await put(stranger.token, company.id, { name: "Mía" });
    const missing = await put(stranger.token, 999_999, { name: "Mía" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: COMPANY_NOT_FOUND_MESSAGE });
    expect(missing.json()).toEqual(foreign.json());
    const [row] = await handle.db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe(company.name);

    expect((await post(null, companyCreateRequest(contactOf(owner)))).statusCode).toBe(401);
    expect((await put(null, company.id, { name: "X" })).statusCode).toBe(401);

    const gone = await account(["seller"]);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await post(gone.token, companyCreateRequest(contactOf(gone)))).statusCode).toBe(403);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await put(owner.token, company.id, { name: "X" })).statusCode).toBe(403);
  });

  it("a buyer who registers a company becomes a seller and gets a token that says so", async () => {
    const buyer = await account(["buyer"]);
    const company = await created(buyer.token, companyCreateRequest(contactOf(buyer)));
    expect(company.owner_user_id).toBe(buyer.id);
    expect(company.access_token).toBeDefined();
    expect(rolesOf(company.access_token ?? "")).toEqual(["buyer", "seller"]);
    const [row] = await handle.db.select({ roles: users.roles }).from(users).where(eq(users.id, buyer.id));
    expect(row?.roles).toEqual(["buyer", "seller"]);
    // The fresh token works, and the account now lists the company.
    const mine = await app.inject({ method: "GET", url: "/api/companies?is_dashboard=true", headers: { authorization: `Bearer ${company.access_token ?? ""}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((item: { id: number }) => item.id)).toEqual([company.id]);
    // A second company changes no role: no new token.
    const again = await created(buyer.token, companyCreateRequest(contactOf(buyer)));
    expect(again.access_token).toBeUndefined();
  });

  it("one transaction: when the company cannot be written, the buyer keeps their roles and nothing is left", async () => {
    const buyer = await account(["buyer"]);
    const before = await companyCount();
    // A database failure after the role change and the company row (the interests insert).
    await handle.db.execute(sql`
      CREATE OR REPLACE FUNCTION test_refuse_interest() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$ LANGUAGE plpgsql`);
    await handle.db.execute(sql`CREATE TRIGGER test_refuse_interest BEFORE INSERT ON company_interests FOR EACH ROW EXECUTE FUNCTION test_refuse_interest()`);
    try {
      const response = await post(buyer.token, companyCreateRequest(contactOf(buyer)));
      expect(response.statusCode).toBe(500);
    } finally {
      await handle.db.execute(sql`DROP TRIGGER test_refuse_interest ON company_interests`);
    }
    expect(await companyCount()).toBe(before);
    const [row] = await handle.db.select({ roles: users.roles }).from(users).where(eq(users.id, buyer.id));
    expect(row?.roles).toEqual(["buyer"]);
  });

  it("rate-limits writes per user with the Spanish message", async () => {
    const limited = await buildApp({
      db: handle.db,
      config: { ...TEST_APP_CONFIG, rateLimits: { company_writes: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const seller = await account(["seller"]);
      const company = await created(seller.token, companyCreateRequest(contactOf(seller)));
      const send = () => limited.inject({ method: "PUT", url: `/api/companies/${company.id}`, headers: { authorization: `Bearer ${seller.token}` }, payload: { name: "Otra" } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: COMPANY_MESSAGES.tooMany });
      expect(third.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  // The admin company form's server side (issue 15, docs/decisions/022): publishing by status,
  // the seller's e-mail, the audit log, and what a seller may not do.
  describe("publishing, the seller's e-mail and the audit", () => {
    /** A seller's company as the seller registers it: 'Created', unpublished. */
    const sellersCompany = async (description: string) => {
      const seller = await account(["seller"]);
      return { seller, company: await created(seller.token, { ...companyCreateRequest(contactOf(seller)), short_description: description }) };
    };

    /** The marketplace's answer to a search, as an anonymous visitor gets it. */
    const marketplaceIds = async (q: string): Promise<ReadonlyArray<number>> => {
      const response = await app.inject({ method: "GET", url: `/api/companies?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, response.body).toBe(200);
      return decodeList(response.json()).items.map((item) => item.id);
    };

    const mailTo = async (recipient: string) => {
      await app.backgroundIdle();
      return handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(asc(emailOutbox.id));
    };

    it("the published status is the catalogue's 'Publicada'", async () => {
      const [row] = await handle.db.select().from(companyStatuses).where(eq(companyStatuses.id, PUBLISHED_COMPANY_STATUS_ID));
      expect(row?.name).toBe("Publicada");
    });

    it("an admin publishes a seller's company: it joins the marketplace, the seller is e-mailed, the audit says who and what", async () => {
      const admin = await account(["admin"]);
      const { seller, company } = await sellersCompany("Huertos de aguacate zarzamora en Michoacán con certificación orgánica.");
      expect(company.is_published).toBe(false);
      expect(await marketplaceIds("zarzamora")).not.toContain(company.id);

      const response = await put(admin.token, company.id, { company_status_id: PUBLISHED_COMPANY_STATUS_ID, verification_level_id: 2 });
      expect(response.statusCode, response.body).toBe(200);
      const record = decodeRecord(response.json());
      expect(record).toMatchObject({ is_published: true, company_status_id: PUBLISHED_COMPANY_STATUS_ID, company_status: { name: "Publicada" }, verification_level_id: 2 });

      // On the marketplace, to anyone, and its public profile opens, still without a name.
      expect(await marketplaceIds("zarzamora")).toContain(company.id);
      const profile = await app.inject({ method: "GET", url: `/api/companies/${company.id}` });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).not.toHaveProperty("name");
      expect(profile.body).not.toContain(company.name);

      // The seller's e-mail: Spanish, the listing's reference and a link; no name of the company, no token.
      const [mail, ...more] = await mailTo(seller.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Tu empresa ${company.human_id} ya está publicada en Puente`);
      expect(mail?.textBody).toContain(`Hola, ${seller.name}:`);
      expect(mail?.textBody).toContain(`${APP_URL}/perfil-de-negocio/${company.id}`);
      expect(mail?.htmlBody).toContain(`${APP_URL}/perfil-de-negocio/${company.id}`);
      expect(mail?.textBody).not.toContain(company.name);
      expect(mail?.textBody).not.toMatch(/token|eyJ/i);

      // One entry, in the same transaction as the change, with the changed fields only.
      const entries = await auditEntriesFor(handle.db, "company", company.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorUserId: admin.id,
        action: "company.publish",
        targetType: "company",
        targetId: company.id,
        before: { company_status_id: 1, verification_level_id: 1, is_published: false },
        after: { company_status_id: PUBLISHED_COMPANY_STATUS_ID, verification_level_id: 2, is_published: true },
      });
    });

    it("any other status takes it off the marketplace; the seller is told, and the audit names it an unpublish", async () => {
      const admin = await account(["admin"]);
      const { seller, company } = await sellersCompany("Fábrica de piñatas artesanales en Acolman con venta en línea.");
      expect((await put(admin.token, company.id, { company_status_id: PUBLISHED_COMPANY_STATUS_ID })).statusCode).toBe(200);
      expect(await marketplaceIds("piñatas")).toContain(company.id);

      const paused = await put(admin.token, company.id, { company_status_id: PAUSED_STATUS_ID });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(decodeRecord(paused.json()).is_published).toBe(false);
      expect(await marketplaceIds("piñatas")).not.toContain(company.id);
      expect((await app.inject({ method: "GET", url: `/api/companies/${company.id}` })).statusCode).toBe(404);

      const mails = await mailTo(seller.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Tu empresa ${company.human_id} ya está publicada en Puente`,
        `Tu empresa ${company.human_id} ya no aparece en el marketplace de Puente`,
      ]);
      expect(mails[1]?.textBody).toContain("Su estatus ahora es: Pausada.");

      const [latest] = await auditEntriesFor(handle.db, "company", company.id);
      expect(latest).toMatchObject({
        action: "company.unpublish",
        before: { company_status_id: PUBLISHED_COMPANY_STATUS_ID, is_published: true },
        after: { company_status_id: PAUSED_STATUS_ID, is_published: false },
      });
    });

    it("an admin's ordinary edit is a company.update with before/after of what changed; a save that changes nothing writes no entry and no e-mail", async () => {
      const admin = await account(["admin"]);
      const { seller, company } = await sellersCompany("Distribuidora de abarrotes en Saltillo.");
      const edited = await put(admin.token, company.id, { ebitda: 1_250_000, long_description: "Tres bodegas propias.", headcount: company.headcount, industry_ids: [3] });
      expect(edited.statusCode, edited.body).toBe(200);
      const [entry, ...older] = await auditEntriesFor(handle.db, "company", company.id);
      expect(older).toEqual([]);
      expect(entry?.action).toBe("company.update");
      // The unchanged headcount is not in the entry.
      expect(entry?.before).toEqual({ ebitda: null, long_description: null, industry_ids: [1, 2] });
      expect(entry?.after).toEqual({ ebitda: 1_250_000, long_description: "Tres bodegas propias.", industry_ids: [3] });

      expect((await put(admin.token, company.id, { ebitda: 1_250_000 })).statusCode).toBe(200);
      expect(await auditEntriesFor(handle.db, "company", company.id)).toHaveLength(1);
      expect(await mailTo(seller.email)).toEqual([]);
    });

    it("an admin's registration is a company.create with what it set; registered as 'Publicada' it is listed and its contact is told", async () => {
      const admin = await account(["admin"]);
      const contact = { name: "Dueña Sin Cuenta", email: `duena${Date.now()}@empresa.mx`, phone: null };
      const response = await post(admin.token, {
        ...companyCreateRequest(contact),
        short_description: "Vinícola boutique en el Valle de Guadalupe con enoturismo.",
        company_status_id: PUBLISHED_COMPANY_STATUS_ID,
        funding_round: 500_000,
      });
      expect(response.statusCode, response.body).toBe(201);
      const company = decodeCreated(response.json());
      expect(company.is_published).toBe(true);
      expect(company.owner_user_id).toBe(admin.id);
      expect(await marketplaceIds("enoturismo")).toContain(company.id);

      const [entry] = await auditEntriesFor(handle.db, "company", company.id);
      expect(entry).toMatchObject({ actorUserId: admin.id, action: "company.create", before: null });
      expect(entry?.after).toMatchObject({ name: company.name, contact_email: contact.email, company_status_id: PUBLISHED_COMPANY_STATUS_ID, funding_round: 500_000, is_published: true });
      // Empty fields are not listed as set.
      expect(entry?.after).not.toHaveProperty("legal_name");

      // The owner is the admin (staff): the notice goes to the company's contact.
      const [mail] = await mailTo(contact.email);
      expect(mail?.subject).toBe(`Tu empresa ${company.human_id} ya está publicada en Puente`);
      expect(await mailTo(admin.email)).toEqual([]);
    });

    it("a seller cannot change status or verification: 403 naming them, nothing changes, nothing is audited or sent", async () => {
      const { seller, company } = await sellersCompany("Taller de herrería en Querétaro.");
      const auditBefore = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, company.id));
      for (const [body, fields] of [
        [{ company_status_id: PUBLISHED_COMPANY_STATUS_ID }, ["company_status_id"]],
        [{ verification_level_id: 3 }, ["verification_level_id"]],
        [{ name: "Otro nombre", company_status_id: PUBLISHED_COMPANY_STATUS_ID, verification_level_id: 3 }, ["company_status_id", "verification_level_id"]],
      ] as const) {
        const refused = await put(seller.token, company.id, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: adminOnlyFieldsMessage(fields) });
      }
      const [row] = await handle.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row).toMatchObject({ name: company.name, companyStatusId: 1, verificationLevelId: 1, isPublished: false });
      expect(await marketplaceIds("herrería")).not.toContain(company.id);
      expect(await handle.db.select().from(auditLog).where(eq(auditLog.targetId, company.id))).toEqual(auditBefore);
      expect(await mailTo(seller.email)).toEqual([]);

      // The seller's own edits stay unaudited (the log is of admin actions).
      expect((await put(seller.token, company.id, { headcount: 40 })).statusCode).toBe(200);
      expect(await auditEntriesFor(handle.db, "company", company.id)).toEqual([]);
    });

    it("a deactivated owner is not e-mailed when their company is published", async () => {
      const admin = await account(["admin"]);
      const { seller, company } = await sellersCompany("Panadería de barrio en Mérida.");
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
      const published = await put(admin.token, company.id, { company_status_id: PUBLISHED_COMPANY_STATUS_ID });
      expect(published.statusCode, published.body).toBe(200);
      expect(decodeRecord(published.json()).is_published).toBe(true);
      expect(await mailTo(seller.email)).toEqual([]);
      expect(await mailTo(company.contact.email ?? "")).toEqual([]);
    });

    it("the name is required with the admin form's message, on create and on edit, for an admin too", async () => {
      const admin = await account(["admin"]);
      const contact = { name: "Contacto", email: "contacto@empresa.mx", phone: null };
      const { name: _name, ...withoutName } = companyCreateRequest(contact);
      const before = await handle.db.select({ id: companies.id }).from(companies).where(like(companies.contactEmail, "contacto@empresa.mx"));
      for (const payload of [withoutName, { ...withoutName, name: "" }, { ...withoutName, name: "   " }]) {
        const response = await post(admin.token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: COMPANY_MESSAGES.name });
      }
      expect(COMPANY_MESSAGES.name).toBe("Debes ingresar un nombre");
      expect(await handle.db.select({ id: companies.id }).from(companies).where(like(companies.contactEmail, "contacto@empresa.mx"))).toEqual(before);

      const { company } = await sellersCompany("Imprenta en Puebla.");
      const blank = await put(admin.token, company.id, { name: " " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: COMPANY_MESSAGES.name });
      const [row] = await handle.db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id));
      expect(row?.name).toBe(company.name);
    });

    it("one transaction: when the audit entry cannot be written, the publication does not happen either", async () => {
      const admin = await account(["admin"]);
      const { seller, company } = await sellersCompany("Marisquería en Ensenada con dos sucursales.");
      await handle.db.execute(sql`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END; $$ LANGUAGE plpgsql`);
      await handle.db.execute(sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`);
      try {
        const response = await put(admin.token, company.id, { company_status_id: PUBLISHED_COMPANY_STATUS_ID });
        expect(response.statusCode).toBe(500);
      } finally {
        await handle.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
      }
      const [row] = await handle.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row).toMatchObject({ companyStatusId: 1, isPublished: false });
      expect(await marketplaceIds("Ensenada")).not.toContain(company.id);
      expect(await mailTo(seller.email)).toEqual([]);
    });
  });
});
