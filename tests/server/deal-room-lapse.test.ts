import { eq, inArray } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyProfileView } from "../../contracts/marketplace.ts";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../contracts/companies.ts";
import { DataRoomFile, DataRoomFileList, FILE_LINK_PAGES, SignedFileUrl } from "../../contracts/data-room.ts";
import { AccessRequest, DEAL_ROOM_MESSAGES, DealMessage, setAccessEndEndpoint } from "../../contracts/deal-room.ts";
import type { Role } from "../../contracts/sessions.ts";
import { NDA_VERSIONS, currentNda } from "../../content/nda.ts";
import { buildApp } from "../../server/app.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests } from "../../server/deal-room/schema.ts";
import { endOfMexicoCityDay, processAccessEnds } from "../../server/deal-room/lapse.ts";
import { buyerProfiles } from "../../server/accounts/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { issueSessionTokenFor } from "../../server/auth/sessions.ts";
import { DEFAULT_TOKEN_TTL_SECONDS } from "../../server/auth/tokens.ts";
import { expectOnlyMessage, expectPage, signedInUser, TEST_APP_CONFIG, TEST_JWT_SECRET, ONE_TEST_DATABASE } from "./harness.ts";
import { accessRequestBody, dataRoomUpload, dealMessageBody, shareFileBody } from "./samples.ts";

// Access that ends (issue 31; docs/decisions/050-access-that-ends.md): an
// approval with an end date, the lapse decided from the time at every check
// (documents, full profile, thread), the extension, and the reminders and
// lapse notices, each e-mailed once even with two workers.

const APP_URL = "https://puente.example";
/** Noon of 2026-12-20 in Mexico City (UTC-6). */
const START = Date.parse("2026-12-20T18:00:00Z");

const decodeRequest = Schema.decodeUnknownSync(AccessRequest);
const decodeProfile = Schema.decodeUnknownSync(CompanyProfileView);
const decodeSigned = Schema.decodeUnknownSync(SignedFileUrl);

interface Person {
  readonly id: number;
  readonly email: string;
  readonly token: string;
}

describe.each(ONE_TEST_DATABASE)("access that ends on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = START;
  const now = () => new Date(clock);
  const versions = [...NDA_VERSIONS];
  let serial = 0;
  let owner: Person;
  let otherSeller: Person;
  let admin: Person;
  let companyId = 0;
  let humanId = "";

  const newPerson = async (label: string, roles: ReadonlyArray<Role>): Promise<Person> => {
    serial += 1;
    return signedInUser(handle.db, { email: `${label}.${serial}@lapso.ejemplo.mx`, password: "Clave-segura-2026", name: `${label} ${serial}`, phone: "5512340000", roles });
  };
  const newBuyer = async (): Promise<Person> => {
    const buyer = await newPerson("compradora", ["buyer"]);
    await handle.db.insert(buyerProfiles).values({ userId: buyer.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Manufactura", investmentSizeId: 2 });
    await handle.db.update(users).set({ emailVerifiedAt: new Date(START) }).where(eq(users.id, buyer.id));
    return buyer;
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    owner = await newPerson("vendedor", ["seller"]);
    otherSeller = await newPerson("otro", ["seller"]);
    admin = await newPerson("admin", ["admin"]);
    const created = await createCompany(handle.db, {
      name: "Textiles Lapso Reservado",
      ownerUserId: owner.id,
      contactEmail: "contacto@lapso-textiles.example.mx",
      shortDescription: "Textiles en Puebla.",
      isPublished: true,
      stateId: 21,
      industryIds: [2],
      interestIds: [1],
    });
    companyId = created.id;
    humanId = created.humanId;
    app = await buildApp({
      db: handle.db,
      // The worker is driven by hand (processAccessEnds), not by its timer.
      config: { ...TEST_APP_CONFIG, appUrl: APP_URL, clock: now, ndaVersions: versions, accessLapseIntervalMs: 0, rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** A session issued at the test's clock (sessions last hours; the tests move the clock by weeks). */
  const tokens = new Map<string, string>();
  const tokenOf = async (who: Person): Promise<string> => {
    const key = `${who.id}@${clock}`;
    const known = tokens.get(key);
    if (known !== undefined) return known;
    const token = await issueSessionTokenFor(handle.db, who.id, { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS }, now());
    tokens.set(key, token);
    return token;
  };
  const call = async (method: "GET" | "POST" | "PATCH" | "PUT", path: string, who?: Person, body?: unknown) =>
    app.inject({
      method,
      url: `/api${path}`,
      headers: { ...(who === undefined ? {} : { authorization: `Bearer ${await tokenOf(who)}` }), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const ok = <T>(response: LightMyRequestResponse, decode: (value: unknown) => T, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return decode(response.json());
  };
  const ask = async (buyer: Person) => ok(await call("POST", `/companies/${companyId}/access_requests`, buyer, accessRequestBody(currentNda(versions).version)), decodeRequest, 201);
  const approve = async (id: number, endsOn?: string, who: Person = owner) =>
    ok(await call("PATCH", `/access_requests/${id}`, who, endsOn === undefined ? { status: "approved" } : { status: "approved", access_ends_on: endsOn }), decodeRequest);
  const setEnd = (id: number, endsOn: string | null, who: Person = owner) => call("PUT", `/access_requests/${id}/access_end`, who, { access_ends_on: endsOn });
  const profileOf = async (who: Person) => ok(await call("GET", `/companies/${companyId}`, who), decodeProfile);
  const stored = async (id: number) => (await handle.db.select().from(accessRequests).where(eq(accessRequests.id, id)))[0];
  const outboxTo = async (recipients: ReadonlyArray<string>) =>
    handle.db.select({ to: emailOutbox.recipient, subject: emailOutbox.subject, text: emailOutbox.textBody }).from(emailOutbox).where(inArray(emailOutbox.recipient, [...recipients])).orderBy(emailOutbox.id);
  /** What each process's worker runs with: the app's database and a mailer that writes the outbox (delivered later, not by these tests). */
  const workerDeps = () => ({ db: handle.db, mailer: createMailer({ transport: "outbox" }), appUrl: APP_URL, teamEmail: "equipo@puente.mx" });
  const uploadShared = async (filename: string) => {
    const body = dataRoomUpload(undefined, undefined, filename);
    const uploaded = await app.inject({
      method: "POST",
      url: `/api/companies/${companyId}/company_files/company_poderes`,
      headers: { authorization: `Bearer ${await tokenOf(owner)}`, "content-type": body.contentType },
      payload: body.payload,
    });
    const [file] = ok(uploaded, Schema.decodeUnknownSync(DataRoomFileList), 201).items;
    if (file === undefined) throw new Error("no file uploaded");
    return ok(await call("PATCH", `/companies/${companyId}/company_files/${file.id}`, owner, shareFileBody(true)), Schema.decodeUnknownSync(DataRoomFile));
  };

  it("the end of a day in Mexico City is the next midnight there (UTC-6)", () => {
    expect(endOfMexicoCityDay("2026-12-31").toISOString()).toBe("2027-01-01T06:00:00.000Z");
    expect(endOfMexicoCityDay("2027-07-15").toISOString()).toBe("2027-07-16T06:00:00.000Z");
  });

  it("bad end dates are refused with the Spanish message and change nothing", async () => {
    const buyer = await newBuyer();
    const request = await ask(buyer);
    for (const endsOn of ["2026-12-20", "2026-12-19", "2020-01-01"]) {
      expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, owner, { status: "approved", access_ends_on: endsOn }), 400, DEAL_ROOM_MESSAGES.accessEndsPast);
    }
    for (const endsOn of ["2026-02-30", "31/12/2026", "2026-12-31T00:00", "", "x".repeat(5000)]) {
      expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, owner, { status: "approved", access_ends_on: endsOn }), 400, DEAL_ROOM_MESSAGES.accessEndsInvalid);
    }
    expectOnlyMessage(await call("PATCH", `/access_requests/${request.id}`, owner, { status: "rejected", access_ends_on: "2026-12-31" }), 400, DEAL_ROOM_MESSAGES.accessEndsOnlyApproval);
    expect(await stored(request.id)).toMatchObject({ status: "pending", accessEndsAt: null, decidedAt: null });
    // Without an end, an approval does not end (the default).
    const approved = await approve(request.id);
    expect(approved).toMatchObject({ status: "approved", access_ends_at: null, access_lapsed: false, can_set_access_end: true });
    expect((await stored(request.id))?.accessEndsAt).toBeNull();
    // An extension to today or before is refused too, and changes nothing.
    expectOnlyMessage(await setEnd(request.id, "2026-12-20"), 400, setAccessEndEndpoint.errors.past.message);
    expectOnlyMessage(await call("PUT", `/access_requests/${request.id}/access_end`, owner, {}), 400, DEAL_ROOM_MESSAGES.accessEndsInvalid);
    expect((await stored(request.id))?.accessEndsAt).toBeNull();
  });

  it("only the owner or an admin sets the end; the buyer and strangers get the missing request's 404", async () => {
    const buyer = await newBuyer();
    const stranger = await newBuyer();
    const request = await ask(buyer);
    // A pending request has no access to end.
    expectOnlyMessage(await setEnd(request.id, "2027-01-31"), 409, DEAL_ROOM_MESSAGES.accessEndNotAllowed);
    await approve(request.id, "2027-01-31");
    for (const who of [buyer, stranger, otherSeller]) expectOnlyMessage(await setEnd(request.id, "2027-03-31", who), 404, DEAL_ROOM_MESSAGES.requestNotFound);
    expect((await call("PUT", `/access_requests/${request.id}/access_end`, undefined, { access_ends_on: null })).statusCode).toBe(401);
    expect((await stored(request.id))?.accessEndsAt?.toISOString()).toBe("2027-02-01T06:00:00.000Z");
    // Not earlier than the current end; later, by the admin too.
    expectOnlyMessage(await setEnd(request.id, "2027-01-15"), 400, DEAL_ROOM_MESSAGES.accessEndsNotLater);
    expect(ok(await setEnd(request.id, "2027-03-31", admin), decodeRequest).access_ends_at).toBe("2027-04-01T06:00:00.000Z");
    // The buyer sees the end; only the owner's side may change it.
    expect(ok(await call("GET", `/access_requests/${request.id}`, buyer), decodeRequest)).toMatchObject({ access_ends_at: "2027-04-01T06:00:00.000Z", can_set_access_end: false });
    // Removed: access no longer ends.
    expect(ok(await setEnd(request.id, null), decodeRequest).access_ends_at).toBeNull();
    // Revoked: nothing to extend.
    await call("PATCH", `/access_requests/${request.id}`, owner, { status: "revoked" });
    expectOnlyMessage(await setEnd(request.id, "2027-05-31"), 409, DEAL_ROOM_MESSAGES.accessEndNotAllowed);
  });

  it("past its end an approval lapses like a revocation (documents, signed links, full profile, thread), and an extension restores it", async () => {
    clock = START;
    const buyer = await newBuyer();
    const request = await ask(buyer);
    const approved = await approve(request.id, "2026-12-31");
    expect(approved).toMatchObject({ access_ends_at: "2027-01-01T06:00:00.000Z", access_lapsed: false, allowed_statuses: ["revoked"] });
    const shared = await uploadShared("lapso-compartido.pdf");
    const open = () => call("GET", `/companies/${companyId}/company_files/${shared.id}`, buyer);
    const download = (url: string) => app.inject({ method: "GET", url: url.slice(APP_URL.length) });

    // Before the end: everything works.
    const link = ok(await open(), decodeSigned);
    expect((await download(link.url)).statusCode).toBe(200);
    expect((await profileOf(buyer)).confidential?.name).toBe("Textiles Lapso Reservado");
    ok(await call("POST", `/access_requests/${request.id}/messages`, buyer, dealMessageBody()), Schema.decodeUnknownSync(DealMessage), 201);

    // One millisecond before the end it still holds; at the end it is gone.
    clock = Date.parse("2027-01-01T06:00:00Z") - 1;
    expect((await profileOf(buyer)).confidential).not.toBeNull();
    clock = Date.parse("2027-01-01T06:00:00Z");
    expect((await profileOf(buyer)).confidential).toBeNull();
    expectOnlyMessage(await open(), 404, COMPANY_NOT_FOUND_MESSAGE);
    expectPage(await download(link.url), 403, FILE_LINK_PAGES.accessEnded.message, FILE_LINK_PAGES.accessEnded.next);
    expectOnlyMessage(await call("GET", `/access_requests/${request.id}/messages`, buyer), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expectOnlyMessage(await call("POST", `/access_requests/${request.id}/messages`, buyer, dealMessageBody()), 409, DEAL_ROOM_MESSAGES.threadClosed);
    expectOnlyMessage(await call("POST", `/access_requests/${request.id}/messages`, owner, dealMessageBody()), 409, DEAL_ROOM_MESSAGES.threadClosed);
    // The owner keeps the thread to read.
    expect((await call("GET", `/access_requests/${request.id}/messages`, owner)).statusCode).toBe(200);
    const buyerView = ok(await call("GET", `/access_requests/${request.id}`, buyer), decodeRequest);
    expect(buyerView).toMatchObject({ status: "approved", access_lapsed: true, company: { name: null } });
    expect(ok(await call("GET", `/access_requests/${request.id}`, owner), decodeRequest)).toMatchObject({ access_lapsed: true, can_set_access_end: true, allowed_statuses: ["revoked"] });
    // The stored status did not change: the lapse is read from the time.
    expect((await stored(request.id))?.status).toBe("approved");

    // The extension restores access at once (a day after today, even if earlier than nothing).
    const extended = ok(await setEnd(request.id, "2027-02-28"), decodeRequest);
    expect(extended).toMatchObject({ access_lapsed: false, access_ends_at: "2027-03-01T06:00:00.000Z" });
    expect((await profileOf(buyer)).confidential?.name).toBe("Textiles Lapso Reservado");
    expect(ok(await open(), decodeSigned).url).toContain("/");
    ok(await call("POST", `/access_requests/${request.id}/messages`, buyer, dealMessageBody()), Schema.decodeUnknownSync(DealMessage), 201);
    clock = START;
  });

  it("both parties are e-mailed a week before and at the end, each once, even with two workers at once; a new end e-mails again", async () => {
    clock = START;
    const buyer = await newBuyer();
    const request = await ask(buyer);
    await approve(request.id, "2027-01-10");
    const recipients = [buyer.email, "contacto@lapso-textiles.example.mx"];
    const deps = workerDeps();
    const before = (await outboxTo(recipients)).length;
    const twoWorkers = async () => Promise.all([processAccessEnds(deps, now()), processAccessEnds(deps, now())]);

    // More than a week before: nothing.
    await twoWorkers();
    expect((await outboxTo(recipients)).length).toBe(before);

    // A week before the end (2027-01-11 06:00 UTC): one reminder to each party.
    clock = Date.parse("2027-01-04T07:00:00Z");
    const [first, second] = await twoWorkers();
    expect((first?.warned ?? 0) + (second?.warned ?? 0)).toBe(1);
    await twoWorkers();
    const warned = (await outboxTo(recipients)).slice(before);
    expect(warned.map((mail) => mail.to).toSorted()).toEqual([...recipients].toSorted());
    const toBuyer = warned.find((mail) => mail.to === buyer.email);
    expect(toBuyer?.subject).toBe(`Tu acceso a ${humanId} termina el 10 de enero de 2027`);
    // The buyer's e-mail names the listing by its reference only.
    expect(`${toBuyer?.subject} ${toBuyer?.text}`).not.toContain("Textiles Lapso");
    expect(toBuyer?.text).toContain(`${APP_URL}/solicitudes/${request.id}`);

    // At the end: one lapse notice to each party, once.
    clock = Date.parse("2027-01-11T06:00:00Z");
    const lapsed = await twoWorkers();
    expect(lapsed.reduce((sum, run) => sum + run.lapsed, 0)).toBe(1);
    await twoWorkers();
    const all = (await outboxTo(recipients)).slice(before);
    expect(all).toHaveLength(4);
    expect(all.filter((mail) => mail.to === buyer.email).map((mail) => mail.subject)).toEqual([
      `Tu acceso a ${humanId} termina el 10 de enero de 2027`,
      `Tu acceso a ${humanId} terminó`,
    ]);
    expect(all.every((mail) => !mail.subject.includes("Textiles Lapso") && !mail.text.includes("Textiles Lapso"))).toBe(true);

    // Extended: the new end gets its own reminder and notice.
    ok(await setEnd(request.id, "2027-01-15"), decodeRequest);
    expect(await stored(request.id)).toMatchObject({ lapseWarnedAt: null, lapseNoticedAt: null });
    await twoWorkers();
    expect((await outboxTo(recipients)).slice(before)).toHaveLength(6);
    clock = START;
  });

  it("a request approved with no end, and a revoked one past its end, are never e-mailed", async () => {
    clock = START;
    const buyer = await newBuyer();
    const request = await ask(buyer);
    await approve(request.id, "2026-12-22");
    await call("PATCH", `/access_requests/${request.id}`, owner, { status: "revoked" });
    const other = await newBuyer();
    const open = await ask(other);
    await approve(open.id);
    clock = Date.parse("2027-06-01T00:00:00Z");
    const deps = workerDeps();
    await processAccessEnds(deps, now());
    // Their decisions' e-mails only, no reminder nor lapse notice.
    expect((await outboxTo([buyer.email, other.email])).filter((mail) => mail.subject.includes("termin"))).toEqual([]);
    clock = START;
  });
});
