import { Schema } from "effect";
import { CatalogueItem } from "./catalogues.ts";
import { AccessRequestStatus } from "./marketplace.ts";
import { CompanyIdParams, COMPANY_NOT_FOUND_MESSAGE, MAX_MONEY } from "./companies.ts";
import { ACCESS_REQUEST_MESSAGE_MAX_LENGTH, DEAL_MESSAGE_MAX_LENGTH, DEAL_ROOM_MESSAGES, LOI_TERMS_MAX_LENGTH } from "./deal-room-messages.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { boundedText, idFromPathParam, pageOf, positiveId, POSTGRES_INT_MAX, QUERY_PAGE_MAX, trimmedString } from "./fields.ts";

/**
 * The deal room (issue 16; docs/decisions/023-deal-room.md): a verified buyer
 * accepts the standard NDA and asks a listed company for its full profile;
 * the company's owner (or an admin) approves, rejects or later revokes; while
 * approved the two parties write to each other in a private thread and the
 * buyer may send letters of intent, which the owner accepts or declines.
 *
 * Who may do what is the server's to enforce (server/deal-room); the
 * lifecycle of a request is machines/deal-room/access-request.machine.ts, used by both sides.
 */

// --- Messages (Spanish, shown as they are): in deal-room-messages.ts, without Effect ---
export {
  ACCESS_BLOCK_MESSAGES,
  ACCESS_REQUEST_MESSAGE_MAX_LENGTH,
  ACCESS_STATUS_LABELS,
  DEAL_MESSAGE_MAX_LENGTH,
  DEAL_ROOM_MESSAGES,
  LOI_TERMS_MAX_LENGTH,
} from "./deal-room-messages.ts";


/**
 * The message of a choice among literals. `override`: a union of literals
 * otherwise reports each member's English mismatch ("Expected "MXN"…")
 * instead of its own message.
 */
const choiceMessage = (message: string) => ({ message: () => ({ message, override: true }) });

// --- The NDA (GET /nda) -----------------------------------------------------------------

/**
 * The standard confidentiality agreement (content/nda.ts): its version, the
 * date it takes effect, and its text with the placeholders `{{comprador}}`,
 * `{{referencia}}` and `{{fecha}}` (renderNda fills them).
 */
export const Nda = Schema.Struct({
  version: Schema.String,
  effective_date: Schema.String,
  text: Schema.String,
});
export type Nda = typeof Nda.Type;

/** The longest NDA version string accepted in a body. */
const NDA_VERSION_MAX_LENGTH = 40;

/** The version the buyer read and accepted; the server checks it is the current one. */
const ndaVersion = Schema.propertySignature(
  trimmedString(DEAL_ROOM_MESSAGES.ndaRequired).pipe(
    Schema.minLength(1, { message: () => DEAL_ROOM_MESSAGES.ndaRequired }),
    Schema.maxLength(NDA_VERSION_MAX_LENGTH, { message: () => DEAL_ROOM_MESSAGES.ndaOutdated }),
  ),
).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.ndaRequired });

/** Who accepted which version of the NDA for this request, when and from where: shown to both parties. */
export const NdaAcceptance = Schema.Struct({
  version: Schema.String,
  accepted_at: Schema.String,
  ip: Schema.String,
  accepted_by: Schema.String,
  /** False once a newer NDA version took effect. */
  current: Schema.Boolean,
});
export type NdaAcceptance = typeof NdaAcceptance.Type;

// --- Access requests ---------------------------------------------------------------------

export const AccessRequestId = positiveId("AccessRequestId", DEAL_ROOM_MESSAGES.invalidRequestId);
export type AccessRequestId = typeof AccessRequestId.Type;
export const AccessRequestIdParams = Schema.Struct({ id: idFromPathParam(AccessRequestId, DEAL_ROOM_MESSAGES.invalidRequestId) });

/** What the owner (or an admin) may set; the lifecycle machine says which of these the current status allows. */
export const ACCESS_DECISIONS = ["approved", "rejected", "revoked"] as const;
export const AccessDecision = Schema.Literal(...ACCESS_DECISIONS).annotations(choiceMessage(DEAL_ROOM_MESSAGES.invalidStatus));
export type AccessDecision = typeof AccessDecision.Type;



/** POST /companies/{id}/access_requests. */
export const CreateAccessRequest = Schema.Struct({
  message: boundedText(DEAL_ROOM_MESSAGES.requestMessage, ACCESS_REQUEST_MESSAGE_MAX_LENGTH, DEAL_ROOM_MESSAGES.requestMessageTooLong),
  nda_version: ndaVersion,
});
export type CreateAccessRequest = typeof CreateAccessRequest.Type;

/** A day of the calendar (YYYY-MM-DD) that exists; length first, then the pattern, then the calendar. */
const ACCESS_END_DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isCalendarDay = (text: string): boolean => {
  const match = ACCESS_END_DAY_PATTERN.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * The last day of access (decision 050): access ends at the end of that day
 * in Mexico City. The server checks it is after today (the schema cannot
 * know today): DEAL_ROOM_MESSAGES.accessEndsPast.
 */
export const AccessEndDay = Schema.String.pipe(
  Schema.maxLength(10, { message: () => DEAL_ROOM_MESSAGES.accessEndsInvalid }),
  Schema.filter((text) => isCalendarDay(text) || DEAL_ROOM_MESSAGES.accessEndsInvalid, {
    // Random strings are almost never days: samples are real days (the fuzz mutates them from there).
    arbitrary: () => (fc) =>
      fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  }),
);

/** PATCH /access_requests/{id}: `access_ends_on` only with an approval (absent: access does not end). */
export const DecideAccessRequest = Schema.Struct({
  status: Schema.propertySignature(AccessDecision).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.invalidStatus }),
  access_ends_on: Schema.optional(AccessEndDay),
});
export type DecideAccessRequest = typeof DecideAccessRequest.Type;

/** PUT /access_requests/{id}/access_end: a later last day, or null to remove the end. */
export const SetAccessEnd = Schema.Struct({
  access_ends_on: Schema.propertySignature(Schema.NullOr(AccessEndDay)).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.accessEndsInvalid }),
});
export type SetAccessEnd = typeof SetAccessEnd.Type;

/** POST /access_requests/{id}/nda_acceptances: an approved buyer accepts the NDA's new version. */
export const AcceptNdaRequest = Schema.Struct({ nda_version: ndaVersion });
export type AcceptNdaRequest = typeof AcceptNdaRequest.Type;

/** The company of a request. `name` only for the owner, admins and a buyer who may see the full profile now. */
export const RequestCompany = Schema.Struct({
  id: Schema.Int,
  human_id: Schema.String,
  name: Schema.NullOr(Schema.String),
  picture_url: Schema.NullOr(Schema.String),
  /** As the public profile shows it (the company's names cut out). */
  short_description: Schema.NullOr(Schema.String),
});
export type RequestCompany = typeof RequestCompany.Type;

/**
 * The buyer of a request as the company sees them: their registration
 * profile and verification. Their e-mail and phone only once approved.
 */
export const RequestBuyer = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  buyer_description: Schema.NullOr(CatalogueItem),
  state: Schema.NullOr(CatalogueItem),
  investment_description_summary: Schema.NullOr(Schema.String),
  investment_size: Schema.NullOr(CatalogueItem),
  website: Schema.NullOr(Schema.String),
  email_verified: Schema.Boolean,
  member_since: Schema.String,
});
export type RequestBuyer = typeof RequestBuyer.Type;

// --- Letters of intent ----------------------------------------------------------------------

export const LOI_STATUSES = ["pending", "accepted", "declined"] as const;
export const LetterOfIntentStatus = Schema.Literal(...LOI_STATUSES);
export type LetterOfIntentStatus = typeof LetterOfIntentStatus.Type;
export const LOI_STATUS_LABELS: Readonly<Record<LetterOfIntentStatus, string>> = {
  pending: "Pendiente de respuesta",
  accepted: "Aceptada",
  declined: "Declinada",
};

export const LOI_CURRENCIES = ["MXN", "USD"] as const;
export const LoiCurrency = Schema.Literal(...LOI_CURRENCIES).annotations(choiceMessage(DEAL_ROOM_MESSAGES.loiCurrency));
export type LoiCurrency = typeof LoiCurrency.Type;

export const LetterOfIntent = Schema.Struct({
  id: Schema.Int,
  access_request_id: Schema.Int,
  amount: Schema.Number,
  currency: LoiCurrency,
  stake_percentage: Schema.Number,
  terms: Schema.String,
  status: LetterOfIntentStatus,
  created_at: Schema.String,
  decided_at: Schema.NullOr(Schema.String),
});
export type LetterOfIntent = typeof LetterOfIntent.Type;

export const LetterOfIntentList = Schema.Struct({ items: Schema.Array(LetterOfIntent) });
export type LetterOfIntentList = typeof LetterOfIntentList.Type;

/** The smallest amount the money column keeps above zero (numeric(18,2) rounds to cents: 0.004 would be stored as 0). */
export const LOI_MIN_AMOUNT = 0.01;

const loiAmount = Schema.propertySignature(
  Schema.Number.annotations({ message: () => DEAL_ROOM_MESSAGES.loiAmount }).pipe(
    Schema.finite({ message: () => DEAL_ROOM_MESSAGES.loiAmount }),
    Schema.greaterThanOrEqualTo(LOI_MIN_AMOUNT, { message: () => DEAL_ROOM_MESSAGES.loiAmount }),
    Schema.lessThanOrEqualTo(MAX_MONEY, { message: () => DEAL_ROOM_MESSAGES.loiAmount }),
  ),
).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.loiAmount });

const loiStake = Schema.propertySignature(
  Schema.Number.annotations({ message: () => DEAL_ROOM_MESSAGES.loiStake }).pipe(
    Schema.finite({ message: () => DEAL_ROOM_MESSAGES.loiStake }),
    Schema.between(0, 100, { message: () => DEAL_ROOM_MESSAGES.loiStake }),
  ),
).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.loiStake });

/** POST /access_requests/{id}/letters_of_intent: amount > 0 (at least a cent), MXN or USD, stake 0–100 %, the terms in words. */
export const CreateLetterOfIntent = Schema.Struct({
  amount: loiAmount,
  currency: Schema.propertySignature(LoiCurrency).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.loiCurrency }),
  stake_percentage: loiStake,
  terms: boundedText(DEAL_ROOM_MESSAGES.loiTerms, LOI_TERMS_MAX_LENGTH, DEAL_ROOM_MESSAGES.loiTermsTooLong),
});
export type CreateLetterOfIntent = typeof CreateLetterOfIntent.Type;

export const LOI_DECISIONS = ["accepted", "declined"] as const;
export const LoiDecision = Schema.Literal(...LOI_DECISIONS).annotations(choiceMessage(DEAL_ROOM_MESSAGES.loiInvalidStatus));
export type LoiDecision = typeof LoiDecision.Type;

/** PATCH /letters_of_intent/{id}: the company's owner (or an admin) answers. */
export const DecideLetterOfIntent = Schema.Struct({
  status: Schema.propertySignature(LoiDecision).annotations({ missingMessage: () => DEAL_ROOM_MESSAGES.loiInvalidStatus }),
});
export type DecideLetterOfIntent = typeof DecideLetterOfIntent.Type;

export const LetterOfIntentId = positiveId("LetterOfIntentId", DEAL_ROOM_MESSAGES.loiNotFound);
export const LetterOfIntentIdParams = Schema.Struct({ id: idFromPathParam(LetterOfIntentId, DEAL_ROOM_MESSAGES.loiNotFound) });

// --- The request as each party sees it -------------------------------------------------------

/** The caller's part in a request. */
export const DealRole = Schema.Literal("buyer", "seller", "admin");
export type DealRole = typeof DealRole.Type;

export const AccessRequest = Schema.Struct({
  id: Schema.Int,
  status: AccessRequestStatus,
  /** The buyer's message with the request. */
  message: Schema.String,
  created_at: Schema.String,
  /** When the owner last approved, rejected or revoked it. */
  decided_at: Schema.NullOr(Schema.String),
  company: RequestCompany,
  buyer: RequestBuyer,
  nda: NdaAcceptance,
  viewer_role: DealRole,
  /** The statuses the caller may set now (PATCH): from the lifecycle machine, empty for the buyer. */
  allowed_statuses: Schema.Array(AccessDecision),
  /** When an approval's access ends (decision 050; null: it does not), shown to both parties. */
  access_ends_at: Schema.NullOr(Schema.String),
  /** The approval's end has passed: the buyer's access ended as after a revocation (the status stays `approved`). */
  access_lapsed: Schema.Boolean,
  /** Whether the caller may set or remove the end now (PUT access_end): the owner and admins, on an approved or lapsed request. */
  can_set_access_end: Schema.Boolean,
  /** Messages to the caller not read yet (0 for an admin who is not a party). */
  unread_messages: Schema.Int,
  latest_letter: Schema.NullOr(LetterOfIntent),
});
export type AccessRequest = typeof AccessRequest.Type;

export const AccessRequestList = pageOf(AccessRequest);
export type AccessRequestList = typeof AccessRequestList.Type;

export const ACCESS_REQUEST_PAGE_SIZE = 20;
export const ACCESS_REQUEST_MAX_PAGE_SIZE = 50;

const INVALID_LIST_QUERY_MESSAGE = "Los filtros de la lista no son válidos.";

/** A positive integer written in a query string, within `max`, or absent. */
const queryInt = (message: string, max: number) =>
  Schema.optional(
    Schema.transform(
      Schema.String.annotations({ message: () => message }).pipe(
        Schema.maxLength(10, { message: () => message }),
        Schema.pattern(/^[1-9]\d*$/, { message: () => message }),
        Schema.filter((value) => Number(value) <= max, { message: () => message }),
      ),
      Schema.Int,
      { strict: true, decode: (value) => Number(value), encode: (value) => String(value) },
    ),
  );

/**
 * GET /access_requests: `side` incoming (to the caller's companies),
 * outgoing (the caller's own as a buyer) or all (admins only); absent: every
 * request the caller is a party to (an admin: all). Newest first.
 */
export const AccessRequestListQuery = Schema.Struct({
  side: Schema.optional(Schema.Literal("incoming", "outgoing", "all").annotations(choiceMessage(INVALID_LIST_QUERY_MESSAGE))),
  company_id: queryInt(INVALID_LIST_QUERY_MESSAGE, POSTGRES_INT_MAX),
  status: Schema.optional(AccessRequestStatus.annotations(choiceMessage(INVALID_LIST_QUERY_MESSAGE))),
  page: queryInt(INVALID_LIST_QUERY_MESSAGE, QUERY_PAGE_MAX),
  per_page: queryInt(INVALID_LIST_QUERY_MESSAGE, ACCESS_REQUEST_MAX_PAGE_SIZE),
});
export type AccessRequestListQuery = typeof AccessRequestListQuery.Type;

// --- Threads ------------------------------------------------------------------------------------

export const DealMessage = Schema.Struct({
  id: Schema.Int,
  body: Schema.String,
  created_at: Schema.String,
  sender_role: DealRole,
  sender_name: Schema.String,
  is_mine: Schema.Boolean,
  /** When the other party read it (null: not yet). */
  read_at: Schema.NullOr(Schema.String),
});
export type DealMessage = typeof DealMessage.Type;

/** At most this many messages are answered, the newest; older ones stay stored. */
export const THREAD_MAX_MESSAGES = 500;

export const DealMessageList = Schema.Struct({ items: Schema.Array(DealMessage) });
export type DealMessageList = typeof DealMessageList.Type;

export const CreateDealMessage = Schema.Struct({
  body: boundedText(DEAL_ROOM_MESSAGES.messageBody, DEAL_MESSAGE_MAX_LENGTH, DEAL_ROOM_MESSAGES.messageTooLong),
});
export type CreateDealMessage = typeof CreateDealMessage.Type;

// --- Community figures (the home page's counters) ---------------------------------------------

/** Connections made (requests ever approved) and letters of intent sent, counted from the records. */
export const CommunityStats = Schema.Struct({
  connections: Schema.Int,
  letters_of_intent: Schema.Int,
});
export type CommunityStats = typeof CommunityStats.Type;

// --- Endpoints ---------------------------------------------------------------------------------

const requestNotFound = { status: 404, message: DEAL_ROOM_MESSAGES.requestNotFound } as const;

/** GET /nda: the current standard NDA (public). */
export const getNdaEndpoint = defineEndpoint({
  method: "GET",
  path: "/nda",
  summary: "The current standard confidentiality agreement: version, effective date and text (public).",
  access: { who: "anyone" },
  response: Nda,
});

/** POST /companies/{id}/access_requests: a verified buyer accepts the NDA and asks for the full profile. */
export const createAccessRequestEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/access_requests",
  summary: "A verified buyer accepts the current NDA and asks a listed company for its full profile (one open request per buyer and company).",
  // Who may ask (a verified buyer, never the owner) is the deal room's rule, answered after the company is found.
  access: { who: "signedIn", company: "listed" },
  params: CompanyIdParams,
  body: CreateAccessRequest,
  response: AccessRequest,
  status: 201,
  errors: {
    notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE },
    ndaOutdated: { status: 400, message: DEAL_ROOM_MESSAGES.ndaOutdated },
    notBuyer: { status: 403, message: DEAL_ROOM_MESSAGES.notBuyer },
    emailUnverified: { status: 403, message: DEAL_ROOM_MESSAGES.emailUnverified },
    ownCompany: { status: 409, message: DEAL_ROOM_MESSAGES.ownCompany },
    openRequest: { status: 409, message: DEAL_ROOM_MESSAGES.openRequest },
    coolingOff: { status: 409, message: DEAL_ROOM_MESSAGES.coolingOff },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyRequests },
  },
});

/** GET /access_requests: the caller's incoming and own requests (an admin's: all), newest first. */
export const listAccessRequestsEndpoint = defineEndpoint({
  method: "GET",
  path: "/access_requests",
  summary: "Access requests the caller is a party to (incoming to their companies, their own as a buyer); all of them for an admin.",
  // Each caller the requests they are a party to; `side=all` for admins only (the handler).
  access: { who: "signedIn" },
  query: AccessRequestListQuery,
  response: AccessRequestList,
  errors: { adminOnly: { status: 403, message: "Solo un administrador puede ver todas las solicitudes." } },
});

/** GET /access_requests/{id}: one request, for its two parties and admins. */
export const getAccessRequestEndpoint = defineEndpoint({
  method: "GET",
  path: "/access_requests/:id",
  summary: "One access request, for the buyer, the company's owner or an admin.",
  access: { who: "dealParty", parties: ["buyer", "seller", "admin"] },
  params: AccessRequestIdParams,
  response: AccessRequest,
  errors: { notFound: requestNotFound },
});

/** PATCH /access_requests/{id}: the company's owner or an admin approves, rejects or revokes. */
export const decideAccessRequestEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/access_requests/:id",
  summary: "Approve, reject or revoke an access request (the company's owner or an admin); the buyer is e-mailed.",
  access: { who: "dealParty", parties: ["seller", "admin"] },
  params: AccessRequestIdParams,
  body: DecideAccessRequest,
  response: AccessRequest,
  errors: {
    notFound: requestNotFound,
    notAllowed: { status: 409, message: DEAL_ROOM_MESSAGES.transitionNotAllowed },
    endsPast: { status: 400, message: DEAL_ROOM_MESSAGES.accessEndsPast },
    endsOnlyApproval: { status: 400, message: DEAL_ROOM_MESSAGES.accessEndsOnlyApproval },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyDecisions },
  },
});

/** PUT /access_requests/{id}/access_end: the company's owner or an admin moves the end of an approved request later, or removes it (a lapsed one regains access). */
export const setAccessEndEndpoint = defineEndpoint({
  method: "PUT",
  path: "/access_requests/:id/access_end",
  summary: "Set a later end of access, or remove it, on an approved (or lapsed) access request (the company's owner or an admin).",
  access: { who: "dealParty", parties: ["seller", "admin"] },
  params: AccessRequestIdParams,
  body: SetAccessEnd,
  response: AccessRequest,
  errors: {
    notFound: requestNotFound,
    notAllowed: { status: 409, message: DEAL_ROOM_MESSAGES.accessEndNotAllowed },
    past: { status: 400, message: DEAL_ROOM_MESSAGES.accessEndsPast },
    notLater: { status: 400, message: DEAL_ROOM_MESSAGES.accessEndsNotLater },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyDecisions },
  },
});

/** POST /access_requests/{id}/nda_acceptances: the buyer accepts the NDA's current version (after it changed). */
export const acceptNdaEndpoint = defineEndpoint({
  method: "POST",
  path: "/access_requests/:id/nda_acceptances",
  summary: "The request's buyer accepts the current NDA version (needed to see the full profile again after the NDA changed).",
  access: { who: "dealParty", parties: ["buyer"] },
  params: AccessRequestIdParams,
  body: AcceptNdaRequest,
  response: AccessRequest,
  status: 201,
  errors: {
    notFound: requestNotFound,
    ndaOutdated: { status: 400, message: DEAL_ROOM_MESSAGES.ndaOutdated },
    alreadyCurrent: { status: 409, message: DEAL_ROOM_MESSAGES.ndaAlreadyCurrent },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyRequests },
  },
});

/** GET /access_requests/{id}/messages: the private thread (parties and admins); marks the other party's messages read. */
export const listDealMessagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/access_requests/:id/messages",
  summary: "The private thread of an approved request, oldest first; reading marks the other party's messages as read.",
  access: { who: "dealParty", parties: ["buyer", "seller", "admin"] },
  params: AccessRequestIdParams,
  response: DealMessageList,
  errors: { notFound: requestNotFound, closed: { status: 409, message: DEAL_ROOM_MESSAGES.threadClosed } },
});

/** POST /access_requests/{id}/messages: write in the thread while the request is approved; the other party gets an e-mail notice. */
export const createDealMessageEndpoint = defineEndpoint({
  method: "POST",
  path: "/access_requests/:id/messages",
  summary: "Write to the other party of an approved request; they get an e-mail notice without the message's text.",
  access: { who: "dealParty", parties: ["buyer", "seller", "admin"] },
  params: AccessRequestIdParams,
  body: CreateDealMessage,
  response: DealMessage,
  status: 201,
  errors: {
    notFound: requestNotFound,
    closed: { status: 409, message: DEAL_ROOM_MESSAGES.threadClosed },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyMessages },
  },
});

/** GET /access_requests/{id}/letters_of_intent: every letter of the request, newest first (both parties and admins). */
export const listLettersOfIntentEndpoint = defineEndpoint({
  method: "GET",
  path: "/access_requests/:id/letters_of_intent",
  summary: "The letters of intent of a request, newest first, with their answers.",
  access: { who: "dealParty", parties: ["buyer", "seller", "admin"] },
  params: AccessRequestIdParams,
  response: LetterOfIntentList,
  errors: { notFound: requestNotFound },
});

/** POST /access_requests/{id}/letters_of_intent: the approved buyer sends a letter of intent. */
export const createLetterOfIntentEndpoint = defineEndpoint({
  method: "POST",
  path: "/access_requests/:id/letters_of_intent",
  summary: "The request's buyer, while approved, sends a letter of intent (amount > 0, MXN or USD, stake 0–100 %, terms); the owner is e-mailed.",
  access: { who: "dealParty", parties: ["buyer"] },
  params: AccessRequestIdParams,
  body: CreateLetterOfIntent,
  response: LetterOfIntent,
  status: 201,
  errors: {
    notFound: requestNotFound,
    closed: { status: 409, message: DEAL_ROOM_MESSAGES.loiClosed },
    pending: { status: 409, message: DEAL_ROOM_MESSAGES.loiPending },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyLetters },
  },
});

/** PATCH /letters_of_intent/{id}: the company's owner or an admin accepts or declines; the buyer is e-mailed. */
export const decideLetterOfIntentEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/letters_of_intent/:id",
  summary: "Accept or decline a pending letter of intent (the company's owner or an admin).",
  // The parties of the letter's request.
  access: { who: "dealParty", parties: ["seller", "admin"] },
  params: LetterOfIntentIdParams,
  body: DecideLetterOfIntent,
  response: LetterOfIntent,
  errors: {
    notFound: { status: 404, message: DEAL_ROOM_MESSAGES.loiNotFound },
    alreadyDecided: { status: 409, message: DEAL_ROOM_MESSAGES.loiAlreadyDecided },
    tooMany: { status: 429, message: DEAL_ROOM_MESSAGES.tooManyDecisions },
  },
});

/** GET /community_stats: the home page's connections and letters of intent, from the records (public). */
export const getCommunityStatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/community_stats",
  summary: "Connections made and letters of intent sent on Puente, counted from the records (public).",
  access: { who: "anyone" },
  response: CommunityStats,
});

/** Every deal-room endpoint, for ALL_ENDPOINTS. */
export const DEAL_ROOM_ENDPOINTS: ReadonlyArray<Endpoint> = [
  getNdaEndpoint,
  createAccessRequestEndpoint,
  listAccessRequestsEndpoint,
  getAccessRequestEndpoint,
  decideAccessRequestEndpoint,
  setAccessEndEndpoint,
  acceptNdaEndpoint,
  listDealMessagesEndpoint,
  createDealMessageEndpoint,
  listLettersOfIntentEndpoint,
  createLetterOfIntentEndpoint,
  decideLetterOfIntentEndpoint,
  getCommunityStatsEndpoint,
];
