import { asc, eq, like, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminOnlyFieldsMessage,
  COMPANY_MESSAGES,
  CompanyCreateResponse,
  CompanyListResponse,
  CompanyRecord,
  PUBLISHED_COMPANY_STATUS_ID,
} from "../../contracts/companies.ts";
import { buildApp } from "../../server/app.ts";
import { auditEntriesFor } from "../../server/audit/audit-log.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { auditLog, companies, companyStatuses, emailOutbox, users } from "../../server/db/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { TEST_DATABASES, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { companyCreateRequest } from "./samples.ts";

// The admin company form's server side (issue 15, docs/decisions/022):
// publishing by status, the seller's e-mail, the audit log, and what a
// seller may not do.

const decodeCreated = Schema.decodeUnknownSync(CompanyCreateResponse);
const decodeRecord = Schema.decodeUnknownSync(CompanyRecord);
const decodeList = Schema.decodeUnknownSync(CompanyListResponse);

const APP_URL = "https://puente.example.mx";
const PAUSED_STATUS_ID = 4;

describe.each(TEST_DATABASES)("admin company writes on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        appUrl: APP_URL,
        rateLimits: { company_writes: { max: 10_000, windowMs: 60_000 } },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const account = async (roles: ReadonlyArray<"admin" | "seller" | "buyer">): Promise<CreatedUser & { token: string }> => {
    serial += 1;
    const user = await createUser(
      handle.db,
      { email: `publica${serial}@example.mx`, password: "Clave-segura-2026", name: `Persona ${serial}`, phone: `55200000${serial}`, roles: [...roles] },
      { params: TEST_SCRYPT_PARAMS },
    );
    return { ...user, token: await sessionTokenFor(handle.db, user.id) };
  };

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (token: string, payload: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method: "POST", url: "/api/companies", headers: auth(token), payload: payload as object });
  const put = (token: string, id: number, payload: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method: "PUT", url: `/api/companies/${id}`, headers: auth(token), payload: payload as object });

  /** A seller's company as the seller registers it: 'Created', unpublished. */
  const sellersCompany = async (description: string) => {
    const seller = await account(["seller"]);
    const response = await post(seller.token, { ...companyCreateRequest({ name: seller.name, email: seller.email, phone: seller.phone }), short_description: description });
    expect(response.statusCode, response.body).toBe(201);
    return { seller, company: decodeCreated(response.json()) };
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
