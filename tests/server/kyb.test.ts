import { count, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../contracts/companies.ts";
import { KYB_MESSAGES, kybEndpoint, KybResponse } from "../../contracts/kyb.ts";
import { RFC_MESSAGES } from "../../contracts/rfc.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { kybRequests } from "../../server/kyb/schema.ts";
import { subscriptions } from "../../server/payments/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { payPlan } from "./paid-plan.ts";
import { kybRequest, urlOf } from "./samples.ts";

const TEAM = "equipo@puente.example";
const KYB_LIMIT = 3;
const decodeResponse = Schema.decodeUnknownSync(KybResponse);

describe.each(ONE_TEST_DATABASE)("KYB básico on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  const sent: MailMessage[] = [];
  const mailTransport: MailTransport = { kind: "outbox", deliver: async (message) => void sent.push(message) };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, mailTransport, teamEmail: TEAM, appUrl: "https://puente.example", rateLimits: { kyb: { max: KYB_LIMIT, windowMs: 60_000 } } },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const newUser = async (roles: CreatedUser["roles"], paid: boolean) => {
    serial += 1;
    const user = await createUser(handle.db, { email: `kyb${serial}@ejemplo.mx`, password: "Clave-segura-2026", name: `Persona ${serial}`, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    if (paid) await payPlan(handle.db, { userId: user.id, email: user.email });
    return { ...user, token: await sessionTokenFor(handle.db, user.id) };
  };
  const newCompany = async (ownerUserId: number) => (await createCompany(handle.db, { name: `Empresa KYB ${serial}`, ownerUserId })).id;
  const requestKyb = (token: string | undefined, companyId: number | string, body: unknown = kybRequest()): Promise<LightMyRequestResponse> =>
    app.inject({
      method: "POST",
      url: urlOf(kybEndpoint, { id: companyId }),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      payload: body as Record<string, unknown>,
    });
  const rowsFor = (companyId: number) => handle.db.select().from(kybRequests).where(eq(kybRequests.companyId, companyId));
  const totalRows = async () => (await handle.db.select({ value: count() }).from(kybRequests))[0]?.value ?? 0;
  const expectMessage = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ message });
  };

  it("a paid owner's request answers 201, records it pending with the normalised RFC, and e-mails the team", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    const response = await requestKyb(owner.token, companyId, { rfc: "  abc680524p73 " });
    expect(response.statusCode, response.body).toBe(201);
    const answer = decodeResponse(response.json());
    expect(answer).toMatchObject({ company_id: companyId, status: "pending", rfc: "ABC680524P73" });
    const rows = await rowsFor(companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: answer.id, companyId, requestedBy: owner.id, rfc: "ABC680524P73", status: "pending" });
    await app.backgroundIdle();
    const mail = sent.find((message) => message.text.includes(`folio ${answer.id}`));
    expect(mail?.to).toBe(TEAM);
    expect(mail?.text).toContain("ABC680524P73");
    expect(mail?.text).toContain(owner.email);
  });

  it("accepts a persona física's RFC and the generic ones", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    for (const rfc of ["GODE561231GR8", "XAXX010101000"]) expect((await requestKyb(owner.token, companyId, { rfc })).statusCode).toBe(201);
    expect((await rowsFor(companyId)).map((row) => row.rfc)).toEqual(["GODE561231GR8", "XAXX010101000"]);
  });

  it("refuses a free owner with the spec's message, and records nothing", async () => {
    const owner = await newUser(["seller"], false);
    const companyId = await newCompany(owner.id);
    expectMessage(await requestKyb(owner.token, companyId), 403, "Para habilitar es necesario que cuentes con uno de nuestros planes");
    expect(await rowsFor(companyId)).toEqual([]);
  });

  it("reads the plan from the database, not the token: a token issued while paid stops working once the plan ends", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    expect((await requestKyb(owner.token, companyId)).statusCode).toBe(201);
    await handle.db.update(subscriptions).set({ status: "expired", isPaid: false }).where(eq(subscriptions.userId, owner.id));
    expectMessage(await requestKyb(owner.token, companyId), 403, KYB_MESSAGES.paidOnly);
    expect(await rowsFor(companyId)).toHaveLength(1);
  });

  it("someone else's company answers exactly like a missing one (404), even to a paid seller or buyer", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    const otherSeller = await newUser(["seller"], true);
    const buyer = await newUser(["buyer"], true);
    const missing = await requestKyb(otherSeller.token, 2_147_483_647);
    expectMessage(missing, 404, COMPANY_NOT_FOUND_MESSAGE);
    for (const someone of [otherSeller, buyer]) expect((await requestKyb(someone.token, companyId)).json()).toEqual(missing.json());
    expect(await rowsFor(companyId)).toEqual([]);
  });

  it("an unpaid stranger gets the plan's 403 on every company, existing or not: no existence oracle", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    const stranger = await newUser(["seller"], false);
    expectMessage(await requestKyb(stranger.token, companyId), 403, KYB_MESSAGES.paidOnly);
    expectMessage(await requestKyb(stranger.token, 2_147_483_647), 403, KYB_MESSAGES.paidOnly);
  });

  it("needs a session (401) and an active account (403)", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    expect((await requestKyb(undefined, companyId)).statusCode).toBe(401);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    expectMessage(await requestKyb(owner.token, companyId), 403, MESSAGES.deactivated);
    expect(await rowsFor(companyId)).toEqual([]);
  });

  it("an admin, who has no plan, may request it for any company (docs/decisions/016-kyb.md)", async () => {
    const owner = await newUser(["seller"], false);
    const companyId = await newCompany(owner.id);
    const admin = await newUser(["admin"], false);
    const response = await requestKyb(admin.token, companyId);
    expect(response.statusCode, response.body).toBe(201);
    expect((await rowsFor(companyId))[0]).toMatchObject({ requestedBy: admin.id, status: "pending" });
    expectMessage(await requestKyb(admin.token, 2_147_483_647), 404, COMPANY_NOT_FOUND_MESSAGE);
  });

  it.each([
    ["too short", { rfc: "ABC680524P" }, RFC_MESSAGES.tooShort],
    ["blank", { rfc: "   " }, "El RFC debe tener al menos 12 caracteres."],
    ["missing", {}, RFC_MESSAGES.tooShort],
    ["too long", { rfc: "GODE561231GR88" }, RFC_MESSAGES.tooLong],
    ["a megabyte-ish", { rfc: "A".repeat(500_000) }, RFC_MESSAGES.tooLong],
    ["malformed (moral)", { rfc: "AB1680524P73" }, RFC_MESSAGES.moralStructure],
    ["malformed (física)", { rfc: "GOD1561231GR8" }, RFC_MESSAGES.fisicaStructure],
    ["an impossible date", { rfc: "GODE561331GR8" }, RFC_MESSAGES.impossibleDate],
    ["a wrong check digit", { rfc: "GODE561231GR9" }, "El RFC no es válido: revisa la homoclave; el último carácter no coincide."],
    ["not a string", { rfc: 123456789012 }, RFC_MESSAGES.notText],
  ])("refuses %s with 400 and its message, recording nothing", async (_name, body, message) => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    const before = await totalRows();
    expectMessage(await requestKyb(owner.token, companyId, body), 400, message);
    expect(await totalRows()).toBe(before);
  });

  it("refuses a malformed company id with 400", async () => {
    const owner = await newUser(["seller"], true);
    expect((await requestKyb(owner.token, "abc")).statusCode).toBe(400);
  });

  it(`limits each user to ${KYB_LIMIT} requests per window (429 with Retry-After), others unaffected`, async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    for (let attempt = 0; attempt < KYB_LIMIT; attempt += 1) expect((await requestKyb(owner.token, companyId)).statusCode).toBe(201);
    const limited = await requestKyb(owner.token, companyId);
    expectMessage(limited, 429, kybEndpoint.errors.tooMany.message);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await rowsFor(companyId)).toHaveLength(KYB_LIMIT);
    const other = await newUser(["seller"], true);
    expect((await requestKyb(other.token, await newCompany(other.id))).statusCode).toBe(201);
  });

  it("keeps the request when the team e-mail fails, and the e-mail waits in the outbox for its next attempt", async () => {
    const owner = await newUser(["seller"], true);
    const companyId = await newCompany(owner.id);
    const failing = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, mailTransport: { kind: "smtp", deliver: () => Promise.reject(new Error("SMTP caído")) } },
    });
    try {
      const response = await failing.inject({ method: "POST", url: urlOf(kybEndpoint, { id: companyId }), headers: { authorization: `Bearer ${owner.token}` }, payload: kybRequest() });
      expect(response.statusCode).toBe(201);
      await failing.backgroundIdle();
      expect(await rowsFor(companyId)).toHaveLength(1);
      const folio = `folio ${decodeResponse(response.json()).id}`;
      const queued = (await handle.db.select().from(emailOutbox)).filter((mail) => mail.textBody.includes(folio));
      expect(queued).toMatchObject([{ status: "pending", attempts: 1, lastError: "SMTP caído", sentAt: null }]);
    } finally {
      await failing.close();
    }
  });
});
