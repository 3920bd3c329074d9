import { and, asc, eq, inArray } from "drizzle-orm";
import { Either, Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_ENDPOINTS } from "../../contracts/all-endpoints.ts";
import { CATALOGUE_PATHS, catalogueEndpoint } from "../../contracts/catalogues.ts";
import { CompanyIdParams } from "../../contracts/companies.ts";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO, listDataRoomFilesEndpoint, uploadDataRoomFilesEndpoint } from "../../contracts/data-room.ts";
import { defineEndpoint, endpointLabel, pathParamNames, type Endpoint } from "../../contracts/endpoint.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import type { Role } from "../../contracts/sessions.ts";
import { HtmlPageBody } from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { Database, DatabaseHandle } from "../../server/db/open.ts";
import { mexicoCityToday } from "../../server/data-room/content.ts";
import { accessRequests } from "../../server/deal-room/schema.ts";
import { buyerProfiles } from "../../server/accounts/schema.ts";
import { companies } from "../../server/companies/schema.ts";
import { companyFiles } from "../../server/data-room/schema.ts";
import { savedSearches } from "../../server/saved-searches/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { NDA_VERSIONS, currentNda, type NdaVersion } from "../../content/nda.ts";
import { newStorageKey } from "../../server/storage/storage.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { escapeHtml } from "../../server/payments/pages.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { payPlan } from "./paid-plan.ts";
import {
  SAMPLE_PASSWORD,
  botQuestion,
  adminUserListQuery,
  buyerSignUp,
  companyCreateRequest,
  companyUpdateRequest,
  dataRoomUpload,
  pictureUpload,
  interestRequest,
  kybRequest,
  onboardingCharacteristics,
  onboardingCompanyData,
  onboardingEquities,
  onboardingFundingRound,
  onboardingFundingStructures,
  onboardingInterests,
  onboardingSellData,
  onboardingSellingData,
  onboardingUses,
  leadRequest,
  loginRequest,
  passwordChangeRequest,
  profileRequest,
  recoveryRequest,
  recoveryTokenFor,
  resetRequest,
  sellerSignUp,
  slackOnboardingRequest,
  urlOf,
  valuationRequest,
  accessRequestBody,
  acceptNdaBody,
  dealMessageBody,
  decideAccessBody,
  decideLetterBody,
  letterOfIntentBody,
  shareFileBody,
  insertAccessRequest,
  savedSearchRequest,
  verificationTokenFor,
  verifyEmailRequest,
} from "./samples.ts";

// Issue "Hardening: the campaign": the authorization matrix. Every endpoint
// of ALL_ENDPOINTS is called by every actor (and, for a company path, on
// every kind of company) with a valid request, and answers exactly the
// status this table says. Responses to anyone but the owner or an admin
// never carry a company's confidential fields. An endpoint without an entry
// fails the first test: a new endpoint must say who may call it.

// --- Actors and objects --------------------------------------------------------------

const ACTORS = ["anonymous", "buyer", "seller", "otherSeller", "admin", "deactivated"] as const;
type Actor = (typeof ACTORS)[number];

/**
 * What each actor's account is. The deactivated account is an admin whose
 * token was issued before its deleted_at was set: the strongest account
 * there is, so any guard that forgets deactivation shows here. The anonymous
 * actor sends no token; its account only exists for requests that name an
 * account in the body (logging in, a recovery link).
 */
const ROLES: Readonly<Record<Actor, ReadonlyArray<Role>>> = {
  anonymous: ["buyer"],
  buyer: ["buyer"],
  seller: ["seller"],
  otherSeller: ["seller"],
  admin: ["admin"],
  deactivated: ["admin"],
};

/** For a company path: the seller's published company, the other seller's, the seller's unpublished draft, and an id with no row. */
const TARGETS = ["own", "others", "unpublished", "missing"] as const;
type Target = (typeof TARGETS)[number];
type CompanyKey = Exclude<Target, "missing">;

/** Distinctive confidential values, searched for in every raw response body. */
const SECRETS: Readonly<Record<CompanyKey, Readonly<Record<"name" | "legalName" | "comercialName" | "rfc" | "website" | "contactName" | "contactEmail" | "contactPhone", string>>>> = {
  own: {
    name: "Quimeras Alfa Industriales",
    legalName: "Quimeras Alfa Industriales S.A. de C.V.",
    comercialName: "Resinas Quimeras",
    rfc: "QAI150101QX1",
    website: "https://quimeras-alfa.example.mx",
    contactName: "Zoraida Quintanilla Alfa",
    contactEmail: "zoraida@quimeras-alfa.example.mx",
    contactPhone: "+52 81 5550 1001",
  },
  others: {
    name: "Bruma Textil del Bajio",
    legalName: "Bruma Textil del Bajio S. de R.L.",
    comercialName: "Telas Bruma",
    rfc: "BTB900202TT2",
    website: "https://bruma-textil.example.mx",
    contactName: "Evaristo Brumado Textil",
    contactEmail: "evaristo@bruma-textil.example.mx",
    contactPhone: "+52 477 555 2002",
  },
  unpublished: {
    name: "Cobalto Logistica Reservada",
    legalName: "Cobalto Logistica Reservada S.A.P.I.",
    comercialName: "Fletes Cobalto",
    rfc: "CLR050303LL3",
    website: "https://cobalto-reservada.example.mx",
    contactName: "Filomena Cobaltina Reyes",
    contactEmail: "filomena@cobalto-reservada.example.mx",
    contactPhone: "+52 55 5550 3003",
  },
};

/** Companies each actor may see whole: the owner its own, an admin all, a deactivated account none. */
const OWNED: Readonly<Record<Actor, ReadonlyArray<CompanyKey>>> = {
  anonymous: [],
  buyer: [],
  seller: ["own", "unpublished"],
  otherSeller: ["others"],
  admin: ["own", "others", "unpublished"],
  deactivated: [],
};

// --- The matrix ------------------------------------------------------------------------

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409 | 429;
type ByActor = Readonly<Record<Actor, Status>>;
type ByTarget = Readonly<Record<Target, Status>>;
type ByActorAndTarget = Readonly<Record<Actor, ByTarget>>;

interface Account {
  readonly id: number;
  readonly email: string;
  readonly token: string;
}

interface Cell {
  readonly db: Database;
  readonly actor: Actor;
  /** The account acting (its token is sent unless the actor is anonymous). */
  readonly account: Account;
  readonly target?: Target;
  readonly company?: { readonly id: number; readonly humanId: string };
  /** Unique per cell, for e-mails that must not exist yet. */
  readonly unique: string;
  /** The payment of the seller's paid plan (Historial's row, the receipt's id). */
  readonly sellerPaymentId: number;
  /** A data-room file of each company (a missing company: the seller's file). */
  readonly fileIds: Readonly<Record<CompanyKey, number>>;
  /** The shared buyer's id: the deal room's requests in the matrix are theirs, to the seller's published company. */
  readonly dealBuyerId: number;
}

interface CellRequest {
  readonly query?: Readonly<Record<string, string>>;
  /** A JSON body. */
  readonly body?: unknown;
  /** A body that is not our JSON: a signed event's raw bytes, an HTML form, a multipart upload. */
  readonly raw?: { readonly contentType: string; readonly payload: string | Buffer };
}

interface EntryBase {
  /**
   * "fresh": the cell acts through a new account made like the actor's (same
   * roles, deactivated alike, token issued before), because the endpoint
   * ends sessions or changes the account; "shared" (default): the actor's
   * one account.
   */
  readonly account?: "shared" | "fresh";
  /** A valid request, so that the cell exercises authorization, not validation. */
  readonly request?: (cell: Cell) => CellRequest | Promise<CellRequest>;
  /**
   * The path's ids when they are not just the company: a payment, a
   * checkout, a user made for the cell (one status per actor), or a
   * company's file (with expectOn: the cell's company and `target` are given).
   */
  readonly params?: (cell: Cell) => Readonly<Record<string, string | number>> | Promise<Readonly<Record<string, string | number>>>;
  /** Companies whose confidential fields this cell answers; their names must then be in a success. Default: none. */
  readonly discloses?: (actor: Actor, target: Target | undefined) => ReadonlyArray<CompanyKey>;
}

/** An endpoint without path params, or with its own `params`: one status per actor. With a company :id: one per actor and target. */
type MatrixEntry = EntryBase & ({ readonly expect: ByActor; readonly expectOn?: never } | { readonly expectOn: ByActorAndTarget; readonly expect?: never });

const everyone = (status: Status): ByActor => ({ anonymous: status, buyer: status, seller: status, otherSeller: status, admin: status, deactivated: status });
/** requireAuth: no session 401, a deactivated account 403. */
const signedIn = (status: Status): ByActor => ({ ...everyone(status), anonymous: 401, deactivated: 403 });
const onEveryTarget = (status: Status): ByTarget => ({ own: status, others: status, unpublished: status, missing: status });
const everyoneOn = (byTarget: ByTarget): ByActorAndTarget => ({
  anonymous: byTarget,
  buyer: byTarget,
  seller: byTarget,
  otherSeller: byTarget,
  admin: byTarget,
  deactivated: byTarget,
});

const publicRead: MatrixEntry = { expect: everyone(200) };

/** The owner or an admin: `status`; anyone else the missing company's 404; no session 401; deactivated 403. */
const managers = (status: Status): ByActorAndTarget => ({
  anonymous: onEveryTarget(401),
  buyer: onEveryTarget(404),
  seller: { own: status, others: 404, unpublished: status, missing: 404 },
  otherSeller: { own: 404, others: status, unpublished: 404, missing: 404 },
  admin: { own: status, others: status, unpublished: status, missing: 404 },
  deactivated: onEveryTarget(403),
});

/** The company and a file of its own data room. */
const companyFile = ({ company, target, fileIds }: Cell) => ({
  id: company?.id ?? 0,
  fileId: target === undefined || target === "missing" ? fileIds.own : fileIds[target],
});

/** A well-formed checkout id that no checkout has (128 bits: never guessed). */
const UNKNOWN_CHECKOUT_ID = `chk_${"Q".repeat(22)}`;

/** An NDA version before the one in force: the matrix's app knows both, so an approved buyer can accept the new one. */
const OLD_NDA: NdaVersion = { version: "2000-01", effectiveDate: "2000-01-01", text: "Acuerdo anterior entre {{comprador}} y {{referencia}}, {{fecha}}." };
const MATRIX_NDA_VERSIONS: ReadonlyArray<NdaVersion> = [OLD_NDA, ...NDA_VERSIONS];

const AUTHORIZATION_MATRIX: Readonly<Record<string, MatrixEntry>> = {
  "GET /health": publicRead,
  // The catalogues are public reads; every declared path gets this entry.
  ...Object.fromEntries(CATALOGUE_PATHS.map((path) => [endpointLabel(catalogueEndpoint(path)), publicRead])),

  // Logging in as oneself: a deactivated account is refused (after the right password).
  "POST /sessions": { account: "fresh", request: ({ account }) => ({ body: loginRequest(account.email) }), expect: { ...everyone(200), deactivated: 403 } },
  // Any valid session may end itself, a deactivated account's included.
  "DELETE /sessions": { account: "fresh", expect: { ...everyone(200), anonymous: 401 } },
  // The same answer whoever asks, whether or not the account exists or is active.
  "POST /accounts/recover-passwords": { account: "fresh", request: ({ account }) => ({ body: recoveryRequest(account.email) }), expect: everyone(200) },
  // The link is the credential; a deactivated account cannot come back through one.
  "PUT /accounts/recover-passwords": {
    account: "fresh",
    request: async ({ db, account }) => ({ body: resetRequest(await recoveryTokenFor(db, account.id)) }),
    expect: { ...everyone(200), deactivated: 403 },
  },
  "PATCH /accounts": { account: "fresh", request: () => ({ body: profileRequest() }), expect: signedIn(200) },
  "PATCH /accounts/passwords": { account: "fresh", request: () => ({ body: passwordChangeRequest(SAMPLE_PASSWORD) }), expect: signedIn(200) },
  // Sign-up and contact are public: a token, even a deactivated account's, changes nothing.
  "POST /buyers": { request: ({ unique }) => ({ body: buyerSignUp(`comprador.${unique}@ejemplo.mx`) }), expect: everyone(201) },
  "POST /sellers": { request: ({ unique }) => ({ body: sellerSignUp(`vendedor.${unique}@ejemplo.mx`) }), expect: everyone(201) },
  "POST /leads": { request: () => ({ body: leadRequest() }), expect: everyone(201) },

  // The marketplace is public and never names a company, not even to its owner.
  "GET /companies": { request: () => ({ query: { per_page: "48" } }), expect: everyone(200) },
  // "Mis empresas": the caller's own companies, every company for an admin.
  "GET /companies?is_dashboard=true": {
    request: () => ({ query: { per_page: "48" } }),
    expect: signedIn(200),
    discloses: (actor) => OWNED[actor],
  },
  // A listed company's public profile; an unpublished one does not exist for the public, its owner included.
  // Its full profile (decision 023) for the owner and admins; a buyer without an approved request sees none of it.
  "GET /companies/:id": {
    expectOn: everyoneOn({ own: 200, others: 200, unpublished: 404, missing: 404 }),
    discloses: (actor, target) => OWNED[actor].filter((key) => key === target),
  },
  // The whole record: its owner or an admin; to anyone else someone else's company is exactly a missing one.
  "GET /companies/:id?is_dashboard=true": {
    expectOn: {
      anonymous: onEveryTarget(401),
      buyer: onEveryTarget(404),
      seller: { own: 200, others: 404, unpublished: 200, missing: 404 },
      otherSeller: { own: 404, others: 200, unpublished: 404, missing: 404 },
      admin: { own: 200, others: 200, unpublished: 200, missing: 404 },
      deactivated: onEveryTarget(403),
    },
    discloses: (actor, target) => OWNED[actor].filter((key) => key === target),
  },
  // Any signed-in account writes to a listed company, never to its own.
  "POST /companies/:id/interest_messages": {
    request: ({ company }) => ({ body: interestRequest(company?.humanId ?? "PUE-0000") }),
    expectOn: {
      anonymous: onEveryTarget(401),
      buyer: { own: 201, others: 201, unpublished: 404, missing: 404 },
      seller: { own: 400, others: 201, unpublished: 404, missing: 404 },
      otherSeller: { own: 201, others: 400, unpublished: 404, missing: 404 },
      admin: { own: 201, others: 201, unpublished: 404, missing: 404 },
      deactivated: onEveryTarget(403),
    },
  },
  // Anyone signed in registers a company with their own contact; a buyer thereby becomes a seller (fresh accounts: roles change).
  "POST /companies": {
    account: "fresh",
    request: async ({ db, account }) => {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, account.id));
      return { body: companyCreateRequest({ name: row?.name ?? "", email: account.email }) };
    },
    expect: signedIn(201),
  },
  // Changing a company: its owner or an admin; to anyone else someone else's company is exactly a missing one.
  "PUT /companies/:id": {
    request: () => ({ body: companyUpdateRequest() }),
    expectOn: {
      anonymous: onEveryTarget(401),
      buyer: onEveryTarget(404),
      seller: { own: 200, others: 404, unpublished: 200, missing: 404 },
      otherSeller: { own: 404, others: 200, unpublished: 404, missing: 404 },
      admin: { own: 200, others: 200, unpublished: 200, missing: 404 },
      deactivated: onEveryTarget(403),
    },
    discloses: (actor, target) => OWNED[actor].filter((key) => key === target),
  },

  // Plans, subscriptions and payments (docs/decisions/013-payments.md). The seller pays for Explora; everyone else is on the free plan.
  "GET /plans": publicRead,
  "GET /subscriptions": { expect: signedIn(200) },
  // Only a plan that would renew can be cancelled (a fresh account, so the shared seller stays paid).
  "DELETE /subscriptions": { account: "fresh", expect: { ...signedIn(409), seller: 200 } },
  // Anyone signed in may pay for a plan, except over a plan that still renews.
  "POST /payments/checkout_sessions": { request: () => ({ body: { subscription_id: "impulsa_monthly" } }), expect: { ...signedIn(201), seller: 409 } },
  // Historial: paid plans only, decided by the database, not the token.
  "GET /payments": { expect: { ...signedIn(403), seller: 200 } },
  // Only a valid signature opens the webhook, whoever sends it.
  "POST /payments/webhook": {
    request: () => ({ raw: { contentType: "application/json", payload: JSON.stringify({ id: "evt_sin_firma", object: "event", type: "checkout.session.completed", data: { object: {} } }) } }),
    expect: everyone(400),
  },
  // The checkout id is the permission (like Stripe's page): an unknown one is missing for everyone.
  "GET /payments/local-checkout/:id": { params: () => ({ id: UNKNOWN_CHECKOUT_ID }), expect: everyone(404) },
  "POST /payments/local-checkout/:id": {
    params: () => ({ id: UNKNOWN_CHECKOUT_ID }),
    request: () => ({ raw: { contentType: "application/x-www-form-urlencoded", payload: "outcome=paid" } }),
    expect: everyone(404),
  },
  // A receipt without its signed link: its owner's session, or the same 404 as a missing receipt.
  "GET /payments/:id/receipt": { params: ({ sellerPaymentId }) => ({ id: sellerPaymentId }), expect: { ...everyone(404), seller: 200 } },

  // The company picture and the data room (docs/decisions/015-files-and-storage.md): the owner or an admin only.
  "PUT /companies/:id/company_files": { request: () => ({ raw: pictureUpload() }), expectOn: managers(200) },
  ...Object.fromEntries(
    DATA_ROOM_CATEGORIES.flatMap((category) => [
      [endpointLabel(listDataRoomFilesEndpoint(category)), { expectOn: managers(200) }],
      [
        endpointLabel(uploadDataRoomFilesEndpoint(category)),
        // A CIF carries today's issue date (Mexico City's calendar).
        { request: () => ({ raw: dataRoomUpload(DATA_ROOM_CATEGORY_INFO[category].needsIssueDate ? mexicoCityToday(new Date()) : undefined) }), expectOn: managers(201) },
      ],
    ]),
  ),
  // Each company's own file; on a missing company, the seller's file (a file is found only under its company).
  "GET /companies/:id/company_files/:fileId": { params: companyFile, expectOn: managers(200) },
  "GET /companies/:id/company_files/:fileId/views": { params: companyFile, expectOn: managers(200) },
  // The signed token is the permission (a new tab has no session): a forged one opens nothing for anyone.
  "GET /files/:token": { params: () => ({ token: "1.1.4102444800.firma-falsa" }), expect: everyone(404) },
  // Pictures are public under a random key; a key no picture has is missing for everyone.
  "GET /company_pictures/:key": { params: () => ({ key: "0".repeat(32) }), expect: everyone(404) },
  // KYB básico (docs/decisions/016-kyb.md): the plan first (403 whatever the company, so no existence oracle), then the company
  // (its owner; admins on any, without a plan); someone else's is exactly a missing one.
  "POST /companies/:id/validations/kyb": {
    request: () => ({ body: kybRequest() }),
    expectOn: {
      anonymous: onEveryTarget(401),
      buyer: onEveryTarget(403),
      seller: { own: 201, others: 404, unpublished: 201, missing: 404 },
      otherSeller: onEveryTarget(403),
      admin: { own: 201, others: 201, unpublished: 201, missing: 404 },
      deactivated: onEveryTarget(403),
    },
  },
  // The onboarding (docs/decisions/017-onboarding.md): the owner or an admin; someone else's company is exactly a missing one.
  "GET /companies/:id/onboardings": { expectOn: managers(200) },
  "POST /companies/:id/onboardings/company_data": { request: () => ({ body: onboardingCompanyData() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_equities": { request: () => ({ body: onboardingEquities() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_interests": { request: () => ({ body: onboardingInterests() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_funding_rounds": { request: () => ({ body: onboardingFundingRound() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_funding_rounds_uses": { request: () => ({ body: onboardingUses() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_selling_data": { request: () => ({ body: onboardingSellingData() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_sell_data": { request: () => ({ body: onboardingSellData() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/company_characteristics": { request: () => ({ body: onboardingCharacteristics() }), expectOn: managers(200) },
  "PUT /companies/:id/onboardings/funding_structures": { request: () => ({ body: onboardingFundingStructures() }), expectOn: managers(200) },
  // Finishing names the seller's own company in the body: its owner or an admin; to anyone else it is a missing company.
  "POST /slack-onboarding": {
    request: async ({ db }) => {
      const [own] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, SECRETS.own.name)).limit(1);
      return { body: slackOnboardingRequest(own?.id ?? 0) };
    },
    expect: { ...signedIn(404), seller: 200, admin: 200 },
  },
  // The free valuation tool is public: a token, even a deactivated account's, changes nothing.
  "POST /valuations": { request: () => ({ body: valuationRequest() }), expect: everyone(200) },
  // Puente Bot (docs/decisions/020-puente-bot.md): public; a token, even a deactivated account's, changes nothing.
  "GET /bot": { request: () => ({ query: { pregunta: "¿Qué es el KYB?" } }), expect: everyone(200) },
  "POST /bot/answers": { request: () => ({ body: botQuestion() }), expect: everyone(200) },

  // The admin dashboard (docs/decisions/021-admin-users-and-kpis.md): admins only; every other role 403.
  "GET /users": { request: () => ({ query: adminUserListQuery() }), expect: { ...signedIn(403), admin: 200 } },
  // Each cell deactivates a buyer made for it, so an admin's success is a real one and no cell sees another's.
  "DELETE /users/:id": { params: async ({ db, unique }) => ({ id: await newBuyerId(db, unique) }), expect: { ...signedIn(403), admin: 200 } },
  "GET /analytics/kpis": { expect: { ...signedIn(403), admin: 200 } },

  // --- The deal room (docs/decisions/023-deal-room.md) ---
  // The NDA and the community figures are public.
  "GET /nda": publicRead,
  "GET /community_stats": publicRead,
  // A verified buyer (the shared buyer is one) asks a listed company; the owner is told it is their own, other accounts that they are not buyers.
  "POST /companies/:id/access_requests": {
    request: () => ({ body: accessRequestBody(currentNda(MATRIX_NDA_VERSIONS).version) }),
    expectOn: {
      anonymous: onEveryTarget(401),
      buyer: { own: 201, others: 201, unpublished: 404, missing: 404 },
      seller: { own: 409, others: 403, unpublished: 404, missing: 404 },
      otherSeller: { own: 403, others: 409, unpublished: 404, missing: 404 },
      admin: { own: 403, others: 403, unpublished: 404, missing: 404 },
      deactivated: onEveryTarget(403),
    },
  },
  // The requests to the seller's company: the seller and admins see its name; the buyer (pending) does not.
  "GET /access_requests": {
    request: async ({ db, dealBuyerId }) => ({ query: { company_id: String((await dealOn(db, dealBuyerId, "pending")).companyId) } }),
    expect: signedIn(200),
    discloses: (actor) => (actor === "seller" || actor === "admin" ? ["own"] : []),
  },
  // A pending request: its two parties and admins; the buyer sees no name yet; anyone else a missing request.
  "GET /access_requests/:id": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "pending")).requestId }),
    expect: { ...signedIn(200), otherSeller: 404 },
    discloses: (actor) => (actor === "seller" || actor === "admin" ? ["own"] : []),
  },
  // Only the owner or an admin decides; to the buyer and strangers it is a missing request.
  "PATCH /access_requests/:id": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "pending")).requestId }),
    request: () => ({ body: decideAccessBody("approved") }),
    expect: { ...signedIn(404), seller: 200, admin: 200 },
    discloses: (actor) => (actor === "seller" || actor === "admin" ? ["own"] : []),
  },
  // The approved buyer accepts the NDA's new version and sees the company again; nobody accepts for them.
  "POST /access_requests/:id/nda_acceptances": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { ndaVersion: OLD_NDA.version })).requestId }),
    request: () => ({ body: acceptNdaBody(currentNda(MATRIX_NDA_VERSIONS).version) }),
    expect: { ...signedIn(404), buyer: 201 },
    discloses: (actor) => (actor === "buyer" ? ["own"] : []),
  },
  // The thread of an approved request: its parties and admins read and write.
  "GET /access_requests/:id/messages": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }),
    expect: { ...signedIn(200), otherSeller: 404 },
  },
  "POST /access_requests/:id/messages": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }),
    request: () => ({ body: dealMessageBody() }),
    expect: { ...signedIn(201), otherSeller: 404 },
  },
  // Letters of intent: both parties and admins read them; only the approved buyer sends; the owner or an admin answers.
  "GET /access_requests/:id/letters_of_intent": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { pendingLetter: true })).requestId }),
    expect: { ...signedIn(200), otherSeller: 404 },
  },
  "POST /access_requests/:id/letters_of_intent": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }),
    request: () => ({ body: letterOfIntentBody() }),
    expect: { ...signedIn(404), buyer: 201 },
  },
  "PATCH /letters_of_intent/:id": {
    params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { pendingLetter: true })).letterId }),
    request: () => ({ body: decideLetterBody("accepted") }),
    expect: { ...signedIn(404), seller: 200, admin: 200 },
  },
  // Sharing a data-room document with approved buyers: the owner or an admin, like the rest of the data room.
  "PATCH /companies/:id/company_files/:fileId": { params: companyFile, request: () => ({ body: shareFileBody(true) }), expectOn: managers(200) },
  // E-mail verification (docs/decisions/023-deal-room.md): any signed-in account reads its own status and asks for its own link.
  "GET /accounts/email_verifications": { expect: signedIn(200) },
  "POST /accounts/email_verifications": {
    account: "fresh",
    // Made like the actor, a buyer is already verified (it may ask for access): the cell's account starts unverified.
    request: async ({ db, account }) => {
      await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, account.id));
      return {};
    },
    expect: signedIn(201),
  },
  // The link is the credential (no session needed); a deactivated account's link verifies nothing (the invalid link's 400).
  "PUT /accounts/email_verifications": {
    account: "fresh",
    request: async ({ db, account }) => ({ body: verifyEmailRequest(await verificationTokenFor(db, account.id)) }),
    expect: { ...everyone(200), deactivated: 400 },
  },
  // The seller's analytics: the owner or an admin; to anyone else someone else's company is exactly a missing one.
  "GET /companies/:id/analytics": { expectOn: managers(200) },
  // Saved searches: buyers only, each their own (a cell deletes a search of the acting account, so a buyer's success is real).
  "GET /saved_searches": { expect: { ...signedIn(403), buyer: 200 } },
  "POST /saved_searches": { request: ({ unique }) => ({ body: savedSearchRequest(`Búsqueda ${unique}`, `tortillas ${unique}`) }), expect: { ...signedIn(403), buyer: 201 } },
  "DELETE /saved_searches/:id": { params: async ({ db, account, unique }) => ({ id: await savedSearchIdOf(db, account.id, unique) }), expect: { ...signedIn(403), buyer: 200 } },
};

/**
 * A request of the shared buyer to the seller's published company, made for
 * one cell: any open one of theirs is closed first (one open request per
 * buyer and company), then a new one in `status` with its NDA acceptance
 * (the version in force unless told) and, if asked, a pending letter.
 */
async function dealOn(
  db: Database,
  buyerId: number,
  status: "pending" | "approved",
  options: { readonly ndaVersion?: string; readonly pendingLetter?: boolean } = {},
): Promise<{ readonly companyId: number; readonly requestId: number; readonly letterId: number }> {
  const [own] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, SECRETS.own.name)).orderBy(asc(companies.id)).limit(1);
  const companyId = own?.id ?? 0;
  await db
    .update(accessRequests)
    .set({ status: "revoked", decidedAt: new Date() })
    .where(and(eq(accessRequests.buyerUserId, buyerId), eq(accessRequests.companyId, companyId), inArray(accessRequests.status, ["pending", "approved"])));
  const ndaVersion = options.ndaVersion ?? currentNda(MATRIX_NDA_VERSIONS).version;
  const made = await insertAccessRequest(db, { companyId, buyerId, status, ndaVersion, ...(options.pendingLetter === true ? { letter: {} } : {}) });
  return { companyId, requestId: made.requestId, letterId: made.letterId ?? 0 };
}

/** A saved search of `userId`'s, for a cell to delete. */
async function savedSearchIdOf(db: Database, userId: number, unique: string): Promise<number> {
  const [row] = await db.insert(savedSearches).values({ userId, name: `Por borrar ${unique}`, q: `borrar ${unique}` }).returning({ id: savedSearches.id });
  if (row === undefined) throw new Error("no saved search");
  return row.id;
}

/** A buyer account with nothing attached, for a cell to deactivate. */
async function newBuyerId(db: Database, unique: string): Promise<number> {
  const user = await createUser(db, { email: `desactivable.${unique}@celdas.ejemplo.mx`, password: SAMPLE_PASSWORD, name: `Desactivable ${unique}`, phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
  return user.id;
}

/** What is wrong between the endpoints and the matrix: an endpoint without an entry, an entry of the wrong shape, an entry for nothing. */
function matrixProblems(endpoints: ReadonlyArray<Endpoint>, matrix: Readonly<Record<string, MatrixEntry>>): ReadonlyArray<string> {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const label = endpointLabel(endpoint);
    const entry = matrix[label];
    if (entry === undefined) {
      problems.push(`${label}: no entry in the authorization matrix`);
      continue;
    }
    // Company paths are called on every kind of company; other ids come from the entry.
    const hasParams = pathParamNames(endpoint.path).length > 0 && entry.params === undefined;
    if (hasParams && entry.expectOn === undefined) problems.push(`${label}: has path params, needs expectOn (a status per actor and target)`);
    // An entry with its own params may still be called per company (a company's file): then it has expectOn.
    const perCompany = entry.params !== undefined && entry.expectOn !== undefined && pathParamNames(endpoint.path).includes("id");
    if (!hasParams && !perCompany && entry.expect === undefined) problems.push(`${label}: has no path params, needs expect (a status per actor)`);
  }
  const labels = new Set(endpoints.map(endpointLabel));
  for (const label of Object.keys(matrix)) if (!labels.has(label)) problems.push(`${label}: entry for an endpoint that is not declared`);
  return problems;
}

/** Every confidential value of the companies not in `allowed` that the raw body contains. */
function leaks(body: string, allowed: ReadonlyArray<CompanyKey>): ReadonlyArray<string> {
  const found: string[] = [];
  for (const [key, secrets] of Object.entries(SECRETS) as ReadonlyArray<[CompanyKey, (typeof SECRETS)[CompanyKey]]>) {
    if (allowed.includes(key)) continue;
    for (const [field, value] of Object.entries(secrets)) {
      // As written, and as JSON would escape it.
      if (body.includes(value) || body.includes(JSON.stringify(value).slice(1, -1))) found.push(`${key}.${field}`);
    }
  }
  return found;
}

const decodeError = Schema.decodeUnknownEither(ApiErrorBody);

const isHtml = (response: LightMyRequestResponse): boolean => String(response.headers["content-type"] ?? "").startsWith("text/html");
const errorMessagesOf = (endpoint: Endpoint): ReadonlyArray<string> => Object.values(endpoint.errors ?? {}).map((error) => error.message);

describe("the authorization matrix", () => {
  it("has an entry of the right shape for every endpoint of ALL_ENDPOINTS, and none for an undeclared one", () => {
    expect(matrixProblems(ALL_ENDPOINTS, AUTHORIZATION_MATRIX)).toEqual([]);
  });

  it("fails for a new endpoint that has no entry", () => {
    const newEndpoint = defineEndpoint({
      method: "POST",
      path: "/companies/:id/files",
      summary: "A data-room upload nobody has placed in the matrix yet.",
      params: CompanyIdParams,
      response: Schema.Struct({ id: Schema.Int }),
    });
    expect(matrixProblems([...ALL_ENDPOINTS, newEndpoint], AUTHORIZATION_MATRIX)).toEqual([
      "POST /companies/:id/files: no entry in the authorization matrix",
    ]);
    const withoutHealth = Object.fromEntries(Object.entries(AUTHORIZATION_MATRIX).filter(([label]) => label !== "GET /health"));
    expect(matrixProblems(ALL_ENDPOINTS, withoutHealth)).toEqual(["GET /health: no entry in the authorization matrix"]);
  });
});

describe.each(ONE_TEST_DATABASE)("authorization matrix on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const shared = {} as Record<Actor, Account>;
  const companies = {} as Record<Target, { id: number; humanId: string }>;
  const fileIds = {} as Record<CompanyKey, number>;
  let made = 0;
  let lastPaymentId = 0;
  let sellerPaymentId = 0;

  const mailer: Mailer = { transport: "outbox", send: async () => {} };

  /** A new account made like the actor's: same roles, a session, then deactivated if the actor is. */
  const accountLike = async (actor: Actor, label: string): Promise<Account> => {
    made += 1;
    const email = `${label}.${made}@celdas.ejemplo.mx`;
    const user = await createUser(handle.db, { email, password: SAMPLE_PASSWORD, name: `${label} ${made}`, phone: null, roles: ROLES[actor] }, { params: TEST_SCRYPT_PARAMS });
    // The seller (and every account made like it) pays for Explora before its session starts.
    if (actor === "seller") lastPaymentId = (await payPlan(handle.db, { userId: user.id, email: user.email })).paymentId;
    // The buyer is a registered buyer with a verified e-mail, who may ask for access (decision 023).
    if (actor === "buyer") {
      await handle.db.insert(buyerProfiles).values({ userId: user.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Manufactura", investmentSizeId: 1 });
      await handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    }
    const token = await sessionTokenFor(handle.db, user.id);
    if (actor === "deactivated") await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    return { id: user.id, email: user.email, token };
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    for (const actor of ACTORS) {
      shared[actor] = await accountLike(actor, actor.toLowerCase());
      if (actor === "seller") sellerPaymentId = lastPaymentId;
    }

    const company = (key: CompanyKey, owner: Account, extra: Partial<CreateCompanyInput>): CreateCompanyInput => ({
      name: SECRETS[key].name,
      legalName: SECRETS[key].legalName,
      comercialName: SECRETS[key].comercialName,
      rfc: SECRETS[key].rfc,
      website: SECRETS[key].website,
      contactName: SECRETS[key].contactName,
      contactEmail: SECRETS[key].contactEmail,
      contactPhone: SECRETS[key].contactPhone,
      ownerUserId: owner.id,
      // Owners write their names into descriptions; the public must get them redacted.
      shortDescription: `${SECRETS[key].name} atiende clientes industriales en el norte del país.`,
      longDescription: `${SECRETS[key].comercialName} opera desde 2010 con certificaciones vigentes.`,
      isPublished: true,
      isActive: true,
      companyTypeId: 1,
      countryId: 1,
      stateId: 19,
      verificationLevelId: 2,
      ebitdaRangeId: 4,
      yearlySalesRangeId: 3,
      userCompanyRoleId: 1,
      ebitda: 2_312_500,
      industryIds: [1],
      interestIds: [1],
      ...extra,
    });
    companies.own = await createCompany(handle.db, company("own", shared.seller, {}));
    companies.others = await createCompany(handle.db, company("others", shared.otherSeller, {}));
    companies.unpublished = await createCompany(handle.db, company("unpublished", shared.seller, { isPublished: false }));
    companies.missing = { id: 2_147_483_647, humanId: "PUE-2147483647" };
    for (const key of ["own", "others", "unpublished"] as const) {
      // Opening a file signs a URL and records the view; it does not read the bytes, so a row is enough.
      const [file] = await handle.db
        .insert(companyFiles)
        .values({ companyId: companies[key].id, category: "company_poderes", storageKey: newStorageKey(), filename: `${key}.pdf`, contentType: "application/pdf", sizeBytes: 10 })
        .returning({ id: companyFiles.id });
      fileIds[key] = file?.id ?? 0;
    }

    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        mailer,
        rateLimits: sameLimitForEveryBucket({ max: 1_000_000, windowMs: 60_000 }),
        ndaVersions: MATRIX_NDA_VERSIONS,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const runCell = async (endpoint: Endpoint, entry: MatrixEntry, actor: Actor, targetKey?: Target): Promise<LightMyRequestResponse> => {
    const account = entry.account === "fresh" ? await accountLike(actor, `${actor.toLowerCase()}-celda`) : shared[actor];
    made += 1;
    const company = targetKey === undefined ? undefined : companies[targetKey];
    const cell: Cell = { db: handle.db, actor, account, unique: `c${made}`, sellerPaymentId, fileIds, dealBuyerId: shared.buyer.id, ...(targetKey === undefined ? {} : { target: targetKey }), ...(company === undefined ? {} : { company }) };
    const request = (await entry.request?.(cell)) ?? {};
    const params = (await entry.params?.(cell)) ?? (company === undefined ? undefined : Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, company.id])));
    const body = request.raw ?? (request.body === undefined ? undefined : { contentType: "application/json", payload: JSON.stringify(request.body) });
    return app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, params, request.query),
      headers: {
        ...(actor === "anonymous" ? {} : { authorization: `Bearer ${account.token}` }),
        ...(body === undefined ? {} : { "content-type": body.contentType }),
      },
      ...(body === undefined ? {} : { payload: body.payload }),
    });
  };

  const check = (endpoint: Endpoint, entry: MatrixEntry, actor: Actor, targetKey: Target | undefined, expected: Status, response: LightMyRequestResponse) => {
    const where = `${endpointLabel(endpoint)} as ${actor}${targetKey === undefined ? "" : ` on ${targetKey}`}: ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBe(expected);
    const success = response.statusCode < 300;
    if (isHtml(response)) {
      // A page for a browser tab (a checkout, a receipt): a success is a page, an error a page that says why in Spanish.
      expect(endpoint.response, `${where}: HTML from an endpoint that answers JSON`).toBe(HtmlPageBody);
      expect(response.body, where).toMatch(/^<!doctype html>/i);
      if (!success) expect(errorMessagesOf(endpoint).some((message) => response.body.includes(escapeHtml(message))), `${where}: the page names no error of the endpoint`).toBe(true);
    } else if (success) {
      const decoded = Schema.decodeUnknownEither(endpoint.response)(response.json());
      expect(Either.isRight(decoded), `${where}: the answer does not match the contract`).toBe(true);
    } else {
      const error = decodeError(response.json());
      expect(Either.isRight(error) && error.right.message.length > 0, `${where}: an error needs a { message }`).toBe(true);
    }
    const allowed = entry.discloses?.(actor, targetKey) ?? [];
    expect(leaks(response.body, allowed), `${where}: confidential values leaked`).toEqual([]);
    // The positive control: where the cell may disclose a company, a success does carry it.
    if (success) for (const key of allowed) expect(response.body, `${where}: ${key} should be shown`).toContain(SECRETS[key].name);
  };

  for (const endpoint of ALL_ENDPOINTS) {
    const label = endpointLabel(endpoint);
    const entry = AUTHORIZATION_MATRIX[label];
    // A missing entry fails "has an entry … for every endpoint" above.
    if (entry === undefined) continue;
    describe(label, () => {
      for (const actor of ACTORS) {
        const { expect: byActor, expectOn } = entry;
        if (expectOn !== undefined) {
          for (const targetKey of TARGETS) {
            const expected = expectOn[actor][targetKey];
            it(`${actor} on ${targetKey}: ${expected}`, async () => {
              check(endpoint, entry, actor, targetKey, expected, await runCell(endpoint, entry, actor, targetKey));
            });
          }
        } else if (byActor !== undefined) {
          const expected = byActor[actor];
          it(`${actor}: ${expected}`, async () => {
            check(endpoint, entry, actor, undefined, expected, await runCell(endpoint, entry, actor));
          });
        }
      }
    });
  }

  it("after every cell, the shared sessions are still alive (no cell interfered with another)", async () => {
    for (const actor of ACTORS) {
      if (actor === "anonymous") continue;
      const response = await app.inject({ method: "GET", url: "/api/health", headers: { authorization: `Bearer ${shared[actor].token}` } });
      expect(response.statusCode, actor).toBe(200);
    }
  });
});
