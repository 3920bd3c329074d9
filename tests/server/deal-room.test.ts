import { createHash } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_REQUEST_COOLING_OFF_DAYS, CompanyProfileView } from "../../contracts/marketplace.ts";
import { COMPANY_NOT_FOUND_MESSAGE, INVALID_COMPANY_ID_MESSAGE, MAX_MONEY } from "../../contracts/companies.ts";
import { DATA_ROOM_MESSAGES, DataRoomFile, DataRoomFileList, FILE_LINK_PAGES, FileViewList, SIGNED_URL_TTL_SECONDS, SignedFileUrl } from "../../contracts/data-room.ts";
import {
  AccessRequest,
  AccessRequestList,
  CommunityStats,
  DEAL_ROOM_MESSAGES,
  DealMessage,
  DealMessageList,
  LetterOfIntent,
  LetterOfIntentList,
  LOI_TERMS_MAX_LENGTH,
  Nda,
  THREAD_MAX_MESSAGES,
  acceptNdaEndpoint,
  createAccessRequestEndpoint,
  decideAccessRequestEndpoint,
  listAccessRequestsEndpoint,
} from "../../contracts/deal-room.ts";
import type { Role } from "../../contracts/sessions.ts";
import { NDA_VERSIONS, currentNda, type NdaVersion } from "../../content/nda.ts";
import { buildApp } from "../../server/app.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests, companyProfileViews, dealMessages, lettersOfIntent, ndaAcceptances } from "../../server/deal-room/schema.ts";
import { buyerProfiles } from "../../server/accounts/schema.ts";
import { companyOnboardings } from "../../server/onboarding/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { expectOnlyMessage, expectPage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE } from "./harness.ts";
import { accessRequestBody, acceptNdaBody, dataRoomUpload, dealMessageBody, decideLetterBody, letterOfIntentBody, shareFileBody } from "./samples.ts";

// The deal room (issue 16; docs/decisions/023-deal-room.md): requests, the
// NDA, decisions, who sees the company's name, threads, letters of intent,
// the data room's shared documents, profile views and community figures.

const APP_URL = "https://puente.example";
const DAY_MS = 24 * 60 * 60 * 1000;

const decodeRequest = Schema.decodeUnknownSync(AccessRequest);
const decodeRequests = Schema.decodeUnknownSync(AccessRequestList);
const decodeProfile = Schema.decodeUnknownSync(CompanyProfileView);
const decodeMessages = Schema.decodeUnknownSync(DealMessageList);
const decodeMessage = Schema.decodeUnknownSync(DealMessage);
const decodeLetter = Schema.decodeUnknownSync(LetterOfIntent);
const decodeLetters = Schema.decodeUnknownSync(LetterOfIntentList);
const decodeSigned = Schema.decodeUnknownSync(SignedFileUrl);

/** A later NDA version a test publishes (and withdraws) to see an approved buyer's access pause. */
const NEXT_NDA: NdaVersion = {
  version: "2099-01",
  effectiveDate: "2099-01-01",
  text: "ACUERDO DE CONFIDENCIALIDAD (versión de prueba)\n\nFecha: {{fecha}}\n\n{{comprador}} se obliga a guardar la confidencialidad de la empresa {{referencia}}.",
};

/** Company A's confidential values (and its owner's account), searched for in raw response bodies. */
const SECRETS = {
  name: "Aceros Quimera del Norte",
  legalName: "Aceros Quimera del Norte S.A. de C.V.",
  comercialName: "Quimera Steel",
  website: "https://quimera-aceros.example.mx",
  contactName: "Ofelia Quimera Treviño",
  contactEmail: "ofelia@quimera-aceros.example.mx",
  contactPhone: "+52 81 5550 7788",
  ownerName: "Rogelio Quimera Dueñas",
  ownerEmail: "rogelio.quimera@ejemplo.mx",
} as const;

/** Which of company A's secrets a raw body carries, as written or JSON-escaped. */
const leaksIn = (body: string): ReadonlyArray<string> =>
  Object.entries(SECRETS)
    .filter(([, value]) => body.includes(value) || body.includes(JSON.stringify(value).slice(1, -1)))
    .map(([key]) => key);

interface Person {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly token: string;
}

describe.each(ONE_TEST_DATABASE)("deal room on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = Date.now();
  const now = () => new Date(clock);
  // The app reads the list on every call: a test publishes a version by pushing it.
  const versions: NdaVersion[] = [...NDA_VERSIONS];
  const currentVersion = () => currentNda(versions).version;
  const mails: MailMessage[] = [];
  const mailTransport: MailTransport = { kind: "outbox", deliver: async (message) => void mails.push(message) };
  let serial = 0;
  const people = {} as Record<"owner" | "otherSeller" | "admin" | "deactivated", Person>;
  const company = {} as Record<"a" | "b" | "draft", { id: number; humanId: string }>;

  const newPerson = async (label: string, roles: ReadonlyArray<Role>, extra: { name?: string; email?: string } = {}): Promise<Person> => {
    serial += 1;
    const email = extra.email ?? `${label.toLowerCase().replace(/\s+/g, ".")}.${serial}@trato.ejemplo.mx`;
    return signedInUser(handle.db, { email, password: "Clave-segura-2026", name: extra.name ?? `${label} ${serial}`, phone: "5512340000", roles });
  };

  /** A registered buyer (role and sign-up profile), e-mail verified unless told otherwise. */
  const newBuyer = async (label = "Compradora", options: { verified?: boolean; profile?: boolean } = {}): Promise<Person> => {
    const buyer = await newPerson(label, ["buyer"]);
    if (options.profile !== false) {
      await handle.db.insert(buyerProfiles).values({ userId: buyer.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Manufactura en el norte", investmentSizeId: 2, website: "https://fondo.example.mx" });
    }
    if (options.verified !== false) await handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id));
    return buyer;
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    people.owner = await newPerson("Vendedor", ["seller"], { name: SECRETS.ownerName, email: SECRETS.ownerEmail });
    people.otherSeller = await newPerson("Otro vendedor", ["seller"]);
    people.admin = await newPerson("Admin", ["admin"]);
    people.deactivated = await newPerson("Desactivada", ["buyer"]);
    await handle.db.insert(buyerProfiles).values({ userId: people.deactivated.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "x", investmentSizeId: 1 });
    await handle.db.update(users).set({ emailVerifiedAt: new Date(), deletedAt: new Date() }).where(eq(users.id, people.deactivated.id));
    company.a = await createCompany(handle.db, {
      name: SECRETS.name,
      legalName: SECRETS.legalName,
      comercialName: SECRETS.comercialName,
      website: SECRETS.website,
      contactName: SECRETS.contactName,
      contactEmail: SECRETS.contactEmail,
      contactPhone: SECRETS.contactPhone,
      ownerUserId: people.owner.id,
      shortDescription: `${SECRETS.name} fabrica estructuras metálicas en Monterrey.`,
      longDescription: `${SECRETS.comercialName} opera desde 1998.`,
      isPublished: true,
      stateId: 19,
      ebitda: 4_500_000,
      yearlySales: 30_000_000,
      industryIds: [2],
      interestIds: [1],
    });
    await handle.db.insert(companyOnboardings).values({
      companyId: company.a.id,
      financialRecordsState: "has_financial_records",
      secondLastYearYearlySales: 26_000_000,
      secondLastYearEbitdaMargin: 14.5,
      estimateYearlySales: 34_000_000,
      ebitdaMargin: 99,
    });
    company.b = await createCompany(handle.db, { name: "Bruma Logística", ownerUserId: people.otherSeller.id, contactEmail: "bruma@ejemplo.mx", isPublished: true });
    company.draft = await createCompany(handle.db, { name: "Borrador Reservado", ownerUserId: people.owner.id, isPublished: false });
    app = await buildApp({
      db: handle.db,
      config: {
        ...TEST_APP_CONFIG,
        appUrl: APP_URL,
        mailTransport,
        clock: now,
        ndaVersions: versions,
        rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }),
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  // --- Calls ---------------------------------------------------------------------------------

  const call = (method: "GET" | "POST" | "PATCH" | "PUT", path: string, who?: Person, body?: unknown, remoteAddress?: string) =>
    app.inject({
      method,
      url: `/api${path}`,
      headers: { ...(who === undefined ? {} : { authorization: `Bearer ${who.token}` }), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
  const ok = <T>(response: LightMyRequestResponse, decode: (value: unknown) => T, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return decode(response.json());
  };

  const ask = async (buyer: Person, companyId = company.a.id) => ok(await call("POST", `/companies/${companyId}/access_requests`, buyer, accessRequestBody(currentVersion())), decodeRequest, 201);
  const decide = async (id: number, status: "approved" | "rejected" | "revoked", who: Person = people.owner) => ok(await call("PATCH", `/access_requests/${id}`, who, { status }), decodeRequest);
  const approvedRequest = async (buyer: Person, companyId = company.a.id) => {
    const request = await ask(buyer, companyId);
    await decide(request.id, "approved");
    return request.id;
  };
  const viewOf = async (id: number, who: Person) => ok(await call("GET", `/access_requests/${id}`, who), decodeRequest);
  const profileOf = async (who?: Person, companyId = company.a.id) => ok(await call("GET", `/companies/${companyId}`, who), decodeProfile);
  const mailsTo = (to: string) => mails.filter((mail) => mail.to === to);
  const settle = () => app.backgroundIdle();
  const rows = async () => ({
    requests: (await handle.db.select({ value: count() }).from(accessRequests))[0]?.value ?? 0,
    acceptances: (await handle.db.select({ value: count() }).from(ndaAcceptances))[0]?.value ?? 0,
    letters: (await handle.db.select({ value: count() }).from(lettersOfIntent))[0]?.value ?? 0,
    messages: (await handle.db.select({ value: count() }).from(dealMessages))[0]?.value ?? 0,
  });
  const uploadShared = async (filename: string, shared: boolean) => {
    const body = dataRoomUpload(undefined, undefined, filename);
    const uploaded = await app.inject({
      method: "POST",
      url: `/api/companies/${company.a.id}/company_files/company_poderes`,
      headers: { authorization: `Bearer ${people.owner.token}`, "content-type": body.contentType },
      payload: body.payload,
    });
    const [file] = ok(uploaded, Schema.decodeUnknownSync(DataRoomFileList), 201).items;
    if (file === undefined) throw new Error("no file uploaded");
    expect(file.shared).toBe(false);
    if (!shared) return file;
    return ok(await call("PATCH", `/companies/${company.a.id}/company_files/${file.id}`, people.owner, shareFileBody(true)), Schema.decodeUnknownSync(DataRoomFile));
  };

  // --- The NDA and asking -------------------------------------------------------------------------

  it("GET /nda answers the version in force with its placeholders, to anyone", async () => {
    const nda = ok(await call("GET", "/nda"), Schema.decodeUnknownSync(Nda));
    const last = NDA_VERSIONS[NDA_VERSIONS.length - 1];
    expect(nda).toEqual({ version: last?.version, effective_date: last?.effectiveDate, text: last?.text });
    expect(nda.text).toContain("{{comprador}}");
  });

  it("a verified buyer asks: 201 pending, the NDA acceptance stored (rendered text, SHA-256, address), the company's contact e-mailed without the name", async () => {
    const buyer = await newBuyer("Compradora Ana");
    const before = await rows();
    const response = await call("POST", `/companies/${company.a.id}/access_requests`, buyer, accessRequestBody(currentVersion()));
    const request = ok(response, decodeRequest, 201);
    expect(leaksIn(response.body)).toEqual([]);
    expect(request).toMatchObject({
      status: "pending",
      decided_at: null,
      viewer_role: "buyer",
      allowed_statuses: [],
      unread_messages: 0,
      latest_letter: null,
      company: { id: company.a.id, human_id: company.a.humanId, name: null, short_description: "La empresa fabrica estructuras metálicas en Monterrey." },
      buyer: { id: buyer.id, name: buyer.name, email: null, phone: null, email_verified: true, buyer_description: { id: 1 }, state: { id: 19, name: "Nuevo León" }, website: "https://fondo.example.mx" },
      nda: { version: currentVersion(), ip: "127.0.0.1", accepted_by: buyer.name, current: true },
    });
    expect(await rows()).toMatchObject({ requests: before.requests + 1, acceptances: before.acceptances + 1 });
    const [acceptance] = await handle.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.accessRequestId, request.id));
    expect(acceptance?.acceptedText).toContain(buyer.name);
    expect(acceptance?.acceptedText).toContain(company.a.humanId);
    expect(acceptance?.acceptedText).not.toContain("{{");
    expect(acceptance?.acceptedText).toMatch(/Fecha de aceptación: \d{1,2} de [a-z]+ de \d{4}/);
    expect(acceptance?.textSha256).toBe(createHash("sha256").update(acceptance?.acceptedText ?? "").digest("hex"));
    expect(acceptance?.userId).toBe(buyer.id);
    await settle();
    const [mail] = mailsTo(SECRETS.contactEmail).filter((sent) => sent.text.includes(`/solicitudes/${request.id}`));
    expect(mail?.subject).toBe(`Nueva solicitud de acceso a ${company.a.humanId}`);
    expect(mail?.text).toContain(`${APP_URL}/solicitudes/${request.id}`);
    expect(mail?.text).toContain(buyer.name);
    expect(leaksIn(`${mail?.text}${mail?.html}`).filter((key) => key !== "contactEmail")).toEqual([]);
  });

  it("refuses whoever may not ask, with the contract's Spanish answer, and writes nothing", async () => {
    const unverified = await newBuyer("Sin verificar", { verified: false });
    const noProfile = await newBuyer("Sin perfil", { profile: false });
    const buyer = await newBuyer("Compradora Bea");
    const before = await rows();
    const post = (who: Person | undefined, companyId: number | string, body: unknown = accessRequestBody(currentVersion())) => call("POST", `/companies/${companyId}/access_requests`, who, body);
    const errors = createAccessRequestEndpoint.errors;
    expect((await post(undefined, company.a.id)).statusCode).toBe(401);
    expect((await post(people.deactivated, company.a.id)).statusCode).toBe(403);
    expectOnlyMessage(await post(unverified, company.a.id), 403, errors.emailUnverified.message);
    expectOnlyMessage(await post(noProfile, company.a.id), 403, errors.notBuyer.message);
    expectOnlyMessage(await post(people.otherSeller, company.a.id), 403, errors.notBuyer.message);
    expectOnlyMessage(await post(people.admin, company.a.id), 403, errors.notBuyer.message);
    expectOnlyMessage(await post(people.owner, company.a.id), 409, errors.ownCompany.message);
    expectOnlyMessage(await post(buyer, company.draft.id), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectOnlyMessage(await post(buyer, 2_147_483_647), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectOnlyMessage(await post(buyer, company.a.id, accessRequestBody("2020-01")), 400, errors.ndaOutdated.message);
    expectOnlyMessage(await post(buyer, company.a.id, { message: "Hola" }), 400, DEAL_ROOM_MESSAGES.ndaRequired);
    expectOnlyMessage(await post(buyer, company.a.id, { message: "   ", nda_version: currentVersion() }), 400, DEAL_ROOM_MESSAGES.requestMessage);
    expectOnlyMessage(await post(buyer, company.a.id, { message: "x".repeat(2001), nda_version: currentVersion() }), 400, DEAL_ROOM_MESSAGES.requestMessageTooLong);
    for (const bad of ["0", "-1", "99999999999", "abc"]) expectOnlyMessage(await post(buyer, bad), 400, INVALID_COMPANY_ID_MESSAGE);
    expect(await rows()).toEqual(before);
    // The profile says the same thing before the buyer tries.
    expect((await profileOf(unverified)).viewer_access).toEqual({ request: null, can_request: false, blocked_reason: "email_unverified", request_again_at: null });
    expect((await profileOf(noProfile)).viewer_access.blocked_reason).toBe("not_buyer");
    expect((await profileOf(people.owner)).viewer_access.blocked_reason).toBe("own_company");
    expect((await profileOf(people.admin)).viewer_access.blocked_reason).toBe("not_buyer");
    expect((await profileOf()).viewer_access.blocked_reason).toBe("sign_in");
    expect((await profileOf(buyer)).viewer_access).toEqual({ request: null, can_request: true, blocked_reason: null, request_again_at: null });
  });

  it("one open request per buyer and company: a second is 409, and two at once give one 201 and one 409", async () => {
    const buyer = await newBuyer("Compradora Carla");
    const first = await ask(buyer);
    expectOnlyMessage(await call("POST", `/companies/${company.a.id}/access_requests`, buyer, accessRequestBody(currentVersion())), 409, DEAL_ROOM_MESSAGES.openRequest);
    expect((await profileOf(buyer)).viewer_access).toMatchObject({ request: { id: first.id, status: "pending", nda_current: true }, can_request: false, blocked_reason: "open_request" });
    const racer = await newBuyer("Compradora Dalia");
    const both = await Promise.all([0, 1].map(() => call("POST", `/companies/${company.b.id}/access_requests`, racer, accessRequestBody(currentVersion()))));
    expect(both.map((response) => response.statusCode).toSorted()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json()).toEqual({ message: DEAL_ROOM_MESSAGES.openRequest });
    const open = await handle.db.select({ id: accessRequests.id }).from(accessRequests).where(and(eq(accessRequests.buyerUserId, racer.id), eq(accessRequests.companyId, company.b.id)));
    expect(open).toHaveLength(1);
    const acceptances = await handle.db.select({ id: ndaAcceptances.id }).from(ndaAcceptances).where(eq(ndaAcceptances.userId, racer.id));
    expect(acceptances).toHaveLength(1);
  });

  it("after a rejection or a revocation the buyer may ask again only after the cooling-off period", async () => {
    const buyer = await newBuyer("Compradora Elena");
    const rejected = await ask(buyer);
    await decide(rejected.id, "rejected");
    expectOnlyMessage(await call("POST", `/companies/${company.a.id}/access_requests`, buyer, accessRequestBody(currentVersion())), 409, DEAL_ROOM_MESSAGES.coolingOff);
    const [row] = await handle.db.select({ decidedAt: accessRequests.decidedAt }).from(accessRequests).where(eq(accessRequests.id, rejected.id));
    const access = (await profileOf(buyer)).viewer_access;
    expect(access).toMatchObject({ can_request: false, blocked_reason: "cooling_off", request: { id: rejected.id, status: "rejected" } });
    expect(Date.parse(access.request_again_at ?? "")).toBe((row?.decidedAt?.getTime() ?? 0) + ACCESS_REQUEST_COOLING_OFF_DAYS * DAY_MS);
    // A day short of the period: still refused; past it: a new request.
    await handle.db.update(accessRequests).set({ decidedAt: new Date(clock - (ACCESS_REQUEST_COOLING_OFF_DAYS - 1) * DAY_MS) }).where(eq(accessRequests.id, rejected.id));
    expect((await call("POST", `/companies/${company.a.id}/access_requests`, buyer, accessRequestBody(currentVersion()))).statusCode).toBe(409);
    await handle.db.update(accessRequests).set({ decidedAt: new Date(clock - ACCESS_REQUEST_COOLING_OFF_DAYS * DAY_MS - 60_000) }).where(eq(accessRequests.id, rejected.id));
    expect((await profileOf(buyer)).viewer_access).toMatchObject({ can_request: true, blocked_reason: null, request_again_at: null });
    const again = await ask(buyer);
    expect(again.id).not.toBe(rejected.id);
    // A revocation pauses the same way.
    await decide(again.id, "approved");
    await decide(again.id, "revoked");
    expectOnlyMessage(await call("POST", `/companies/${company.a.id}/access_requests`, buyer, accessRequestBody(currentVersion())), 409, DEAL_ROOM_MESSAGES.coolingOff);
  });

  // --- Decisions ---------------------------------------------------------------------------------------

  it("only the owner or an admin decides, by the machine's transitions; the buyer is e-mailed each decision", async () => {
    const buyer = await newBuyer("Compradora Fer");
    const stranger = await newBuyer("Compradora Gaby");
    const request = await ask(buyer);
    const errors = decideAccessRequestEndpoint.errors;
    for (const who of [buyer, stranger, people.otherSeller]) expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, who, { status: "approved" }), 404, errors.notFound.message);
    expect((await call("PATCH", `/access_requests/${request.id}`, undefined, { status: "approved" })).statusCode).toBe(401);
    expect((await call("PATCH", `/access_requests/${request.id}`, people.deactivated, { status: "approved" })).statusCode).toBe(403);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.owner, { status: "revoked" }), 409, errors.notAllowed.message);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.owner, { status: "pending" }), 400, DEAL_ROOM_MESSAGES.invalidStatus);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.owner, {}), 400, DEAL_ROOM_MESSAGES.invalidStatus);
    expect((await viewOf(request.id, people.owner)).allowed_statuses).toEqual(["approved", "rejected"]);

    clock += 1000;
    const approved = await decide(request.id, "approved");
    expect(approved).toMatchObject({ status: "approved", viewer_role: "seller", allowed_statuses: ["revoked"], company: { name: SECRETS.name }, buyer: { email: buyer.email, phone: "5512340000" } });
    expect(Date.parse(approved.decided_at ?? "")).toBe(clock);
    const [stored] = await handle.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(stored).toMatchObject({ status: "approved", decidedBy: people.owner.id });
    expect(stored?.approvedAt?.getTime()).toBe(clock);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.admin, { status: "approved" }), 409, errors.notAllowed.message);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.admin, { status: "rejected" }), 409, errors.notAllowed.message);
    const approvedAt = clock;
    clock += 1000;
    const revoked = await decide(request.id, "revoked", people.admin);
    expect(revoked).toMatchObject({ status: "revoked", viewer_role: "admin", allowed_statuses: [], unread_messages: 0 });
    const [after] = await handle.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    // approved_at stays: a connection made is counted.
    expect(after).toMatchObject({ status: "revoked", decidedBy: people.admin.id });
    expect(after?.approvedAt?.getTime()).toBe(approvedAt);
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, people.owner, { status: "approved" }), 409, errors.notAllowed.message);

    await settle();
    const toBuyer = mailsTo(buyer.email);
    expect(toBuyer.map((mail) => mail.subject)).toEqual([`Tu solicitud de acceso a ${company.a.humanId}: Aprobada`, `Tu solicitud de acceso a ${company.a.humanId}: Acceso retirado`]);
    for (const mail of toBuyer) {
      expect(mail.text).toContain(`${APP_URL}/solicitudes/${request.id}`);
      expect(leaksIn(`${mail.text}${mail.html}`)).toEqual([]);
    }
  });

  it("two decisions at once: one succeeds, the other is 409", async () => {
    const request = await ask(await newBuyer("Compradora Hilda"));
    const both = await Promise.all([
      call("PATCH", `/access_requests/${request.id}`, people.owner, { status: "approved" }),
      call("PATCH", `/access_requests/${request.id}`, people.admin, { status: "rejected" }),
    ]);
    expect(both.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
    const [stored] = await handle.db.select({ status: accessRequests.status }).from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(stored?.status).toBe(both[0]?.statusCode === 200 ? "approved" : "rejected");
  });

  // --- Who sees the name ---------------------------------------------------------------------------------

  it("only the approved buyer with a current NDA (and the owner and admins) sees the company: no other response body carries it", async () => {
    const approvedBuyer = await newBuyer("Compradora Inés");
    const pendingBuyer = await newBuyer("Compradora Julia");
    const otherBuyer = await newBuyer("Compradora Karla");
    const approvedId = await approvedRequest(approvedBuyer);
    const pending = await ask(pendingBuyer);
    const sharedFile = await uploadShared("estados-financieros.pdf", true);

    // Everything the three outsiders can ask about company A or their requests.
    const outsiders: Array<Person | undefined> = [undefined, otherBuyer, pendingBuyer];
    const bodies: string[] = [];
    for (const who of outsiders) {
      const profile = await call("GET", `/companies/${company.a.id}`, who);
      expect(profile.statusCode).toBe(200);
      expect(decodeProfile(profile.json()).confidential).toBeNull();
      bodies.push(profile.body, (await call("GET", "/companies?per_page=48", who)).body);
      if (who === undefined) continue;
      bodies.push(
        (await call("GET", "/access_requests", who)).body,
        (await call("GET", `/access_requests/${pending.id}`, who)).body,
        (await call("GET", `/access_requests/${approvedId}`, who)).body,
        (await call("GET", `/access_requests/${pending.id}/messages`, who)).body,
        (await call("GET", `/access_requests/${pending.id}/letters_of_intent`, who)).body,
        (await call("GET", `/companies/${company.a.id}/company_files/${sharedFile.id}`, who)).body,
      );
    }
    const pendingView = await viewOf(pending.id, pendingBuyer);
    expect(pendingView.company.name).toBeNull();
    expect(pendingView.buyer.email).toBeNull();
    expect((await call("GET", `/access_requests/${pending.id}/messages`, pendingBuyer)).statusCode).toBe(409);
    for (const body of bodies) expect(leaksIn(body), body.slice(0, 300)).toEqual([]);

    // The approved buyer: the name in the request, the full profile with the onboarding's figures and the shared document.
    expect((await viewOf(approvedId, approvedBuyer)).company.name).toBe(SECRETS.name);
    const full = (await profileOf(approvedBuyer)).confidential;
    expect(full).toMatchObject({
      name: SECRETS.name,
      legal_name: SECRETS.legalName,
      comercial_name: SECRETS.comercialName,
      website: SECRETS.website,
      contact: { name: SECRETS.contactName, email: SECRETS.contactEmail, phone: SECRETS.contactPhone },
      financials: {
        ebitda: 4_500_000,
        yearly_sales: 30_000_000,
        // The record has no margin: the onboarding's answer.
        ebitda_margin: 99,
        second_last_year_yearly_sales: 26_000_000,
        second_last_year_ebitda_margin: 14.5,
        estimate_yearly_sales: 34_000_000,
        financial_records_state: "has_financial_records",
      },
    });
    expect(full?.shared_documents.map((document) => document.id)).toContain(sharedFile.id);
    // The owner and admins see it too; the public part stays redacted for everyone.
    expect((await profileOf(people.owner)).confidential?.name).toBe(SECRETS.name);
    const adminView = await profileOf(people.admin);
    expect(adminView.confidential?.name).toBe(SECRETS.name);
    expect(adminView.short_description).toBe("La empresa fabrica estructuras metálicas en Monterrey.");
    // A deactivated account sees what a visitor sees.
    const deactivated = await call("GET", `/companies/${company.a.id}`, people.deactivated);
    expect(decodeProfile(deactivated.json()).confidential).toBeNull();
    expect(leaksIn(deactivated.body)).toEqual([]);
  });

  it("revocation takes effect on the next request: profile, shared documents (signed links included), thread; the owner keeps the thread", async () => {
    const buyer = await newBuyer("Compradora Luisa");
    const id = await approvedRequest(buyer);
    const shared = await uploadShared("acta-compartida.pdf", true);
    const unshared = await uploadShared("acta-privada.pdf", false);
    const open = (fileId: number, who: Person = buyer) => call("GET", `/companies/${company.a.id}/company_files/${fileId}`, who);
    const link = ok(await open(shared.id), decodeSigned);
    const download = (url: string) => app.inject({ method: "GET", url: url.slice(APP_URL.length) });
    expect((await download(link.url)).statusCode).toBe(200);
    expectOnlyMessage(await open(unshared.id), 404, DATA_ROOM_MESSAGES.fileNotFound);
    expectOnlyMessage(await open(2_147_483_647), 404, DATA_ROOM_MESSAGES.fileNotFound);
    // Another company's documents stay closed to this buyer.
    expectOnlyMessage(await call("GET", `/companies/${company.b.id}/company_files/${shared.id}`, buyer), 404, COMPANY_NOT_FOUND_MESSAGE);
    // Unsharing closes the document at once, links included.
    ok(await call("PATCH", `/companies/${company.a.id}/company_files/${shared.id}`, people.owner, shareFileBody(false)), Schema.decodeUnknownSync(DataRoomFile));
    expectOnlyMessage(await open(shared.id), 404, DATA_ROOM_MESSAGES.fileNotFound);
    // The link opened earlier is a page that says the document is no longer shared, and where the shared ones are.
    const unsharedPage = await download(link.url);
    expectPage(unsharedPage, 403, FILE_LINK_PAGES.unshared.message, FILE_LINK_PAGES.unshared.next);
    expect(unsharedPage.body).toContain(`href="/perfil-de-negocio/${company.a.id}"`);
    ok(await call("PATCH", `/companies/${company.a.id}/company_files/${shared.id}`, people.admin, shareFileBody(true)), Schema.decodeUnknownSync(DataRoomFile));
    const fresh = ok(await open(shared.id), decodeSigned);
    // The open is recorded with the buyer as its viewer, labelled as such.
    const views = ok(await call("GET", `/companies/${company.a.id}/company_files/${shared.id}/views`, people.owner), Schema.decodeUnknownSync(FileViewList));
    expect(views.items[0]).toMatchObject({ viewer_email: buyer.email, viewer_role: "Comprador" });
    ok(await call("POST", `/access_requests/${id}/messages`, buyer, dealMessageBody()), decodeMessage, 201);

    await decide(id, "revoked");
    expect((await profileOf(buyer)).confidential).toBeNull();
    expectOnlyMessage(await open(shared.id), 404, COMPANY_NOT_FOUND_MESSAGE);
    // The revoked buyer's link: their access ended, how to ask again or where else to look; never "from the data room" they cannot reach.
    const endedPage = await download(fresh.url);
    expectPage(endedPage, 403, FILE_LINK_PAGES.accessEnded.message, FILE_LINK_PAGES.accessEnded.next);
    expect(endedPage.body).toContain(`href="/perfil-de-negocio/${company.a.id}"`);
    expect(endedPage.body).toContain('href="/compra-una-empresa"');
    expect(endedPage.body.toLowerCase()).not.toContain("dataroom");
    expect(leaksIn(endedPage.body)).toEqual([]);
    // Past its minutes it says the same: the access, not the minutes, is what stops them.
    clock += SIGNED_URL_TTL_SECONDS * 1000;
    try {
      expectPage(await download(fresh.url), 403, FILE_LINK_PAGES.accessEnded.message);
    } finally {
      clock -= SIGNED_URL_TTL_SECONDS * 1000;
    }
    expectOnlyMessage(await call("GET", `/access_requests/${id}/messages`, buyer), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expectOnlyMessage(await call("POST", `/access_requests/${id}/messages`, buyer, dealMessageBody()), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expectOnlyMessage(await call("POST", `/access_requests/${id}/messages`, people.owner, dealMessageBody()), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expect(ok(await call("GET", `/access_requests/${id}/messages`, people.owner), decodeMessages).items).toHaveLength(1);
    const view = await viewOf(id, buyer);
    expect(view.company.name).toBeNull();
    // Contacts were exchanged at approval; the seller keeps the buyer's.
    expect((await viewOf(id, people.owner)).buyer.email).toBe(buyer.email);
    // Share and the file-view list stay the owner's and admins'.
    expectOnlyMessage(await call("PATCH", `/companies/${company.a.id}/company_files/${shared.id}`, buyer, shareFileBody(true)), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectOnlyMessage(await call("PATCH", `/companies/${company.a.id}/company_files/${shared.id}`, people.otherSeller, shareFileBody(true)), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectOnlyMessage(await call("PATCH", `/companies/${company.a.id}/company_files/${shared.id}`, people.owner, { shared: "sí" }), 400, DATA_ROOM_MESSAGES.badShare);
    expectOnlyMessage(await call("PATCH", `/companies/${company.b.id}/company_files/${shared.id}`, people.otherSeller, shareFileBody(true)), 404, DATA_ROOM_MESSAGES.fileNotFound);
  });

  it("an approved buyer's link past its minutes is a page that sends them back to the shared documents of the full profile", async () => {
    const buyer = await newBuyer("Compradora Ximena");
    await approvedRequest(buyer);
    const shared = await uploadShared("plan-de-negocio.pdf", true);
    const link = ok(await call("GET", `/companies/${company.a.id}/company_files/${shared.id}`, buyer), decodeSigned);
    clock += SIGNED_URL_TTL_SECONDS * 1000;
    try {
      const expired = await app.inject({ method: "GET", url: link.url.slice(APP_URL.length) });
      expectPage(expired, 410, FILE_LINK_PAGES.expired.message, FILE_LINK_PAGES.expired.next.buyer);
      expect(expired.body).toContain(`href="/perfil-de-negocio/${company.a.id}"`);
      expect(expired.body).not.toContain("/mi-empresa/");
      expect(leaksIn(expired.body)).toEqual([]);
    } finally {
      clock -= SIGNED_URL_TTL_SECONDS * 1000;
    }
  });

  // --- Threads -------------------------------------------------------------------------------------------------

  it("threads: closed before approval; read state; a notice without the text, only for the first unread message; admins write as Puente", async () => {
    const buyer = await newBuyer("Compradora Marta");
    const stranger = await newBuyer("Compradora Nora");
    const request = await ask(buyer);
    const thread = `/access_requests/${request.id}/messages`;
    for (const who of [buyer, people.owner]) expectOnlyMessage(await call("POST", thread, who, dealMessageBody()), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expectOnlyMessage(await call("GET", thread, buyer), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expect(ok(await call("GET", thread, people.owner), decodeMessages).items).toEqual([]);
    await decide(request.id, "approved");
    await settle();
    const sellerMails = () => mailsTo(SECRETS.contactEmail).filter((mail) => mail.text.includes(`/solicitudes/${request.id}`) && mail.subject.startsWith("Tienes un mensaje nuevo"));
    const buyerMails = () => mailsTo(buyer.email).filter((mail) => mail.subject.startsWith("Tienes un mensaje nuevo"));

    const secretText = "Nuestra oferta preliminar ronda los 40 millones";
    const first = ok(await call("POST", thread, buyer, dealMessageBody(secretText)), decodeMessage, 201);
    expect(first).toMatchObject({ body: secretText, sender_role: "buyer", sender_name: buyer.name, is_mine: true, read_at: null });
    clock += 1000;
    ok(await call("POST", thread, buyer, dealMessageBody("¿Tienen auditoría de 2025?")), decodeMessage, 201);
    await settle();
    expect(sellerMails()).toHaveLength(1);
    expect(`${sellerMails()[0]?.text}${sellerMails()[0]?.html}`).not.toContain(secretText);
    expect((await viewOf(request.id, people.owner)).unread_messages).toBe(2);
    expect((await viewOf(request.id, buyer)).unread_messages).toBe(0);
    // An admin reads without marking anything read.
    const asAdmin = ok(await call("GET", thread, people.admin), decodeMessages);
    expect(asAdmin.items.map((message) => message.read_at)).toEqual([null, null]);
    expect((await viewOf(request.id, people.owner)).unread_messages).toBe(2);
    expect((await viewOf(request.id, people.admin)).unread_messages).toBe(0);
    expectOnlyMessage(await call("GET", thread, stranger), 404, DEAL_ROOM_MESSAGES.requestNotFound);
    expectOnlyMessage(await call("POST", thread, people.otherSeller, dealMessageBody()), 404, DEAL_ROOM_MESSAGES.requestNotFound);

    // The owner reads: oldest first, the buyer's messages now read.
    clock += 1000;
    const read = ok(await call("GET", thread, people.owner), decodeMessages);
    expect(read.items.map((message) => [message.body, message.sender_role, message.is_mine])).toEqual([
      [secretText, "buyer", false],
      ["¿Tienen auditoría de 2025?", "buyer", false],
    ]);
    expect(read.items.every((message) => Date.parse(message.read_at ?? "") === clock)).toBe(true);
    expect((await viewOf(request.id, people.owner)).unread_messages).toBe(0);

    // The owner answers twice: one notice to the buyer.
    ok(await call("POST", thread, people.owner, dealMessageBody("Sí, la enviamos esta semana.")), decodeMessage, 201);
    ok(await call("POST", thread, people.owner, dealMessageBody("También el dictamen fiscal.")), decodeMessage, 201);
    await settle();
    expect(buyerMails()).toHaveLength(1);
    expect(buyerMails()[0]?.text).not.toContain("dictamen");
    expect(leaksIn(`${buyerMails()[0]?.text}${buyerMails()[0]?.html}`)).toEqual([]);
    // An admin writes as Puente: the seller (nothing unread) is told, the buyer (two unread already) is not told again.
    const fromAdmin = ok(await call("POST", thread, people.admin, dealMessageBody("Les recordamos que Puente no interviene en la negociación.")), decodeMessage, 201);
    expect(fromAdmin).toMatchObject({ sender_role: "admin", sender_name: "Puente" });
    await settle();
    expect(buyerMails()).toHaveLength(1);
    expect(sellerMails()).toHaveLength(2);
    const asBuyer = ok(await call("GET", thread, buyer), decodeMessages);
    expect(asBuyer.items.map((message) => [message.sender_role, message.sender_name, message.is_mine])).toEqual([
      ["buyer", buyer.name, true],
      ["buyer", buyer.name, true],
      ["seller", SECRETS.ownerName, false],
      ["seller", SECRETS.ownerName, false],
      ["admin", "Puente", false],
    ]);
    // The buyer's own messages show when the owner read them.
    expect(asBuyer.items[0]?.read_at).not.toBeNull();
    expect((await viewOf(request.id, buyer)).unread_messages).toBe(0);
    expectOnlyMessage(await call("POST", thread, buyer, { body: "   " }), 400, DEAL_ROOM_MESSAGES.messageBody);
    expectOnlyMessage(await call("POST", thread, buyer, { body: "x".repeat(4001) }), 400, DEAL_ROOM_MESSAGES.messageTooLong);
  });

  it(`a thread answers its newest ${THREAD_MAX_MESSAGES} messages, oldest first`, async () => {
    const buyer = await newBuyer("Compradora Olga");
    const id = await approvedRequest(buyer);
    const start = clock - 10_000_000;
    await handle.db.insert(dealMessages).values(Array.from({ length: THREAD_MAX_MESSAGES + 5 }, (_, index) => ({ accessRequestId: id, senderUserId: buyer.id, body: `mensaje ${index}`, createdAt: new Date(start + index * 1000) })));
    const items = ok(await call("GET", `/access_requests/${id}/messages`, buyer), decodeMessages).items;
    expect(items).toHaveLength(THREAD_MAX_MESSAGES);
    expect(items[0]?.body).toBe("mensaje 5");
    expect(items.at(-1)?.body).toBe(`mensaje ${THREAD_MAX_MESSAGES + 4}`);
  });

  // --- Letters of intent ---------------------------------------------------------------------------------------

  it("letters of intent: refused before approval, validated with the contract's messages (nothing written), one pending at a time, answered once", async () => {
    const buyer = await newBuyer("Compradora Paula");
    const request = await ask(buyer);
    const letters = `/access_requests/${request.id}/letters_of_intent`;
    expectOnlyMessage(await call("POST", letters, buyer, letterOfIntentBody()), 409, DEAL_ROOM_MESSAGES.loiClosed);
    await decide(request.id, "approved");
    const before = await rows();
    const valid = letterOfIntentBody();
    const invalid: ReadonlyArray<readonly [unknown, string]> = [
      [{ ...valid, amount: 0 }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: -5 }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: 0.001 }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: "NaN" }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: "25000000" }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: null }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, amount: MAX_MONEY * 10 }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ currency: valid.currency, stake_percentage: valid.stake_percentage, terms: valid.terms }, DEAL_ROOM_MESSAGES.loiAmount],
      [{ ...valid, currency: "EUR" }, DEAL_ROOM_MESSAGES.loiCurrency],
      [{ ...valid, currency: "mxn" }, DEAL_ROOM_MESSAGES.loiCurrency],
      [{ ...valid, stake_percentage: -1 }, DEAL_ROOM_MESSAGES.loiStake],
      [{ ...valid, stake_percentage: 100.01 }, DEAL_ROOM_MESSAGES.loiStake],
      [{ ...valid, stake_percentage: "50" }, DEAL_ROOM_MESSAGES.loiStake],
      [{ amount: valid.amount, currency: valid.currency, stake_percentage: valid.stake_percentage }, DEAL_ROOM_MESSAGES.loiTerms],
      [{ ...valid, terms: "   " }, DEAL_ROOM_MESSAGES.loiTerms],
      [{ ...valid, terms: "x".repeat(LOI_TERMS_MAX_LENGTH + 1) }, DEAL_ROOM_MESSAGES.loiTermsTooLong],
    ];
    for (const [body, message] of invalid) expectOnlyMessage(await call("POST", letters, buyer, body), 400, message);
    // Infinity, as JSON can only write it.
    const infinite = await app.inject({
      method: "POST",
      url: `/api${letters}`,
      headers: { authorization: `Bearer ${buyer.token}`, "content-type": "application/json" },
      payload: `{"amount":1e309,"currency":"MXN","stake_percentage":10,"terms":"Oferta"}`,
    });
    expectOnlyMessage(infinite, 400, DEAL_ROOM_MESSAGES.loiAmount);
    expect(await rows()).toEqual(before);
    // Only the buyer offers.
    for (const who of [people.owner, people.admin, people.otherSeller]) expectOnlyMessage(await call("POST", letters, who, valid), 404, DEAL_ROOM_MESSAGES.requestNotFound);

    const first = ok(await call("POST", letters, buyer, { ...valid, stake_percentage: 0 }), decodeLetter, 201);
    expect(first).toMatchObject({ access_request_id: request.id, amount: 25_000_000.5, currency: "MXN", stake_percentage: 0, status: "pending", decided_at: null });
    expectOnlyMessage(await call("POST", letters, buyer, valid), 409, DEAL_ROOM_MESSAGES.loiPending);
    expect((await viewOf(request.id, people.owner)).latest_letter?.id).toBe(first.id);
    await settle();
    const offerMail = mailsTo(SECRETS.contactEmail).find((mail) => mail.subject === `Nueva carta de intención para ${company.a.humanId}` && mail.text.includes(`/solicitudes/${request.id}`));
    expect(offerMail?.text).not.toContain("25");

    // The owner or an admin answers, once.
    const answer = (id: number, who: Person, status: unknown) => call("PATCH", `/letters_of_intent/${id}`, who, { status });
    for (const who of [buyer, people.otherSeller]) expectOnlyMessage(await answer(first.id, who, "accepted"), 404, DEAL_ROOM_MESSAGES.loiNotFound);
    expectOnlyMessage(await answer(first.id, people.owner, "pending"), 400, DEAL_ROOM_MESSAGES.loiInvalidStatus);
    clock += 1000;
    const accepted = ok(await answer(first.id, people.owner, "accepted"), decodeLetter);
    expect(accepted).toMatchObject({ id: first.id, status: "accepted" });
    expect(Date.parse(accepted.decided_at ?? "")).toBe(clock);
    expectOnlyMessage(await answer(first.id, people.admin, "declined"), 409, DEAL_ROOM_MESSAGES.loiAlreadyDecided);
    // A new letter once the last one is answered; two answers at once: one wins.
    const second = ok(await call("POST", letters, buyer, { ...valid, currency: "USD", stake_percentage: 100 }), decodeLetter, 201);
    const both = await Promise.all([answer(second.id, people.owner, "declined"), answer(second.id, people.admin, "accepted")]);
    expect(both.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
    const history = ok(await call("GET", letters, buyer), decodeLetters).items;
    expect(history.map((letter) => letter.id)).toEqual([second.id, first.id]);
    expect(ok(await call("GET", letters, people.admin), decodeLetters).items).toHaveLength(2);
    expectOnlyMessage(await call("GET", letters, people.otherSeller), 404, DEAL_ROOM_MESSAGES.requestNotFound);
    await settle();
    expect(mailsTo(buyer.email).filter((mail) => mail.subject.startsWith("Tu carta de intención")).map((mail) => mail.subject)).toEqual([
      `Tu carta de intención para ${company.a.humanId}: Aceptada`,
      expect.stringMatching(new RegExp(`^Tu carta de intención para ${company.a.humanId}: (Aceptada|Declinada)$`)),
    ]);
    // After a revocation both still see the history; no new letter.
    await decide(request.id, "revoked");
    expect(ok(await call("GET", letters, buyer), decodeLetters).items).toHaveLength(2);
    expectOnlyMessage(await call("POST", letters, buyer, valid), 409, DEAL_ROOM_MESSAGES.loiClosed);
  });

  // --- Lists ----------------------------------------------------------------------------------------------------------

  it("lists requests by side, company and status, paged newest first; all of them only for an admin", async () => {
    const buyer = await newBuyer("Compradora Rita");
    const onA = await ask(buyer);
    clock += 1000;
    const onB = await ask(buyer, company.b.id);
    const list = async (who: Person, query = "") => ok(await call("GET", `/access_requests${query}`, who), decodeRequests);
    const outgoing = await list(buyer, "?side=outgoing");
    expect(outgoing.items.map((item) => item.id)).toEqual([onB.id, onA.id]);
    expect(outgoing).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect((await list(buyer)).items.map((item) => item.id)).toEqual([onB.id, onA.id]);
    expect((await list(buyer, "?side=incoming")).items).toEqual([]);
    const paged = await list(buyer, "?per_page=1&page=2");
    expect(paged).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([onA.id]);
    expect((await list(buyer, `?company_id=${company.b.id}`)).items.map((item) => item.id)).toEqual([onB.id]);
    // The other seller sees only the request to their company, with its name and the buyer without contact.
    const incoming = await list(people.otherSeller, "?side=incoming");
    expect(incoming.items.every((item) => item.company.id === company.b.id)).toBe(true);
    expect(incoming.items.find((item) => item.id === onB.id)).toMatchObject({ viewer_role: "seller", company: { name: "Bruma Logística" }, buyer: { email: null }, allowed_statuses: ["approved", "rejected"] });
    expect((await list(people.owner, "?status=pending")).items.every((item) => item.status === "pending" && item.company.id !== company.b.id)).toBe(true);
    expectOnlyMessage(await call("GET", "/access_requests?side=all", buyer), 403, listAccessRequestsEndpoint.errors.adminOnly.message);
    const everything = await list(people.admin, "?side=all&per_page=50");
    expect(everything.total).toBe((await rows()).requests);
    expect(everything.items.every((item) => item.viewer_role === "admin" && item.unread_messages === 0)).toBe(true);
    expect((await list(people.admin)).total).toBe(everything.total);
    for (const bad of ["?side=todos", "?status=open", "?page=0", "?per_page=51", "?company_id=abc", "?page=1&page=2"]) {
      expectOnlyMessage(await call("GET", `/access_requests${bad}`, buyer), 400, "Los filtros de la lista no son válidos.");
    }
    expect((await call("GET", "/access_requests")).statusCode).toBe(401);
  });

  it("bad or unknown ids answer 400 or 404 with a Spanish message, never a 5xx", async () => {
    type Probe = (id: string) => readonly ["GET" | "POST" | "PATCH", string, unknown];
    const paths: ReadonlyArray<Probe> = [
      (id: string) => ["GET", `/access_requests/${id}`, undefined],
      (id: string) => ["PATCH", `/access_requests/${id}`, { status: "approved" }],
      (id: string) => ["POST", `/access_requests/${id}/nda_acceptances`, acceptNdaBody(currentVersion())],
      (id: string) => ["GET", `/access_requests/${id}/messages`, undefined],
      (id: string) => ["POST", `/access_requests/${id}/messages`, dealMessageBody()],
      (id: string) => ["GET", `/access_requests/${id}/letters_of_intent`, undefined],
      (id: string) => ["POST", `/access_requests/${id}/letters_of_intent`, letterOfIntentBody()],
      (id: string) => ["PATCH", `/letters_of_intent/${id}`, decideLetterBody()],
      (id: string) => ["POST", `/companies/${id}/access_requests`, accessRequestBody(currentVersion())],
    ];
    const buyer = await newBuyer("Compradora Sara");
    for (const path of paths) {
      for (const id of ["0", "-1", "99999999999", "abc", "1.5"]) {
        const [method, url, body] = path(id);
        const response = await call(method, url, buyer, body);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().message).toMatch(/no existe|no es válido/);
      }
      const [method, url, body] = path("2147483647");
      const response = await call(method, url, people.admin, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  // --- The NDA changes -------------------------------------------------------------------------------------------------

  it("a new NDA version pauses an approved buyer's access until they accept it; a request with the old version is refused", async () => {
    const buyer = await newBuyer("Compradora Tania");
    const id = await approvedRequest(buyer);
    const shared = await uploadShared("nda-cambio.pdf", true);
    const link = ok(await call("GET", `/companies/${company.a.id}/company_files/${shared.id}`, buyer), decodeSigned);
    const oldVersion = currentVersion();
    versions.push(NEXT_NDA);
    try {
      expect(ok(await call("GET", "/nda"), Schema.decodeUnknownSync(Nda)).version).toBe(NEXT_NDA.version);
      const profile = await profileOf(buyer);
      expect(profile.confidential).toBeNull();
      expect(profile.viewer_access.request).toMatchObject({ id, status: "approved", nda_version: oldVersion, nda_current: false });
      const view = await viewOf(id, buyer);
      expect(view.company.name).toBeNull();
      expect(view.nda).toMatchObject({ version: oldVersion, current: false });
      expectOnlyMessage(await call("GET", `/companies/${company.a.id}/company_files/${shared.id}`, buyer), 404, COMPANY_NOT_FOUND_MESSAGE);
      // A link handed out before the change is a page that says to accept the version in force on the profile.
      const ndaPage = await app.inject({ method: "GET", url: link.url.slice(APP_URL.length) });
      expectPage(ndaPage, 403, FILE_LINK_PAGES.ndaOutdated.message, FILE_LINK_PAGES.ndaOutdated.next);
      expect(ndaPage.body).toContain(`href="/perfil-de-negocio/${company.a.id}"`);
      expectOnlyMessage(await call("GET", `/access_requests/${id}/messages`, buyer), 409, DEAL_ROOM_MESSAGES.threadClosed);
      expectOnlyMessage(await call("POST", `/access_requests/${id}/letters_of_intent`, buyer, letterOfIntentBody()), 409, DEAL_ROOM_MESSAGES.loiClosed);
      // The owner still sees the whole company; the seller's view says the buyer's NDA is outdated.
      expect((await viewOf(id, people.owner)).nda.current).toBe(false);
      // Asking with the old version is refused.
      const newcomer = await newBuyer("Compradora Úrsula");
      expectOnlyMessage(await call("POST", `/companies/${company.a.id}/access_requests`, newcomer, accessRequestBody(oldVersion)), 400, DEAL_ROOM_MESSAGES.ndaOutdated);

      const errors = acceptNdaEndpoint.errors;
      const acceptances = `/access_requests/${id}/nda_acceptances`;
      expectOnlyMessage(await call("POST", acceptances, buyer, acceptNdaBody(oldVersion)), 400, errors.ndaOutdated.message);
      for (const who of [people.owner, people.admin, newcomer]) expectOnlyMessage(await call("POST", acceptances, who, acceptNdaBody(NEXT_NDA.version)), 404, errors.notFound.message);
      const accepted = ok(await call("POST", acceptances, buyer, acceptNdaBody(NEXT_NDA.version)), decodeRequest, 201);
      expect(accepted).toMatchObject({ nda: { version: NEXT_NDA.version, current: true }, company: { name: SECRETS.name } });
      const [stored] = await handle.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.accessRequestId, id)).orderBy(desc(ndaAcceptances.id)).limit(1);
      expect(stored?.acceptedText).toContain("versión de prueba");
      expect(stored?.acceptedText).toContain(buyer.name);
      expectOnlyMessage(await call("POST", acceptances, buyer, acceptNdaBody(NEXT_NDA.version)), 409, errors.alreadyCurrent.message);
      expect((await profileOf(buyer)).confidential?.name).toBe(SECRETS.name);
      expect((await call("GET", `/companies/${company.a.id}/company_files/${shared.id}`, buyer)).statusCode).toBe(200);
      expect((await call("GET", `/access_requests/${id}/messages`, buyer)).statusCode).toBe(200);
    } finally {
      versions.pop();
    }
  });

  it("each write counts in its bucket per user: past the limit a 429 with the endpoint's Spanish message, other users unaffected", async () => {
    const one = { max: 1, windowMs: 60_000 };
    const limited = await buildApp({
      db: handle.db,
      config: {
        ...TEST_APP_CONFIG,
        mailTransport,
        ndaVersions: versions,
        rateLimits: { ...sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }), access_requests: one, deal_messages: one, letters_of_intent: one, deal_decisions: one },
      },
    });
    try {
      const send = (method: "POST" | "PATCH", path: string, who: Person, body: unknown) =>
        limited.inject({ method, url: `/api${path}`, headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" }, payload: JSON.stringify(body) });
      const buyer = await newBuyer("Compradora Xime");
      const other = await newBuyer("Compradora Yara");
      const id = await approvedRequest(buyer);
      const twice = async (method: "POST" | "PATCH", path: string, who: Person, body: unknown, message: string) => {
        expect((await send(method, path, who, body)).statusCode).toBeLessThan(429);
        const refused = await send(method, path, who, body);
        expectOnlyMessage(refused, 429, message);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      };
      await twice("POST", `/companies/${company.b.id}/access_requests`, buyer, accessRequestBody(currentVersion()), DEAL_ROOM_MESSAGES.tooManyRequests);
      await twice("POST", `/access_requests/${id}/messages`, buyer, dealMessageBody(), DEAL_ROOM_MESSAGES.tooManyMessages);
      await twice("POST", `/access_requests/${id}/letters_of_intent`, buyer, letterOfIntentBody(), DEAL_ROOM_MESSAGES.tooManyLetters);
      await twice("PATCH", `/access_requests/${id}`, people.owner, { status: "revoked" }, DEAL_ROOM_MESSAGES.tooManyDecisions);
      // Sharing counts in the same bucket as the owner's decisions.
      expectOnlyMessage(await send("PATCH", `/companies/${company.a.id}/company_files/2147483647`, people.owner, shareFileBody(true)), 429, DATA_ROOM_MESSAGES.tooManyChanges);
      // Per user: another buyer still asks.
      expect((await send("POST", `/companies/${company.b.id}/access_requests`, other, accessRequestBody(currentVersion()))).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  // --- Profile views and the community figures -----------------------------------------------------------------------------

  it("counts one profile view per viewer per company per Mexico City day; visitors by a keyed hash, never the owner or admins", async () => {
    const fresh = await createCompany(handle.db, { name: "Vistas Contadas", ownerUserId: people.owner.id, isPublished: true });
    const buyer = await newBuyer("Compradora Vera");
    const viewsOf = () => handle.db.select().from(companyProfileViews).where(eq(companyProfileViews.companyId, fresh.id));
    await call("GET", `/companies/${fresh.id}`, undefined, undefined, "203.0.113.7");
    await call("GET", `/companies/${fresh.id}`, undefined, undefined, "203.0.113.7");
    await call("GET", `/companies/${fresh.id}`, undefined, undefined, "203.0.113.8");
    await call("GET", `/companies/${fresh.id}`, buyer);
    await call("GET", `/companies/${fresh.id}`, buyer);
    await call("GET", `/companies/${fresh.id}`, people.owner);
    await call("GET", `/companies/${fresh.id}`, people.admin);
    const first = await viewsOf();
    expect(first).toHaveLength(3);
    const keys = first.map((row) => row.viewerKey).toSorted();
    expect(keys.filter((key) => /^a:[0-9a-f]{32}$/.test(key))).toHaveLength(2);
    expect(keys).toContain(`u:${buyer.id}`);
    expect(keys.join(" ")).not.toContain("203.0.113");
    expect(first.find((row) => row.viewerKey === `u:${buyer.id}`)?.viewerUserId).toBe(buyer.id);
    // The next day counts again (a visitor: sessions expire with the test's real clock).
    clock += DAY_MS;
    try {
      await call("GET", `/companies/${fresh.id}`, undefined, undefined, "203.0.113.7");
    } finally {
      clock -= DAY_MS;
    }
    expect(await viewsOf()).toHaveLength(4);
    expect(new Set((await viewsOf()).map((row) => row.day)).size).toBe(2);
  });

  it("community figures count connections ever made (kept after a revocation) and letters of intent, reused for a minute", async () => {
    const stats = async () => ok(await call("GET", "/community_stats"), Schema.decodeUnknownSync(CommunityStats));
    clock += 61_000;
    const counted = async () => ({
      connections: (await handle.db.select({ value: count() }).from(accessRequests).where(sql`${accessRequests.approvedAt} IS NOT NULL`))[0]?.value ?? 0,
      letters_of_intent: (await rows()).letters,
    });
    const before = await stats();
    expect(before).toEqual(await counted());
    expect(before.connections).toBeGreaterThan(0);
    const buyer = await newBuyer("Compradora Wendy");
    const id = await approvedRequest(buyer);
    ok(await call("POST", `/access_requests/${id}/letters_of_intent`, buyer, letterOfIntentBody()), decodeLetter, 201);
    await decide(id, "revoked");
    expect(await stats()).toEqual(before);
    clock += 61_000;
    expect(await stats()).toEqual({ connections: before.connections + 1, letters_of_intent: before.letters_of_intent + 1 });
  });
});
