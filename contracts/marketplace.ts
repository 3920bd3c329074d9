import { Schema } from "effect";
import { CatalogueItem } from "./catalogues.ts";
import { COMPANY_NOT_FOUND_MESSAGE, CompanyIdParams, PublicCompanyProfile } from "./companies.ts";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText, requiredEmail, requiredText } from "./fields.ts";
import { INTEREST_MESSAGES, INTEREST_SUMMARY_MAX_LENGTH, invalidFilterMessage, MAX_PAGE, type FilterKey } from "./marketplace-constants.ts";
import { INVALID_PAGE_MESSAGE, INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE, positiveIntParam, searchText } from "./list-query.ts";

/**
 * The marketplace: the listing with its filters and search (GET /companies),
 * a listed company's profile as its viewer may see it (GET /companies/{id})
 * and the interest message (POST /companies/{id}/interest_messages).
 *
 * Confidentiality: the listing card and the public profile never carry the
 * company's name, legal or commercial name, RFC, website, contact or owner;
 * the full profile is only for an approved buyer, the owner or an admin.
 */

// --- Marketplace filters (GET /companies) -------------------------------------

export {
  ACCESS_REQUEST_COOLING_OFF_DAYS,
  FILTER_CATALOGUES,
  FILTER_KEYS,
  FILTER_LABELS,
  INTEREST_MESSAGES,
  INTEREST_SUMMARY_MAX_LENGTH,
  MAX_PAGE,
  TOTAL_COUNT_CAP,
  invalidFilterMessage,
  type FilterKey,
} from "./marketplace-constants.ts";

const filterParam = (key: FilterKey) => positiveIntParam(invalidFilterMessage(key));

/** Query of GET /companies: every filter optional; `q` trimmed and at most 100 characters. */
export const CompanyListQuery = Schema.Struct({
  state_id: filterParam("state_id"),
  industry_id: filterParam("industry_id"),
  sales_range_id: filterParam("sales_range_id"),
  interest_id: filterParam("interest_id"),
  company_type_id: filterParam("company_type_id"),
  verification_level_id: filterParam("verification_level_id"),
  ebitda_id: filterParam("ebitda_id"),
  q: searchText,
  page: positiveIntParam(INVALID_PAGE_MESSAGE, MAX_PAGE),
  per_page: positiveIntParam(INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE),
});
export type CompanyListQuery = typeof CompanyListQuery.Type;

/** Spec section 3, "Company listing card", plus the industries. */
export const CompanyCard = Schema.Struct({
  id: Schema.Int,
  human_id: Schema.String,
  picture_url: Schema.NullOr(Schema.String),
  short_description: Schema.NullOr(Schema.String),
  verification_level: CatalogueItem,
  company_type: Schema.NullOr(CatalogueItem),
  state: Schema.NullOr(CatalogueItem),
  yearly_sales_range: Schema.NullOr(CatalogueItem),
  ebitda_range: Schema.NullOr(CatalogueItem),
  interests: Schema.Array(CatalogueItem),
  industries: Schema.Array(CatalogueItem),
});
export type CompanyCard = typeof CompanyCard.Type;

export const CompanyListResponse = Schema.Struct({
  items: Schema.Array(CompanyCard),
  /** Matches counted up to TOTAL_COUNT_CAP; `total_capped` says there are more. */
  total: Schema.Int,
  total_capped: Schema.Boolean,
  page: Schema.Int,
  per_page: Schema.Int,
});
export type CompanyListResponse = typeof CompanyListResponse.Type;
// --- What the viewer of a profile may do and see (the deal room, issue 16) ----------------

/**
 * An access request's lifecycle (machines/deal-room/access-request.machine.ts): pending until the
 * company's owner (or an admin) approves or rejects it; an approval can be
 * revoked. Rejected and revoked are final for that request.
 */
export const ACCESS_REQUEST_STATUSES = ["pending", "approved", "rejected", "revoked"] as const;
export const AccessRequestStatus = Schema.Literal(...ACCESS_REQUEST_STATUSES);
export type AccessRequestStatus = typeof AccessRequestStatus.Type;

/**
 * Why the viewer cannot ask for access right now:
 * - `sign_in`: nobody is signed in;
 * - `not_buyer`: the account has no buyer profile (a seller or an admin);
 * - `own_company`: the viewer owns the company;
 * - `email_unverified`: a buyer who has not verified their e-mail yet (decision 023);
 * - `open_request`: a request of theirs is pending or approved;
 * - `cooling_off`: their last request was rejected or revoked less than
 *   ACCESS_REQUEST_COOLING_OFF_DAYS ago (`request_again_at` says until when).
 */
export const AccessBlock = Schema.Literal("sign_in", "not_buyer", "own_company", "email_unverified", "open_request", "cooling_off");
export type AccessBlock = typeof AccessBlock.Type;


/** The viewer's latest request for this company, as the profile page needs it. */
export const ViewerRequest = Schema.Struct({
  id: Schema.Int,
  status: AccessRequestStatus,
  created_at: Schema.String,
  /** The NDA version the buyer accepted for this request. */
  nda_version: Schema.String,
  /** False when the NDA changed since: the buyer accepts the new version before seeing the full profile again. */
  nda_current: Schema.Boolean,
});
export type ViewerRequest = typeof ViewerRequest.Type;

export const ViewerAccess = Schema.Struct({
  request: Schema.NullOr(ViewerRequest),
  can_request: Schema.Boolean,
  /** Null exactly when `can_request`. */
  blocked_reason: Schema.NullOr(AccessBlock),
  /** With `cooling_off`: from when a new request is accepted (ISO date-time). */
  request_again_at: Schema.NullOr(Schema.String),
});
export type ViewerAccess = typeof ViewerAccess.Type;

/** A data-room document the owner shared with approved buyers. */
export const SharedDocument = Schema.Struct({
  id: Schema.Int,
  /** One of contracts/data-room.ts DATA_ROOM_CATEGORIES. */
  category: Schema.String,
  filename: Schema.String,
  content_type: Schema.String,
  size_bytes: Schema.Int,
  created_at: Schema.String,
  /** Whether the buyer may download it too (decision 051); it is always read in Puente's viewer. */
  download_allowed: Schema.Boolean,
});
export type SharedDocument = typeof SharedDocument.Type;

/** The owner's financial answers (company record and onboarding step 7), all amounts in MXN. */
export const FullFinancials = Schema.Struct({
  ebitda: Schema.NullOr(Schema.Number),
  yearly_sales: Schema.NullOr(Schema.Number),
  ebitda_margin: Schema.NullOr(Schema.Number),
  second_last_year_yearly_sales: Schema.NullOr(Schema.Number),
  second_last_year_ebitda_margin: Schema.NullOr(Schema.Number),
  estimate_yearly_sales: Schema.NullOr(Schema.Number),
  /** contracts/onboarding.ts FINANCIAL_RECORDS_STATES, or null. */
  financial_records_state: Schema.NullOr(Schema.String),
});
export type FullFinancials = typeof FullFinancials.Type;

/**
 * The full profile: who the company is, how to reach it, its full financials
 * and the documents shared with approved buyers. Only for its owner, admins,
 * and a buyer whose request is approved and whose accepted NDA is current.
 */
export const ConfidentialProfile = Schema.Struct({
  name: Schema.String,
  /** The descriptions as the seller wrote them: the public ones have names and contact details masked (contracts/confidential-text.ts). */
  short_description: Schema.NullOr(Schema.String),
  long_description: Schema.NullOr(Schema.String),
  legal_name: Schema.NullOr(Schema.String),
  comercial_name: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  contact: Schema.Struct({
    name: Schema.NullOr(Schema.String),
    email: Schema.NullOr(Schema.String),
    phone: Schema.NullOr(Schema.String),
  }),
  financials: FullFinancials,
  shared_documents: Schema.Array(SharedDocument),
});
export type ConfidentialProfile = typeof ConfidentialProfile.Type;

/**
 * GET /companies/{id}: the public profile, what the viewer may do about
 * access, and the full profile when the product rules let them see it
 * (null for everyone else: visitors, other buyers, a revoked buyer).
 */
export const CompanyProfileView = Schema.Struct({
  ...PublicCompanyProfile.fields,
  viewer_access: ViewerAccess,
  confidential: Schema.NullOr(ConfidentialProfile),
});
export type CompanyProfileView = typeof CompanyProfileView.Type;
// --- Interest message (POST /companies/{id}/interest_messages) ------------------------


/** Spec section 3, "Interest message": name, email, human_id, summary. Empty text is never sent. */
export const InterestMessageRequest = Schema.Struct({
  name: boundedText(INTEREST_MESSAGES.name, 120, INTEREST_MESSAGES.nameTooLong),
  email: requiredEmail(INTEREST_MESSAGES.email),
  human_id: requiredText(INTEREST_MESSAGES.humanId),
  summary: boundedText(INTEREST_MESSAGES.summary, INTEREST_SUMMARY_MAX_LENGTH, INTEREST_MESSAGES.summaryTooLong),
});
export type InterestMessageRequest = typeof InterestMessageRequest.Type;

export const InterestMessageResponse = Schema.Struct({
  id: Schema.Int,
});
export type InterestMessageResponse = typeof InterestMessageResponse.Type;
// --- Endpoints -------------------------------------------------------------------------

const notFound = { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } as const;

/** GET /companies: the marketplace (public): listed companies as cards, never names or contacts. */
export const listCompaniesEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies",
  summary: "The marketplace listing: filters, search and paging; cards without names.",
  access: { who: "anyone" },
  query: CompanyListQuery,
  response: CompanyListResponse,
});

/** GET /companies?is_dashboard=true: the caller's companies (all of them for an admin), with names. *//**
 * GET /companies/{id}: a listed company's public profile, the viewer's access
 * and, only for an approved buyer (or the owner, or an admin), the full profile.
 * Each call by someone other than the owner or an admin counts as a profile view.
 */
export const getCompanyEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id",
  summary: "A listed company's public profile; the full profile (name, contact, financials, shared documents) only for an approved buyer, the owner or an admin.",
  // The full profile only for its owner, an admin or an approved buyer (the handler); an unlisted company is missing even to its owner.
  access: { who: "anyone", company: "listed" },
  params: CompanyIdParams,
  response: CompanyProfileView,
  errors: { notFound },
});
/** POST /companies/{id}/interest_messages: a signed-in user writes to a listed company. */
export const createInterestMessageEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/interest_messages",
  summary: "Send an interest message to a listed company's contact.",
  access: { who: "signedIn", company: "listed" },
  params: CompanyIdParams,
  body: InterestMessageRequest,
  response: InterestMessageResponse,
  status: 201,
  errors: {
    notFound,
    humanIdMismatch: { status: 400, message: INTEREST_MESSAGES.humanIdMismatch },
    ownCompany: { status: 400, message: INTEREST_MESSAGES.ownCompany },
    tooMany: { status: 429, message: INTEREST_MESSAGES.tooMany },
  },
});
