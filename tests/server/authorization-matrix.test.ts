import { and, asc, eq, inArray } from "drizzle-orm";
import { Either, Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changePasswordEndpoint,
  requestEmailVerificationEndpoint,
  requestPasswordRecoveryEndpoint,
  resetPasswordEndpoint,
  updateProfileEndpoint,
  verifyEmailEndpoint,
} from "../../contracts/accounts.ts";
import { deactivateUserEndpoint, listEmailsEndpoint, listUsersEndpoint } from "../../contracts/admin.ts";
import { ALL_ENDPOINTS } from "../../contracts/all-endpoints.ts";
import { botAnswerEndpoint, botPageEndpoint } from "../../contracts/bot.ts";
import { createBuyerLeadEndpoint } from "../../contracts/buyer-leads.ts";
import { CompanyIdParams, createCompanyEndpoint, getCompanyRecordEndpoint, listDashboardCompaniesEndpoint, updateCompanyEndpoint } from "../../contracts/companies.ts";
import {
  companyPictureEndpoint,
  DATA_ROOM_CATEGORIES,
  DATA_ROOM_CATEGORY_INFO,
  downloadFileEndpoint,
  listFileViewsEndpoint,
  openDataRoomFileEndpoint,
  downloadDataRoomFileEndpoint,
  reportReadingEndpoint,
  shareDataRoomFileEndpoint,
  uploadCompanyPictureEndpoint,
  uploadDataRoomFilesEndpoint,
} from "../../contracts/data-room.ts";
import {
  acceptNdaEndpoint,
  createAccessRequestEndpoint,
  createDealMessageEndpoint,
  createLetterOfIntentEndpoint,
  decideAccessRequestEndpoint,
  setAccessEndEndpoint,
  decideLetterOfIntentEndpoint,
  getAccessRequestEndpoint,
  listAccessRequestsEndpoint,
  listDealMessagesEndpoint,
  listLettersOfIntentEndpoint,
  type DealRole,
} from "../../contracts/deal-room.ts";
import { defineEndpoint, endpointLabel, isAboutPathCompany, pathParamNames, type Access, type Endpoint } from "../../contracts/endpoint.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { kybEndpoint } from "../../contracts/kyb.ts";
import { createLeadEndpoint } from "../../contracts/leads.ts";
import { createInterestMessageEndpoint, getCompanyEndpoint, listCompaniesEndpoint } from "../../contracts/marketplace.ts";
import {
  saveCompanyCharacteristicsEndpoint,
  saveCompanyDataEndpoint,
  saveCompanyEquitiesEndpoint,
  saveCompanyFundingRoundEndpoint,
  saveCompanyFundingRoundUsesEndpoint,
  saveCompanyInterestsEndpoint,
  saveCompanySellDataEndpoint,
  saveCompanySellingDataEndpoint,
  saveFundingStructuresEndpoint,
  slackOnboardingEndpoint,
} from "../../contracts/onboarding.ts";
import { createBuyerEndpoint, createSellerEndpoint } from "../../contracts/registration.ts";
import { createSavedSearchEndpoint, deleteSavedSearchEndpoint } from "../../contracts/saved-searches.ts";
import { createSessionEndpoint, deleteSessionEndpoint, type Role } from "../../contracts/sessions.ts";
import {
  cancelSubscriptionEndpoint,
  resumeSubscriptionEndpoint,
  createBillingPortalSessionEndpoint,
  schedulePlanChangeEndpoint,
  cancelPlanChangeEndpoint,
  createCheckoutSessionEndpoint,
  HtmlPageBody,
  localCheckoutPageEndpoint,
  localCheckoutSubmitEndpoint,
  paymentReceiptEndpoint,
  paymentWebhookEndpoint,
} from "../../contracts/subscriptions.ts";
import { createValuationEndpoint } from "../../contracts/valuations.ts";
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
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, injectReadingStreams, sessionTokenFor } from "./harness.ts";
import { payPlan } from "./paid-plan.ts";
import {
  SAMPLE_PASSWORD,
  botQuestion,
  adminUserListQuery,
  buyerLeadRequest,
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
  setAccessEndBody,
  decideLetterBody,
  letterOfIntentBody,
  shareFileBody,
  insertAccessRequest,
  savedSearchRequest,
  verificationTokenFor,
  verifyEmailRequest,
} from "./samples.ts";

// Issue "Hardening: the campaign", issue 24: the authorization matrix. Every
// endpoint of ALL_ENDPOINTS is called by every actor (and, when its access
// rule is about the path's company, on every kind of company) with a valid
// request, and answers exactly the status its declared `access` says
// (`expectedOutcome`; docs/decisions/028-access-rules.md). What a rule
// cannot say (a valid body, the path's other ids, the endpoint's own answers
// to cells its rule lets through) is an override keyed by the endpoint
// value, never one that lets through a cell its rule refuses. Responses to
// anyone but the owner or an admin never carry a company's confidential
// fields. An endpoint that needs a request or ids and has no override fails
// the first test.

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

/** What the seller pays for (Explora); every other account is on the free plan. */
const PAID: Readonly<Record<Actor, boolean>> = { anonymous: false, buyer: false, seller: true, otherSeller: false, admin: false, deactivated: false };

/** Each actor's part in the matrix's deal-room requests: the shared buyer's, to the seller's published company. */
const DEAL_ROLE: Readonly<Record<Actor, DealRole | null>> = { anonymous: null, buyer: "buyer", seller: "seller", otherSeller: null, admin: "admin", deactivated: null };

/** Whether the actor owns the target company or is an admin (a deactivated account manages nothing, it never gets this far). */
const manages = (actor: Actor, target: Target): boolean => target !== "missing" && OWNED[actor].includes(target);

/**
 * What an endpoint's declared access says of one cell: "allowed", or the
 * status that refuses it, in the order the server checks: no session 401, a
 * deactivated account 403, a role or plan 403, then the object (a company
 * that is not listed, not managed or missing, someone else's deal-room
 * request: the missing one's 404). A rule about the path's company is
 * called on every target; a `companyManager` rule whose company is in the
 * body names the seller's published company.
 */
function expectedOutcome(access: Access, actor: Actor, target: Target | undefined): "allowed" | Status {
  const listed = (company: "listed" | undefined): "allowed" | Status =>
    company === "listed" && (target === "unpublished" || target === "missing") ? 404 : "allowed";
  switch (access.who) {
    case "anyone":
      return listed(access.company);
    case "token":
      return "allowed";
    case "session":
      return actor === "anonymous" ? 401 : "allowed";
    default:
  }
  if (actor === "anonymous") return 401;
  if (actor === "deactivated") return 403;
  switch (access.who) {
    case "signedIn":
      return listed(access.company);
    case "role":
      return ROLES[actor].some((role) => access.roles.includes(role)) ? "allowed" : 403;
    case "paid":
      return PAID[actor] ? "allowed" : 403;
    case "companyManager":
      if (access.plan === "paidUnlessAdmin" && !PAID[actor] && !ROLES[actor].includes("admin")) return 403;
      return manages(actor, target ?? "own") ? "allowed" : 404;
    case "dataRoomReader":
      // No file of the matrix is shared: an approved buyer opens none of them.
      return manages(actor, target ?? "own") ? "allowed" : 404;
    case "dealParty": {
      const role = DEAL_ROLE[actor];
      return role !== null && access.parties.includes(role) ? "allowed" : 404;
    }
  }
}

/**
 * What the rule does not say about an endpoint, keyed by the endpoint value:
 * a valid request (so the cell tests authorization, not validation), the
 * ids of its path, the account, what it may disclose, and the endpoint's own
 * answers to cells its rule lets through. An override can never let through
 * a cell its rule refuses: the declaration is the truth.
 */
interface Override {
  /** One line: why this endpoint needs more than its rule. */
  readonly why: string;
  /**
   * "fresh": the cell acts through a new account made like the actor's (same
   * roles, deactivated alike, token issued before), because the endpoint
   * ends sessions or changes the account; "shared" (default): the actor's
   * one account.
   */
  readonly account?: "shared" | "fresh";
  /** A valid request: needed when the endpoint has a body, an upload or a query that requires values. */
  readonly request?: (cell: Cell) => CellRequest | Promise<CellRequest>;
  /** The path's ids beyond the target company's `:id` (a payment, a checkout, a user made for the cell, a company's file). */
  readonly params?: (cell: Cell) => Readonly<Record<string, string | number>> | Promise<Readonly<Record<string, string | number>>>;
  /** Companies whose confidential fields this cell answers; their names must then be in a success. Default: none. */
  readonly discloses?: (actor: Actor, target: Target | undefined) => ReadonlyArray<CompanyKey>;
  /** The answer to every cell the rule lets through, when it is not the success status (a forged link is missing for everyone). */
  readonly allowed?: Status;
  /** The endpoint's own answers to some cells the rule lets through (writing to one's own company, nothing to cancel). */
  readonly cells?: Readonly<Partial<Record<Actor, Status | Readonly<Partial<Record<Target, Status>>>>>>;
}

/** The override's answer for one cell, if it has one. */
function overriddenCell(override: Override | undefined, actor: Actor, target: Target | undefined): Status | undefined {
  const cell = override?.cells?.[actor];
  if (cell === undefined || typeof cell === "number") return cell;
  return target === undefined ? undefined : cell[target];
}

/** The status a cell must answer: the rule's refusal, or what the endpoint answers a cell the rule lets through. */
function expectedStatus(endpoint: Endpoint, override: Override | undefined, actor: Actor, target: Target | undefined): Status {
  const outcome = expectedOutcome(endpoint.access, actor, target);
  if (outcome !== "allowed") return outcome;
  return overriddenCell(override, actor, target) ?? override?.allowed ?? endpoint.status ?? 200;
}

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

/** Its owner and admins see a company whole. */
const managersSee = (actor: Actor, target: Target | undefined): ReadonlyArray<CompanyKey> => OWNED[actor].filter((key) => key === target);
/** The deal room's requests are to the seller's published company: its owner and admins see its name. */
const sellerSideSees = (actor: Actor): ReadonlyArray<CompanyKey> => (actor === "seller" || actor === "admin" ? ["own"] : []);
const onboarding = (why: string, body: () => unknown): Override => ({ why, request: () => ({ body: body() }) });

const OVERRIDES: ReadonlyMap<Endpoint, Override> = new Map<Endpoint, Override>([
  // --- Sessions and accounts ---
  [createSessionEndpoint, { why: "logs in as the cell's own account; a deactivated one is refused after the right password", account: "fresh", request: ({ account }) => ({ body: loginRequest(account.email) }), cells: { deactivated: 403 } }],
  [deleteSessionEndpoint, { why: "ends the acting session", account: "fresh" }],
  [requestPasswordRecoveryEndpoint, { why: "the same answer whoever asks, whether or not the account exists or is active", account: "fresh", request: ({ account }) => ({ body: recoveryRequest(account.email) }) }],
  [
    resetPasswordEndpoint,
    {
      why: "the cell's own recovery link; a deactivated account cannot come back through one",
      account: "fresh",
      request: async ({ db, account }) => ({ body: resetRequest(await recoveryTokenFor(db, account.id)) }),
      cells: { deactivated: 403 },
    },
  ],
  [updateProfileEndpoint, { why: "changes the account", account: "fresh", request: () => ({ body: profileRequest() }) }],
  [changePasswordEndpoint, { why: "changes the account and ends its other sessions", account: "fresh", request: () => ({ body: passwordChangeRequest(SAMPLE_PASSWORD) }) }],
  [
    requestEmailVerificationEndpoint,
    {
      why: "made like the actor a buyer is already verified (it may ask for access): the cell's account starts unverified",
      account: "fresh",
      request: async ({ db, account }) => {
        await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, account.id));
        return {};
      },
    },
  ],
  [
    verifyEmailEndpoint,
    {
      why: "the cell's own link; a deactivated account's link verifies nothing (the invalid link's 400)",
      account: "fresh",
      request: async ({ db, account }) => ({ body: verifyEmailRequest(await verificationTokenFor(db, account.id)) }),
      cells: { deactivated: 400 },
    },
  ],
  [createBuyerEndpoint, { why: "a new e-mail per cell", request: ({ unique }) => ({ body: buyerSignUp(`comprador.${unique}@ejemplo.mx`) }) }],
  [createSellerEndpoint, { why: "a new e-mail per cell", request: ({ unique }) => ({ body: sellerSignUp(`vendedor.${unique}@ejemplo.mx`) }) }],
  [createLeadEndpoint, { why: "a contact request", request: () => ({ body: leadRequest() }) }],
  // A signed-in caller's contact is the account's; a visitor's (and a deactivated account's) is the body's, new per cell.
  [createBuyerLeadEndpoint, { why: "a buyer mandate with a visitor's contact", request: ({ unique }) => ({ body: buyerLeadRequest(`mandato.${unique}@ejemplo.mx`) }) }],

  // --- The marketplace and companies ---
  [listCompaniesEndpoint, { why: "every listed company on one page: the listing never names one, not even to its owner", request: () => ({ query: { per_page: "48" } }) }],
  [listDashboardCompaniesEndpoint, { why: "each account its own companies, every company for an admin", request: () => ({ query: { per_page: "48" } }), discloses: (actor) => OWNED[actor] }],
  [getCompanyEndpoint, { why: "the full profile (decision 023) for its owner and admins; a buyer without an approved request sees none of it", discloses: managersSee }],
  [getCompanyRecordEndpoint, { why: "the whole record", discloses: managersSee }],
  [
    createInterestMessageEndpoint,
    {
      why: "writing to one's own company is a 400",
      request: ({ company }) => ({ body: interestRequest(company?.humanId ?? "PUE-0000") }),
      cells: { seller: { own: 400 }, otherSeller: { others: 400 } },
    },
  ],
  [
    createCompanyEndpoint,
    {
      why: "registered with the caller's own contact; a buyer thereby becomes a seller (roles change)",
      account: "fresh",
      request: async ({ db, account }) => {
        const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, account.id));
        return { body: companyCreateRequest({ name: row?.name ?? "", email: account.email }) };
      },
    },
  ],
  [updateCompanyEndpoint, { why: "answers the whole record", request: () => ({ body: companyUpdateRequest() }), discloses: managersSee }],

  // --- Plans, subscriptions and payments (decision 013): the seller pays for Explora ---
  [cancelSubscriptionEndpoint, { why: "only a plan that would renew can be cancelled (a fresh account, so the shared seller stays paid)", account: "fresh", allowed: 409, cells: { seller: 200 } }],
  [schedulePlanChangeEndpoint, { why: "a change to another plan, for a paid one: the seller's is this very plan, the others have none", account: "fresh", request: () => ({ body: { plan_id: "explora_monthly" } }), allowed: 409 }],
  [cancelPlanChangeEndpoint, { why: "only a scheduled change can be dropped: nobody here has one", account: "fresh", allowed: 409 }],
  [createBillingPortalSessionEndpoint, { why: "only a plan Stripe charges has a portal: the matrix's plans are local", allowed: 409 }],
  [resumeSubscriptionEndpoint, { why: "only a cancelled plan within its period can be resumed: nobody here has one", account: "fresh", allowed: 409 }],
  [createCheckoutSessionEndpoint, { why: "not the plan the caller already pays for", request: () => ({ body: { subscription_id: "explora_monthly" } }), cells: { seller: 409 } }],
  [
    paymentWebhookEndpoint,
    {
      why: "the matrix's event is unsigned: refused whoever sends it",
      request: () => ({ raw: { contentType: "application/json", payload: JSON.stringify({ id: "evt_sin_firma", object: "event", type: "checkout.session.completed", data: { object: {} } }) } }),
      allowed: 400,
    },
  ],
  [localCheckoutPageEndpoint, { why: "an unknown checkout id is missing for everyone", params: () => ({ id: UNKNOWN_CHECKOUT_ID }), allowed: 404 }],
  [
    localCheckoutSubmitEndpoint,
    {
      why: "an unknown checkout id is missing for everyone",
      params: () => ({ id: UNKNOWN_CHECKOUT_ID }),
      request: () => ({ raw: { contentType: "application/x-www-form-urlencoded", payload: "outcome=paid" } }),
      allowed: 404,
    },
  ],
  [paymentReceiptEndpoint, { why: "the seller's receipt without its signed link: its owner's session opens it, anyone else gets a missing receipt", params: ({ sellerPaymentId }) => ({ id: sellerPaymentId }), allowed: 404, cells: { seller: 200 } }],

  // --- The company picture and the data room (decisions 015, 023) ---
  [uploadCompanyPictureEndpoint, { why: "a picture upload", request: () => ({ raw: pictureUpload() }) }],
  ...DATA_ROOM_CATEGORIES.map(
    (category): [Endpoint, Override] => [
      uploadDataRoomFilesEndpoint(category),
      // A CIF carries today's issue date (Mexico City's calendar).
      { why: "a data-room upload", request: () => ({ raw: dataRoomUpload(DATA_ROOM_CATEGORY_INFO[category].needsIssueDate ? mexicoCityToday(new Date()) : undefined) }) },
    ],
  ),
  [openDataRoomFileEndpoint, { why: "each company's own file; on a missing company the seller's (a file is found only under its company)", params: companyFile }],
  [downloadDataRoomFileEndpoint, { why: "each company's own file; on a missing company the seller's (a file is found only under its company)", params: companyFile }],
  [
    reportReadingEndpoint,
    { why: "a forged reading token counts nothing for anyone", params: () => ({ token: "1.4102444800.firma-falsa" }), request: () => ({ body: { pages: [{ page: 1, milliseconds: 1000 }] } }), allowed: 404 },
  ],
  [listFileViewsEndpoint, { why: "each company's own file", params: companyFile }],
  [shareDataRoomFileEndpoint, { why: "each company's own file", params: companyFile, request: () => ({ body: shareFileBody(true) }) }],
  [downloadFileEndpoint, { why: "a forged link opens nothing for anyone", params: () => ({ token: "1.1.4102444800.firma-falsa" }), allowed: 404 }],
  [companyPictureEndpoint, { why: "a key no picture has is missing for everyone", params: () => ({ key: "0".repeat(32) }), allowed: 404 }],

  // --- KYB (decision 016) and the onboarding (decision 017) ---
  [kybEndpoint, { why: "an RFC", request: () => ({ body: kybRequest() }) }],
  [saveCompanyDataEndpoint, onboarding("step 1", onboardingCompanyData)],
  [saveCompanyEquitiesEndpoint, onboarding("step 2", onboardingEquities)],
  [saveCompanyInterestsEndpoint, onboarding("step 3", onboardingInterests)],
  [saveCompanyFundingRoundEndpoint, onboarding("steps 4-5", onboardingFundingRound)],
  [saveCompanyFundingRoundUsesEndpoint, onboarding("step 6", onboardingUses)],
  [saveCompanySellingDataEndpoint, onboarding("step 3 (selling)", onboardingSellingData)],
  [saveCompanySellDataEndpoint, onboarding("step 7", onboardingSellData)],
  [saveCompanyCharacteristicsEndpoint, onboarding("step 8", onboardingCharacteristics)],
  [saveFundingStructuresEndpoint, onboarding("step 8 (funding)", onboardingFundingStructures)],
  [
    slackOnboardingEndpoint,
    {
      why: "names the seller's published company in the body",
      request: async ({ db }) => {
        const [own] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, SECRETS.own.name)).limit(1);
        return { body: slackOnboardingRequest(own?.id ?? 0) };
      },
    },
  ],

  // --- Public tools ---
  [createValuationEndpoint, { why: "a company to value", request: () => ({ body: valuationRequest() }) }],
  [botPageEndpoint, { why: "a question, so the page answers one", request: () => ({ query: { pregunta: "¿Qué es el KYB?" } }) }],
  [botAnswerEndpoint, { why: "a question", request: () => ({ body: botQuestion() }) }],

  // --- The admin dashboard (decision 021) ---
  [listUsersEndpoint, { why: "a search", request: () => ({ query: adminUserListQuery() }) }],
  [
    listEmailsEndpoint,
    {
      why: "the failed e-mails, of which the matrix has none (its e-mails wait unsent): the subjects of the others name companies, which an admin may read (tests/server/email-outbox.test.ts)",
      request: () => ({ query: { status: "failed" } }),
    },
  ],
  [deactivateUserEndpoint, { why: "each cell deactivates a buyer made for it, so an admin's success is real and no cell sees another's", params: async ({ db, unique }) => ({ id: await newBuyerId(db, unique) }) }],

  // --- The deal room (decision 023) ---
  [
    createAccessRequestEndpoint,
    {
      why: "only a verified buyer asks (the shared buyer is one): its owner is told the company is their own (409), other accounts that they are not buyers (403)",
      request: () => ({ body: accessRequestBody(currentNda(MATRIX_NDA_VERSIONS).version) }),
      cells: { seller: { own: 409, others: 403 }, otherSeller: { own: 403, others: 409 }, admin: { own: 403, others: 403 } },
    },
  ],
  [
    listAccessRequestsEndpoint,
    {
      why: "the requests to the seller's company: the seller and admins see its name, the buyer (pending) does not",
      request: async ({ db, dealBuyerId }) => ({ query: { company_id: String((await dealOn(db, dealBuyerId, "pending")).companyId) } }),
      discloses: sellerSideSees,
    },
  ],
  [getAccessRequestEndpoint, { why: "a pending request: the buyer sees no name yet", params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "pending")).requestId }), discloses: sellerSideSees }],
  [
    decideAccessRequestEndpoint,
    {
      why: "a pending request to approve",
      params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "pending")).requestId }),
      request: () => ({ body: decideAccessBody("approved") }),
      discloses: sellerSideSees,
    },
  ],
  [
    setAccessEndEndpoint,
    {
      why: "an approved request whose end the owner (or an admin) sets; the buyer's own request answers like a missing one",
      params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }),
      request: () => ({ body: setAccessEndBody() }),
      discloses: sellerSideSees,
    },
  ],
  [
    acceptNdaEndpoint,
    {
      why: "an approved request on the old NDA: its buyer accepts the new one and sees the company again",
      params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { ndaVersion: OLD_NDA.version })).requestId }),
      request: () => ({ body: acceptNdaBody(currentNda(MATRIX_NDA_VERSIONS).version) }),
      discloses: (actor) => (actor === "buyer" ? ["own"] : []),
    },
  ],
  [listDealMessagesEndpoint, { why: "the thread of an approved request", params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }) }],
  [
    createDealMessageEndpoint,
    { why: "the thread of an approved request", params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }), request: () => ({ body: dealMessageBody() }) },
  ],
  [listLettersOfIntentEndpoint, { why: "an approved request with a pending letter", params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { pendingLetter: true })).requestId }) }],
  [
    createLetterOfIntentEndpoint,
    { why: "an approved request without a pending letter", params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved")).requestId }), request: () => ({ body: letterOfIntentBody() }) },
  ],
  [
    decideLetterOfIntentEndpoint,
    {
      why: "a pending letter of an approved request",
      params: async ({ db, dealBuyerId }) => ({ id: (await dealOn(db, dealBuyerId, "approved", { pendingLetter: true })).letterId }),
      request: () => ({ body: decideLetterBody("accepted") }),
    },
  ],

  // --- Saved searches ---
  [createSavedSearchEndpoint, { why: "a new search per cell", request: ({ unique }) => ({ body: savedSearchRequest(`Búsqueda ${unique}`, `tortillas ${unique}`) }) }],
  [deleteSavedSearchEndpoint, { why: "a search of the acting account's, so a buyer's success is real", params: async ({ db, account, unique }) => ({ id: await savedSearchIdOf(db, account.id, unique) }) }],
]);

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

/** The targets an endpoint is called on: every kind of company when its rule is about the path's company, else none. */
const targetsOf = (endpoint: Endpoint): ReadonlyArray<Target | undefined> => (isAboutPathCompany(endpoint.access) ? TARGETS : [undefined]);

/** Whether a request without a query is refused by the endpoint's query schema (then the cell needs one). */
const needsQuery = (endpoint: Endpoint): boolean => endpoint.query !== undefined && Either.isLeft(Schema.decodeUnknownEither(endpoint.query)({}));

/**
 * What is wrong between the endpoints and their overrides: an endpoint
 * that needs a request or path ids and has no builder, an override that
 * lets through a cell its endpoint's rule refuses, an override for an
 * endpoint that is not declared.
 */
function matrixProblems(endpoints: ReadonlyArray<Endpoint>, overrides: ReadonlyMap<Endpoint, Override>): ReadonlyArray<string> {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const label = endpointLabel(endpoint);
    const override = overrides.get(endpoint);
    const targets = targetsOf(endpoint);
    // A rule about the path's company fills its :id with each target; any other id comes from the override.
    const ownIds = pathParamNames(endpoint.path).filter((name) => !(name === "id" && targets[0] !== undefined));
    if (ownIds.length > 0 && override?.params === undefined) problems.push(`${label}: needs params (its path's ${ownIds.join(", ")})`);
    if ((endpoint.body !== undefined || endpoint.multipart !== undefined || needsQuery(endpoint)) && override?.request === undefined) {
      problems.push(`${label}: needs a request (a valid ${endpoint.body !== undefined ? "body" : endpoint.multipart !== undefined ? "upload" : "query"})`);
    }
    for (const actor of ACTORS) {
      for (const target of targets) {
        const refusal = expectedOutcome(endpoint.access, actor, target);
        if (refusal !== "allowed" && overriddenCell(override, actor, target) !== undefined) {
          problems.push(`${label}: the override answers ${actor}${target === undefined ? "" : ` on ${target}`}, which its access refuses (${refusal})`);
        }
      }
    }
  }
  const declared = new Set(endpoints);
  for (const [endpoint, override] of overrides) if (!declared.has(endpoint)) problems.push(`${endpointLabel(endpoint)}: an override (${override.why}) for an endpoint that is not in ALL_ENDPOINTS`);
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
  it("has what every endpoint of ALL_ENDPOINTS needs beyond its access rule, and no override that opens a cell its rule refuses", () => {
    expect(matrixProblems(ALL_ENDPOINTS, OVERRIDES)).toEqual([]);
  });

  it("fails for a new endpoint without the request it needs, and for an override more open than the rule", () => {
    const newEndpoint = defineEndpoint({
      method: "POST",
      path: "/companies/:id/files",
      summary: "A data-room upload nobody has given a request in the matrix yet.",
      access: { who: "companyManager" },
      params: CompanyIdParams,
      body: Schema.Struct({ name: Schema.String }),
      response: Schema.Struct({ id: Schema.Int }),
    });
    expect(matrixProblems([...ALL_ENDPOINTS, newEndpoint], OVERRIDES)).toEqual(["POST /companies/:id/files: needs a request (a valid body)"]);
    const withoutReceipt = new Map([...OVERRIDES].filter(([endpoint]) => endpoint !== paymentReceiptEndpoint));
    expect(matrixProblems(ALL_ENDPOINTS, withoutReceipt)).toEqual(["GET /payments/:id/receipt: needs params (its path's id)"]);
    const tooOpen = new Map<Endpoint, Override>([...OVERRIDES, [newEndpoint, { why: "a probe", request: () => ({ body: { name: "x" } }), cells: { buyer: { own: 201 } } }]]);
    expect(matrixProblems([...ALL_ENDPOINTS, newEndpoint], tooOpen)).toEqual(["POST /companies/:id/files: the override answers buyer on own, which its access refuses (404)"]);
    expect(matrixProblems(ALL_ENDPOINTS, tooOpen)).toEqual(["POST /companies/:id/files: an override (a probe) for an endpoint that is not in ALL_ENDPOINTS"]);
  });

  it("derives the expected statuses from the rules, in the server's order", () => {
    const byActor = (access: Access, target?: Target) => Object.fromEntries(ACTORS.map((actor) => [actor, expectedOutcome(access, actor, target)]));
    expect(byActor({ who: "anyone" })).toEqual({ anonymous: "allowed", buyer: "allowed", seller: "allowed", otherSeller: "allowed", admin: "allowed", deactivated: "allowed" });
    expect(byActor({ who: "session" })).toEqual({ anonymous: 401, buyer: "allowed", seller: "allowed", otherSeller: "allowed", admin: "allowed", deactivated: "allowed" });
    expect(byActor({ who: "role", roles: ["admin"] })).toEqual({ anonymous: 401, buyer: 403, seller: 403, otherSeller: 403, admin: "allowed", deactivated: 403 });
    expect(byActor({ who: "paid" })).toEqual({ anonymous: 401, buyer: 403, seller: "allowed", otherSeller: 403, admin: 403, deactivated: 403 });
    // KYB: the plan before the company (403 whatever the company), admins without a plan; then someone else's company is a missing one.
    expect(byActor({ who: "companyManager", plan: "paidUnlessAdmin" }, "others")).toEqual({ anonymous: 401, buyer: 403, seller: 404, otherSeller: 403, admin: "allowed", deactivated: 403 });
    expect(byActor({ who: "signedIn", company: "listed" }, "unpublished")).toEqual({ anonymous: 401, buyer: 404, seller: 404, otherSeller: 404, admin: 404, deactivated: 403 });
    expect(byActor({ who: "dealParty", parties: ["seller", "admin"] })).toEqual({ anonymous: 401, buyer: 404, seller: "allowed", otherSeller: 404, admin: "allowed", deactivated: 403 });
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
        // E-mails are queued and stay there: no cell waits on a delivery.
        mailDelivery: { enabled: false },
        rateLimits: sameLimitForEveryBucket({ max: 1_000_000, windowMs: 60_000 }),
        ndaVersions: MATRIX_NDA_VERSIONS,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const runCell = async (endpoint: Endpoint, override: Override | undefined, actor: Actor, targetKey: Target | undefined): Promise<LightMyRequestResponse> => {
    const account = override?.account === "fresh" ? await accountLike(actor, `${actor.toLowerCase()}-celda`) : shared[actor];
    made += 1;
    const company = targetKey === undefined ? undefined : companies[targetKey];
    const cell: Cell = { db: handle.db, actor, account, unique: `c${made}`, sellerPaymentId, fileIds, dealBuyerId: shared.buyer.id, ...(targetKey === undefined ? {} : { target: targetKey }), ...(company === undefined ? {} : { company }) };
    const request = (await override?.request?.(cell)) ?? {};
    const params = (await override?.params?.(cell)) ?? (company === undefined ? undefined : Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, company.id])));
    const body = request.raw ?? (request.body === undefined ? undefined : { contentType: "application/json", payload: JSON.stringify(request.body) });
    // An event stream (GET /events) is read to its first event, `ready`, and closed.
    return injectReadingStreams(app, {
      method: endpoint.method,
      url: urlOf(endpoint, params, request.query),
      headers: {
        ...(actor === "anonymous" ? {} : { authorization: `Bearer ${account.token}` }),
        ...(body === undefined ? {} : { "content-type": body.contentType }),
      },
      ...(body === undefined ? {} : { payload: body.payload }),
    });
  };

  const check = (endpoint: Endpoint, override: Override | undefined, actor: Actor, targetKey: Target | undefined, expected: Status, response: LightMyRequestResponse) => {
    const rule = `access ${JSON.stringify(endpoint.access)}${override?.allowed !== undefined || override?.cells !== undefined ? `, overridden: ${override.why}` : ""}`;
    const where = `${endpointLabel(endpoint)} as ${actor}${targetKey === undefined ? "" : ` on ${targetKey}`} (${rule}): ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBe(expected);
    const success = response.statusCode < 300;
    if (isHtml(response)) {
      // A page for a browser tab (a checkout, a receipt, a file link's refusal): a success is a page, an error a page that says why in Spanish.
      expect(endpoint.response === HtmlPageBody || (!success && endpoint.browserTab === true), `${where}: HTML from an endpoint that answers JSON`).toBe(true);
      expect(response.body, where).toMatch(/^<!doctype html>/i);
      if (!success) expect(errorMessagesOf(endpoint).some((message) => response.body.includes(escapeHtml(message))), `${where}: the page names no error of the endpoint`).toBe(true);
    } else if (success) {
      // A CSV download (the access audit) is text; every other success is JSON.
      const payload: unknown = String(response.headers["content-type"] ?? "").startsWith("text/csv") ? response.body : response.json();
      const decoded = Schema.decodeUnknownEither(endpoint.response)(payload);
      expect(Either.isRight(decoded), `${where}: the answer does not match the contract`).toBe(true);
    } else {
      expect(endpoint.browserTab, `${where}: JSON to a browser tab`).toBeUndefined();
      const error = decodeError(response.json());
      expect(Either.isRight(error) && error.right.message.length > 0, `${where}: an error needs a { message }`).toBe(true);
    }
    const allowed = override?.discloses?.(actor, targetKey) ?? [];
    expect(leaks(response.body, allowed), `${where}: confidential values leaked`).toEqual([]);
    // The positive control: where the cell may disclose a company, a success does carry it.
    if (success) for (const key of allowed) expect(response.body, `${where}: ${key} should be shown`).toContain(SECRETS[key].name);
  };

  // Every endpoint, every actor and, for a rule about the path's company, every kind of company: the status its access rule says.
  for (const endpoint of ALL_ENDPOINTS) {
    const override = OVERRIDES.get(endpoint);
    describe(endpointLabel(endpoint), () => {
      for (const actor of ACTORS) {
        for (const targetKey of targetsOf(endpoint)) {
          const expected = expectedStatus(endpoint, override, actor, targetKey);
          it(`${actor}${targetKey === undefined ? "" : ` on ${targetKey}`}: ${expected}`, async () => {
            check(endpoint, override, actor, targetKey, expected, await runCell(endpoint, override, actor, targetKey));
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
