import { createHash } from "node:crypto";
import { eq, inArray, isNotNull, ne } from "drizzle-orm";
import { Either, Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_ENDPOINTS } from "../../contracts/all-endpoints.ts";
import { endpointLabel, type Endpoint } from "../../contracts/endpoint.ts";
import { FileBody } from "../../contracts/data-room.ts";
import { AccessAuditCsv } from "../../contracts/seller-analytics.ts";
import { HtmlPageBody, PaymentList } from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { indexBotPassages } from "../../server/bot/index-passages.ts";
import { hashVerificationToken } from "../../server/accounts/email-verification.ts";
import { hashRecoveryToken } from "../../server/accounts/password-recovery.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { companyFiles, fileViews } from "../../server/data-room/schema.ts";
import { signFileToken, signReadingToken } from "../../server/data-room/signed-url.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { buyerProfiles, emailVerificationTokens, passwordResetTokens } from "../../server/accounts/schema.ts";
import { companies } from "../../server/companies/schema.ts";
import { savedSearches } from "../../server/saved-searches/schema.ts";
import { sessions, users } from "../../server/auth/schema.ts";
import { NDA_VERSIONS, currentNda, type NdaVersion } from "../../content/nda.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ENGLISH, Rng, SEED, asRecord, generateCases, isPlainObject, junkCases, seedFor, truncate, type FuzzRequest } from "./fuzz/mutations.ts";
import { reachesHandler } from "./fuzz/decoder.ts";
import { DEAL_IDS, FUZZ_SPECS, OFFLINE_CONTEXT, caseSource, specProblems, type FuzzContext } from "./fuzz/specs.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, injectReadingStreams, sessionTokenFor } from "./harness.ts";
import { openLocalCheckout, payPlan } from "./paid-plan.ts";
import { SAMPLE_PASSWORD, dataRoomUpload, insertAccessRequest, pictureUpload, recoveryTokenFor, verificationTokenFor, type MultipartBody } from "./samples.ts";

// Issue "Hardening: the campaign", restructured in issue 24: the schema
// fuzz over HTTP. The seeded generator (tests/server/fuzz/mutations.ts)
// makes a few hundred cases per endpoint with params, a query, a body or
// multipart fields; tests/server/schema-fuzz-decoder.test.ts decodes all of
// them in-process with the router's decoding. Here a few per endpoint
// (HTTP_CASES: the valid sample, a few odd ones the decoding accepts, so
// they reach the handler and the database, and the cases that add the most
// mutation families not sent yet, so every family the generator makes is
// sent at least once in the run) go through the real app, handlers and
// database, anonymously and, for guarded endpoints, signed in; each endpoint
// also meets one forged token and one odd header, in turn. Endpoints without
// input meet a few junk cases. The server must answer every request without a 5xx,
// every 4xx with a Spanish `{ message }`, every 2xx within its contract, and
// no background task may fail. Everything derives from SEED: a failure
// prints the endpoint, the case index and the mutations, and the same run
// reproduces it.

/** FUZZ_VERBOSE=1 prints each endpoint's case count and statuses, and the total. */
const VERBOSE = process.env["FUZZ_VERBOSE"] === "1";

/** A moment, to print the wall and CPU time since (FUZZ_VERBOSE=1: the timings issue 24 asks for). */
const moment = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const since = (start: ReturnType<typeof moment>): string => {
  const cpu = process.cpuUsage(start.cpu);
  return `${((performance.now() - start.wall) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`;
};

/** Cases per endpoint with input sent over HTTP (each once per auth variant). */
const HTTP_CASES = 10;
/** Of those, cases past the valid sample that the router's decoding accepts: odd but valid values reach the handler and the database. */
const HANDLER_CASES = 3;
/** Junk cases per endpoint without input (a junk query or body, a method it does not serve), in turn across the run. */
const JUNK_CASES = 4;

// --- Which cases go over HTTP ----------------------------------------------------------------

/** The families a case list has, and how often each was sent so far in the run. */
type FamilyCounts = Map<string, number>;

/**
 * The endpoint's cases for HTTP: the valid sample; then HANDLER_CASES
 * contract samples or mutated cases the router's decoding accepts (the
 * decoder fuzz cannot judge what a handler and the database do with them);
 * then the rest. Each pick is the case whose families were sent least (a
 * family never sent in the run counts most, then one this endpoint has not
 * sent; then a fixed list's entry not sent yet), ties broken by the seeded
 * rng. `sent` and `sentVariants` carry over from endpoint to endpoint, in
 * ALL_ENDPOINTS' order, so the run rotates through the families and the
 * fixed lists.
 */
function selectForHttp(label: string, cases: ReadonlyArray<FuzzRequest>, budget: number, sent: FamilyCounts, sentVariants: Set<string>): ReadonlyArray<FuzzRequest> {
  const rng = new Rng(seedFor(`${label}:http`));
  const chosen: FuzzRequest[] = [];
  const local = new Set<string>();
  const take = (request: FuzzRequest) => {
    chosen.push(request);
    for (const family of request.families) {
      local.add(family);
      sent.set(family, (sent.get(family) ?? 0) + 1);
    }
    if (request.variant !== null) sentVariants.add(`${request.families.join("+")}: ${request.variant}`);
  };
  const score = (request: FuzzRequest) =>
    request.families.reduce((sum, family) => sum + ((sent.get(family) ?? 0) === 0 ? 1_000 : 0) + (local.has(family) ? 0 : 10), 0) +
    (request.variant !== null && !sentVariants.has(`${request.families.join("+")}: ${request.variant}`) ? 1 : 0);
  /** The candidates best first, ties in a seeded order. */
  const ranked = (candidates: ReadonlyArray<FuzzRequest>) =>
    candidates
      .map((request) => ({ request, score: score(request), tie: rng.next() }))
      .sort((a, b) => b.score - a.score || a.tie - b.tie)
      .map(({ request }) => request);
  const [valid, ...rest] = cases;
  if (valid !== undefined) take(valid);
  const left = new Set(rest);
  const pick = (request: FuzzRequest) => {
    left.delete(request);
    take(request);
  };
  const unusual = (request: FuzzRequest) => request.families.includes("mutated") || request.families.includes("contract sample");
  for (let handled = 0; handled < HANDLER_CASES; handled += 1) {
    const next = ranked([...left].filter(unusual)).find(reachesHandler);
    if (next === undefined) break;
    pick(next);
  }
  while (chosen.length < budget && left.size > 0) {
    const [next] = ranked([...left]);
    if (next === undefined) break;
    pick(next);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

interface HttpPlan {
  /** Each endpoint's cases to send, by label. */
  readonly cases: ReadonlyMap<string, ReadonlyArray<FuzzRequest>>;
  /** Every family the generator made, for any endpoint. */
  readonly generated: ReadonlySet<string>;
  /** A hash of every generated case and of the selection: the same on every run. */
  readonly digest: string;
}

/** What the HTTP fuzz sends for `context`: the selected cases of every endpoint (junk ones for an endpoint without input). */
function planFor(context: FuzzContext): HttpPlan {
  const sent: FamilyCounts = new Map();
  const sentVariants = new Set<string>();
  const generated = new Set<string>();
  const cases = new Map<string, ReadonlyArray<FuzzRequest>>();
  const hash = createHash("sha256");
  for (const endpoint of ALL_ENDPOINTS) {
    const label = endpointLabel(endpoint);
    const spec = FUZZ_SPECS[label];
    const all = spec === undefined ? junkCases(endpoint) : generateCases(endpoint, caseSource(spec, context));
    for (const request of all) {
      for (const family of request.families) generated.add(family);
      hash.update(`${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.note} ${request.families.join(",")}\n`).update(request.payload ?? "");
    }
    const chosen = selectForHttp(label, all, spec === undefined ? JUNK_CASES : HTTP_CASES, sent, sentVariants);
    hash.update(`${label}: ${chosen.map((request) => request.index).join(",")}\n`);
    cases.set(label, chosen);
  }
  return { cases, generated, digest: hash.digest("hex") };
}

/** The generated families no selected case carries. */
const unsent = (plan: HttpPlan): ReadonlyArray<string> => {
  const sent = new Set([...plan.cases.values()].flat().flatMap((request) => request.families));
  return [...plan.generated].filter((family) => !sent.has(family)).sort();
};

/** An NDA version before the one in force: the fuzz's app knows both. */
const OLD_NDA: NdaVersion = { version: "2000-01", effectiveDate: "2000-01-01", text: "Acuerdo anterior entre {{comprador}} y {{referencia}}, {{fecha}}." };

// --- Tokens a client could forge -----------------------------------------------------------------

const FAR_FUTURE = 4_102_444_800; // 2100-01-01, fixed: inputs never read the clock.

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

async function forgedHeaders(validSid: string, userId: number): Promise<ReadonlyArray<{ readonly note: string; readonly header: string }>> {
  const claims = { sub: String(userId), email: "x@ejemplo.mx", name: "X", roles: ["admin"], phone: null, is_onboarding_completed: true, is_paid: true, status: "active", iat: 1_700_000_000, exp: FAR_FUTURE };
  const sign = (payload: Record<string, unknown>, alg = "HS256") => new SignJWT(payload).setProtectedHeader({ alg, typ: "JWT" }).sign(TEST_JWT_SECRET);
  return [
    { note: "Bearer and nothing", header: "Bearer" },
    { note: "Bearer and a space", header: "Bearer " },
    { note: "Basic credentials", header: "Basic dXN1YXJpbzpjbGF2ZQ==" },
    { note: "three dots", header: "Bearer a.b.c" },
    { note: "an 8 KB token", header: `Bearer ${"x".repeat(8_192)}` },
    { note: "alg none", header: `Bearer ${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...claims, sid: validSid })}.` },
    { note: "HS512 with our secret", header: `Bearer ${await sign({ ...claims, sid: validSid }, "HS512")}` },
    { note: "no session id", header: `Bearer ${await sign(claims)}` },
    { note: "a session id of no session", header: `Bearer ${await sign({ ...claims, sid: "s".repeat(22) })}` },
    { note: "a real session id for another user id", header: `Bearer ${await sign({ ...claims, sub: String(userId + 1), sid: validSid })}` },
    { note: "sub past integer", header: `Bearer ${await sign({ ...claims, sub: "2147483648", sid: validSid })}` },
    { note: "sub 1e3", header: `Bearer ${await sign({ ...claims, sub: "1e3", sid: validSid })}` },
    { note: "sub -1", header: `Bearer ${await sign({ ...claims, sub: "-1", sid: validSid })}` },
    { note: "sub with NUL", header: `Bearer ${await sign({ ...claims, sub: "1\u0000", sid: validSid })}` },
    { note: "sid with NUL", header: `Bearer ${await sign({ ...claims, sid: `${validSid.slice(0, 20)}\u0000` })}` },
    { note: "roles not an array", header: `Bearer ${await sign({ ...claims, roles: "admin", sid: validSid })}` },
    { note: "expired", header: `Bearer ${await sign({ ...claims, exp: 1_700_000_100, sid: validSid })}` },
  ];
}

/** Headers other than the token that a client controls. */
const ODD_HEADERS: ReadonlyArray<{ readonly note: string; readonly headers: Readonly<Record<string, string>> }> = [
  { note: "a 500-character request id", headers: { "x-request-id": "a".repeat(500) } },
  { note: "a request id with spaces and slashes", headers: { "x-request-id": "../../x y" } },
  { note: "a junk X-Forwarded-For", headers: { "x-forwarded-for": "999.1.1.1, ::ffff:zz, " } },
  { note: "X-Forwarded-Proto https", headers: { "x-forwarded-proto": "https" } },
  { note: "Accept text/html", headers: { accept: "text/html" } },
  { note: "a junk Accept-Encoding", headers: { "accept-encoding": "br;q=2, *;q=-1, gzip;q=NaN" } },
  { note: "a junk cookie", headers: { cookie: "a=%FF; b" } },
];

// --- The run -------------------------------------------------------------------------------------

interface Outcome {
  readonly label: string;
  readonly request: FuzzRequest;
  readonly auth: string;
  readonly response: LightMyRequestResponse;
}

/** What is wrong with an answer, or null: a 5xx, a 4xx without a Spanish { message }, a 2xx outside the contract. */
function problemWith(outcome: Outcome, sameRoute: ReadonlyArray<Endpoint>): string | null {
  const { statusCode, body, headers } = outcome.response;
  if (statusCode >= 500) return `${statusCode}`;
  // A page endpoint, or one opened in a browser tab whose refusals are pages (a file link).
  const pages = sameRoute.some((endpoint) => endpoint.response === HtmlPageBody || (statusCode >= 400 && endpoint.browserTab === true));
  // A file's bytes (a download, a picture): a success is the bytes with the file's type, never HTML or JSON.
  if (statusCode === 200 && sameRoute.some((endpoint) => endpoint.response === FileBody)) {
    return /^(application\/pdf|image\/(png|jpeg))$/.test(String(headers["content-type"] ?? "")) && headers["x-content-type-options"] === "nosniff" ? null : `200 file answer as ${String(headers["content-type"])}`;
  }
  // A CSV download (the access audit, decision 049): a success is the file, with its BOM, as an attachment.
  if (statusCode === 200 && sameRoute.some((endpoint) => endpoint.response === AccessAuditCsv)) {
    return String(headers["content-type"] ?? "") === "text/csv; charset=utf-8" && body.startsWith("\uFEFF") && /^attachment; filename="[\w.-]+"$/.test(String(headers["content-disposition"] ?? "")) ? null : `200 CSV answer as ${String(headers["content-type"])}`;
  }
  // The local checkout's form answers like a browser expects: a redirect to the app's result page.
  if (statusCode === 303) return pages && /^\/pago-(exitoso|error)(\?|$)/.test(String(headers["location"] ?? "")) ? null : `303 to ${String(headers["location"])}`;
  if (String(headers["content-type"] ?? "").startsWith("text/html")) {
    if (!pages) return `${statusCode} as HTML from an endpoint that answers JSON`;
    if (!/^<!doctype html>/i.test(body)) return `${statusCode} with a body that is not a page`;
    if (statusCode >= 400 && !/<p>[^<]+<\/p>/.test(body)) return `${statusCode} page that says nothing`;
    return ENGLISH.test(body) ? `${statusCode} page with a message a person must not see` : null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${statusCode} without a JSON body`;
  }
  if (statusCode >= 400) {
    const message = isPlainObject(parsed) ? parsed["message"] : undefined;
    if (typeof message !== "string" || message.trim().length === 0) return `${statusCode} without a non-empty { message }`;
    return ENGLISH.test(message) ? `${statusCode} with a message a person must not see: ${message}` : null;
  }
  if (statusCode >= 200 && statusCode < 300) {
    // A mutated fixed query may select the other endpoint of the same route.
    const fits = sameRoute.some((endpoint) => Either.isRight(Schema.decodeUnknownEither(endpoint.response)(parsed)));
    return fits ? null : `${statusCode} outside the contract`;
  }
  return `unexpected ${statusCode}`;
}

const describeFailure = (outcome: Outcome, problem: string): string => {
  const { request } = outcome;
  const payload = request.payload === undefined ? "" : ` body ${truncate(Buffer.isBuffer(request.payload) ? `<bytes ${request.payload.toString("hex").slice(0, 80)}>` : request.payload, 200)}`;
  return `${outcome.label} case #${request.index} (seed ${SEED}) as ${outcome.auth}: ${problem} — ${request.note}\n    ${request.method} ${truncate(request.url, 200)}${payload}\n    answer ${truncate(outcome.response.body, 200)}`;
};

describe("the schema fuzz", () => {
  it("has a spec for every endpoint of ALL_ENDPOINTS with params, a query, a body or multipart fields", () => {
    expect(specProblems(ALL_ENDPOINTS)).toEqual([]);
  });

  let offline: HttpPlan | undefined;
  const offlinePlan = (): HttpPlan => (offline ??= planFor(OFFLINE_CONTEXT));

  // Each plan generates every case of every endpoint: seconds, more on a busy 2-core machine.
  it("is deterministic: the same seed gives the same requests", { timeout: 180_000 }, () => {
    expect(planFor(OFFLINE_CONTEXT).digest).toBe(offlinePlan().digest);
  });

  it(`sends ${HTTP_CASES} cases per endpoint with input, ${HANDLER_CASES} of them odd but decodable, and every mutation family the generator makes`, { timeout: 180_000 }, () => {
    const plan = offlinePlan();
    expect(unsent(plan)).toEqual([]);
    for (const [label, cases] of plan.cases) {
      if (FUZZ_SPECS[label] === undefined) {
        expect(cases.length, label).toBe(JUNK_CASES);
        continue;
      }
      expect(cases.length, label).toBe(HTTP_CASES);
      expect(cases[0]?.index, `${label} sends its valid sample`).toBe(0);
      // The valid sample and odd values that decode: what reaches the handler and the database.
      expect(cases.filter(reachesHandler).length, `${label}: cases that reach the handler`).toBeGreaterThanOrEqual(1 + HANDLER_CASES);
    }
    // The families the issue names, among others.
    for (const family of [
      "body value: wrong type",
      "body value: huge string",
      "body value: NUL",
      "body value: deep or wide structure",
      "body value: boundary number",
      "body: extra key",
      "body: array for a value",
      "raw body: malformed JSON",
      "raw body: content type",
      "raw body: deep nesting",
      "path: odd id",
      "query: key twice",
      "fields: key added",
      "multipart body: framing",
      "form body",
      "wrong method",
    ]) {
      expect(plan.generated, family).toContain(family);
    }
  });
});

describe.each(ONE_TEST_DATABASE)("schema fuzz on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let context: FuzzContext;
  const signedIn: Array<{ readonly who: string; readonly token: string }> = [];
  const signedInIds: number[] = [];
  let passwordOwner: CreatedUser;
  let passwordOwnerHash = "";
  let passwordOwnerToken = "";
  let savedSearchOwnerId = 0;
  let forged: ReadonlyArray<{ readonly note: string; readonly header: string }> = [];
  let plan: HttpPlan = { cases: new Map(), generated: new Set(), digest: "" };
  const sentFamilies = new Set<string>();
  const loggedErrors: string[] = [];
  let requests = 0;

  let started = moment();

  beforeAll(async () => {
    const setup = moment();
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    await indexBotPassages(handle.db);
    const make = (email: string, roles: ReadonlyArray<"admin" | "seller" | "buyer">) =>
      createUser(handle.db, { email, password: SAMPLE_PASSWORD, name: email.split("@")[0] ?? email, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    const buyer = await make("fuzz.comprador.fijo@ejemplo.mx", ["buyer"]);
    const seller = await make("fuzz.vendedora.fija@ejemplo.mx", ["seller"]);
    const admin = await make("fuzz.admin@ejemplo.mx", ["admin"]);
    const login = await make("fuzz.login@ejemplo.mx", ["buyer"]);
    const resetTarget = await make("fuzz.olvido@ejemplo.mx", ["buyer"]);
    const deactivatable = await make("fuzz.desactivable@ejemplo.mx", ["buyer"]);
    // The fuzz buyer is a registered buyer with a verified e-mail (decision 023), so the deal room's cases get past who they are.
    await handle.db.insert(buyerProfiles).values({ userId: buyer.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Manufactura", investmentSizeId: 1 });
    await handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id));
    passwordOwner = await make("fuzz.cambio@ejemplo.mx", ["buyer"]);
    const [row] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, passwordOwner.id));
    passwordOwnerHash = row?.hash ?? "";
    passwordOwnerToken = await sessionTokenFor(handle.db, passwordOwner.id);
    const company = await createCompany(handle.db, {
      name: "Fuzz Industrial",
      ownerUserId: seller.id,
      isPublished: true,
      contactEmail: "contacto@fuzz.example.mx",
      shortDescription: "Tecnología para manufactura en Monterrey",
      stateId: 19,
      industryIds: [1],
      interestIds: [1],
    });
    for (const [who, user] of [["buyer", buyer], ["seller", seller], ["admin", admin]] as const) signedIn.push({ who, token: await sessionTokenFor(handle.db, user.id) });
    signedInIds.push(buyer.id, seller.id, admin.id);
    const recoverToken = await recoveryTokenFor(handle.db, resetTarget.id, "fuzz-recovery-link-0123456789abcdefghijklmnopq");
    const verificationToken = await verificationTokenFor(handle.db, resetTarget.id, "fuzz-verification-link-0123456789abcdefghijklm");
    savedSearchOwnerId = buyer.id;
    const [search] = await handle.db.insert(savedSearches).values({ userId: buyer.id, name: "Fuzz guardada", q: "fuzz" }).returning({ id: savedSearches.id });
    // The seller pays (Historial and its receipts); someone nobody signs in as leaves a checkout open.
    const { paymentId } = await payPlan(handle.db, { userId: seller.id, email: seller.email });
    const payer = await make("fuzz.pagadora@ejemplo.mx", ["seller"]);
    const checkoutId = await openLocalCheckout(handle.db, { userId: payer.id, email: payer.email });
    context = {
      company: { id: company.id, humanId: company.humanId },
      loginEmail: login.email,
      recoverToken,
      checkoutId,
      paymentId,
      receiptSignature: "",
      fileId: 0,
      fileToken: "",
      readingToken: "",
      pictureKey: "",
      deactivatableUserId: deactivatable.id,
      ndaVersion: currentNda(NDA_VERSIONS).version,
      askCompanyId: 0,
      verificationToken,
      savedSearchId: search?.id ?? 0,
    };
    // The deal room: one listed company of the seller per request state, and one the buyer has not asked.
    const dealCompany = (name: string) => createCompany(handle.db, { name, ownerUserId: seller.id, isPublished: true, contactEmail: "trato@fuzz.example.mx" });
    const deal = (id: number, companyId: number, status: "pending" | "approved", ndaVersion: string, letter?: number) =>
      insertAccessRequest(handle.db, { id, companyId, buyerId: buyer.id, status, ndaVersion, ...(letter === undefined ? {} : { letter: { id: letter } }) });
    const approvedCompany = await dealCompany("Fuzz Trato Aprobado");
    await deal(DEAL_IDS.approved, approvedCompany.id, "approved", context.ndaVersion);
    await deal(DEAL_IDS.pending, (await dealCompany("Fuzz Trato Pendiente")).id, "pending", context.ndaVersion);
    await deal(DEAL_IDS.outdated, (await dealCompany("Fuzz Trato Acuerdo Anterior")).id, "approved", OLD_NDA.version);
    await deal(DEAL_IDS.withLetter, (await dealCompany("Fuzz Trato Carta")).id, "approved", context.ndaVersion, DEAL_IDS.letter);
    context = { ...context, askCompanyId: (await dealCompany("Fuzz Trato Nuevo")).id };
    const [session] = await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, buyer.id)).limit(1);
    forged = await forgedHeaders(session?.id ?? "", buyer.id);

    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        // The offline outbox: odd text reaches its insert (in each request's transaction) and its delivery to the log.
        rateLimits: sameLimitForEveryBucket({ max: 1_000_000, windowMs: 60_000 }),
        ndaVersions: [OLD_NDA, ...NDA_VERSIONS],
      },
    });
    // Unexpected errors and failed background tasks are logged, never answered: record them.
    app.log.error = ((...args: unknown[]) => {
      loggedErrors.push(truncate(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : JSON.stringify(arg, (_key, value: unknown) => (value instanceof Error ? value.message : value)))).join(" "), 500));
    }) as typeof app.log.error;
    // The receipt link as Historial gives it to its owner.
    const sellerToken = signedIn.find(({ who }) => who === "seller")?.token ?? "";
    const history = await app.inject({ method: "GET", url: "/api/payments", headers: { authorization: `Bearer ${sellerToken}` } });
    const receiptUrl = Schema.decodeUnknownSync(PaymentList)(history.json()).items[0]?.receipt_url;
    if (receiptUrl === undefined) throw new Error(`the paid seller has no Historial row: ${history.body}`);
    context = { ...context, receiptSignature: new URL(receiptUrl).searchParams.get("signature") ?? "" };
    // A data-room file and the picture, uploaded by their owner; a download token valid well past the run.
    const upload = async (method: "POST" | "PUT", path: string, body: MultipartBody) => {
      const response = await app.inject({ method, url: `/api/companies${path}`, headers: { authorization: `Bearer ${sellerToken}`, "content-type": body.contentType }, payload: body.payload });
      if (response.statusCode >= 300) throw new Error(`upload refused: ${response.body}`);
      return asRecord(response.json());
    };
    const uploaded = await upload("POST", `/${company.id}/company_files/company_acta_constitutivas`, dataRoomUpload());
    const fileId = Number(asRecord((uploaded["items"] as unknown[] | undefined)?.[0])["id"]);
    // The picture on a company of its own: the fuzz of the picture upload replaces the fuzzed company's.
    const pictured = await createCompany(handle.db, { name: "Fuzz Imagen", ownerUserId: seller.id });
    const picture = await upload("PUT", `/${pictured.id}/company_files`, pictureUpload());
    const pictureKey = String(picture["picture_url"]).split("/").at(-1) ?? "";
    // A three-page document the approved buyer opened: its reading token takes genuine reports.
    const [sharedFile] = await handle.db
      .insert(companyFiles)
      .values({ companyId: approvedCompany.id, category: "company_asambleas", storageKey: "f".repeat(32), filename: "asamblea.pdf", contentType: "application/pdf", sizeBytes: 1, shared: true, pageCount: 3 })
      .returning({ id: companyFiles.id });
    const [view] = await handle.db.insert(fileViews).values({ fileId: sharedFile?.id ?? 0, viewerUserId: buyer.id, viewedAt: new Date(Date.now() - 60 * 60_000) }).returning({ id: fileViews.id });
    const dayAhead = new Date(Date.now() + 24 * 60 * 60_000);
    context = { ...context, fileId, pictureKey, fileToken: signFileToken(TEST_JWT_SECRET, fileId, seller.id, dayAhead), readingToken: signReadingToken(TEST_JWT_SECRET, view?.id ?? 0, dayAhead) };
    const planning = moment();
    plan = planFor(context);
    if (VERBOSE) process.stdout.write(`${target.kind}: setup ${since(setup)}, of which planning ${since(planning)}\n`);
    started = moment();
    // Migrations, seeds and uploads, then the generation of every case: a busy 2-core machine needs more than the default minute.
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const inject = (request: FuzzRequest, authorization: string | null) => {
    requests += 1;
    // An event stream that opens (GET /events signed in) is read to its first event and closed.
    return injectReadingStreams(app, {
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...(authorization === null ? {} : { authorization }) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  };

  /** Every account active again, the signed-in callers' sessions open and every company listed as it was made. */
  const reactivateEveryone = async () => {
    await handle.db.update(users).set({ deletedAt: null }).where(isNotNull(users.deletedAt));
    await handle.db.update(sessions).set({ revokedAt: null }).where(inArray(sessions.userId, signedInIds));
    await handle.db.update(companies).set({ isActive: true }).where(eq(companies.isActive, false));
  };

  const sameRouteAs = (endpoint: Endpoint) => ALL_ENDPOINTS.filter((other) => other.method === endpoint.method && other.path === endpoint.path);

  for (const [ordinal, endpoint] of ALL_ENDPOINTS.entries()) {
    const label = endpointLabel(endpoint);
    const spec = FUZZ_SPECS[label];
    it(`${label}: no 5xx, every 4xx with a message, every 2xx within the contract`, { timeout: 180_000 }, async () => {
      const cases = plan.cases.get(label) ?? [];
      expect(cases.length, `${label}: nothing planned`).toBeGreaterThan(0);
      const sameRoute = sameRouteAs(endpoint);
      const failures: string[] = [];
      const histogram = new Map<number, number>();
      let successes = 0;
      const send = async (request: FuzzRequest, auth: string, authorization: string | null): Promise<LightMyRequestResponse> => {
        const response = await inject(request, authorization);
        const outcome: Outcome = { label, request, auth, response };
        const problem = problemWith(outcome, sameRoute);
        if (problem !== null) failures.push(describeFailure(outcome, problem));
        if (response.statusCode < 300 || response.statusCode === 303) successes += 1;
        histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
        return response;
      };
      /** Who calls signed in: the valid sample every account, other cases one in turn; a password change its own account, a logout a fresh session. */
      const callersOf = async (request: FuzzRequest, position: number): Promise<ReadonlyArray<{ readonly who: string; readonly token: string }>> => {
        if (label === "PATCH /accounts/passwords") return [{ who: "the password owner", token: passwordOwnerToken }];
        if (label === "DELETE /sessions") return [{ who: "a fresh session", token: await sessionTokenFor(handle.db, passwordOwner.id) }];
        const inTurn = signedIn[position % signedIn.length];
        return request.index === 0 || inTurn === undefined ? signedIn : [inTurn];
      };
      const rng = new Rng(seedFor(`${label}:auth`));
      // One forged token and one odd header per endpoint, each list in turn across the run (every forged token is also tried below).
      const forgery = forged[ordinal % Math.max(1, forged.length)];
      const odd = ODD_HEADERS[ordinal % ODD_HEADERS.length];
      for (const [position, request] of cases.entries()) {
        for (const family of request.families) sentFamilies.add(family);
        if (label === "PUT /accounts/recover-passwords" && position % 3 === 0) {
          // Re-arm the link for a third of the cases, so mutations that keep it valid reach the reset itself.
          await handle.db
            .update(passwordResetTokens)
            .set({ usedAt: null, expiresAt: new Date(Date.now() + 60 * 60_000) })
            .where(eq(passwordResetTokens.tokenHash, hashRecoveryToken(context.recoverToken)));
        }
        if (label === "PUT /accounts/email_verifications" && position % 3 === 0) {
          // Re-arm the link (and the account) for a third of the cases, so mutations that keep it valid reach the verification.
          await handle.db
            .update(emailVerificationTokens)
            .set({ usedAt: null, expiresAt: new Date(Date.now() + 60 * 60_000) })
            .where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(context.verificationToken)));
        }
        if (label === "POST /saved_searches" && position % 10 === 0) {
          // Room again under the limit of 20, so later cases reach the insert.
          await handle.db.delete(savedSearches).where(eq(savedSearches.userId, savedSearchOwnerId));
        }
        if (label === "DELETE /saved_searches/:id" && position % 3 === 0) {
          await handle.db.insert(savedSearches).values({ id: context.savedSearchId, userId: savedSearchOwnerId, name: "Fuzz guardada", q: "fuzz" }).onConflictDoNothing();
        }
        await send(request, "anonymous", null);
        if (spec?.guarded === true || request.index === 0 || rng.chance(0.25)) {
          for (const caller of await callersOf(request, position)) {
            const response = await send(request, `signed in (${caller.who})`, `Bearer ${caller.token}`);
            if (label === "PATCH /accounts/passwords" && response.statusCode === 200) {
              // The change worked: carry on with its fresh session and the known password.
              passwordOwnerToken = String(asRecord(response.json())["access_token"]);
              await handle.db.update(users).set({ passwordHash: passwordOwnerHash }).where(eq(users.id, passwordOwner.id));
            }
          }
        }
        if (forgery !== undefined && position === ordinal % cases.length) await send(request, `forged token (${forgery.note})`, forgery.header);
        if (odd !== undefined && position === (ordinal + 1) % cases.length) {
          await send({ ...request, headers: { ...request.headers, ...odd.headers } }, `anonymous with ${odd.note}`, null);
        }
        // A sample id may name any account, the fixed callers' too: undo every deactivation, so later cases and endpoints meet live accounts.
        if (label === "DELETE /users/:id") await reactivateEveryone();
      }
      if (VERBOSE) {
        const handled = spec === undefined ? 0 : cases.filter(reachesHandler).length;
        process.stdout.write(`${target.kind} ${label}: ${cases.length} cases (${handled} decode), statuses ${JSON.stringify([...histogram].sort())}\n`);
      }
      expect(failures, `${failures.length} of ${cases.length} cases failed:\n${failures.slice(0, 15).join("\n")}`).toEqual([]);
      // The valid samples must really be valid, or the fuzz never gets past the first check.
      if (spec !== undefined) expect(successes, `${label}: no request succeeded`).toBeGreaterThan(0);
    });
  }

  it("no background task and no handler failed unseen", async () => {
    await app.backgroundIdle();
    // Every e-mail queued on the way was delivered (to the log): none waits for a retry or failed.
    expect(await handle.db.select({ subject: emailOutbox.subject, status: emailOutbox.status, error: emailOutbox.lastError }).from(emailOutbox).where(ne(emailOutbox.status, "sent"))).toEqual([]);
    expect(loggedErrors).toEqual([]);
  });

  it("sent every mutation family, in a couple of thousand requests, and the signed-in sessions stayed alive throughout", async () => {
    if (VERBOSE) process.stdout.write(`${target.kind}: ${requests} requests in ${since(started)}\n`);
    expect([...plan.generated].filter((family) => !sentFamilies.has(family)).sort()).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(1_000);
    // About HTTP_CASES cases per endpoint with input and a few junk ones per endpoint without, most sent anonymously and signed in: the run stays fast.
    expect(requests).toBeLessThanOrEqual(3_000);
    for (const { who, token } of signedIn) {
      const response = await app.inject({ method: "GET", url: "/api/companies?is_dashboard=true", headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, who).toBe(200);
    }
  });

  it("every forged token is refused on a guarded route", async () => {
    for (const { note, header } of forged) {
      const response = await app.inject({ method: "GET", url: "/api/companies?is_dashboard=true", headers: { authorization: header } });
      expect(response.statusCode, note).toBe(401);
    }
  });
});
