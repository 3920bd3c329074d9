import { Schema } from "effect";
import { CatalogueItem, type CataloguePath } from "./catalogues.ts";
import { defineEndpoint } from "./endpoint.ts";
import { EARLIEST_FOUNDATION_YEAR, FOUNDATION_YEAR_INVALID, HEADCOUNT_MIN, MAX_HEADCOUNT } from "./registration.ts";
import { boundedText, idFromPathParam, pageOf, positiveId, POSTGRES_INT_MAX, requiredEmail, requiredText, trimmedString } from "./fields.ts";

/**
 * Companies: the marketplace listing (GET /companies), a company's public
 * profile and owner/admin record (GET /companies/{id}), the owner/admin list
 * (GET /companies?is_dashboard=true) and the interest message
 * (POST /companies/{id}/interest_messages).
 *
 * Confidentiality: the listing card and the public profile never carry the
 * company's name, legal or commercial name, RFC, website, contact or owner.
 * Only the owner and admins get `CompanyRecord`.
 */

// --- Marketplace filters (GET /companies) -------------------------------------

/** The longest search text accepted (longer is a 400). */
export const SEARCH_MAX_LENGTH = 100;
/** Cards per page: the default, and the most a client may ask for. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
/** Totals are counted up to this many matches; past it the answer says "more than". */
export const TOTAL_COUNT_CAP = 1000;
export const MAX_PAGE = 100;

/** The spec's filter parameters and the Spanish name of each, for messages. */
export const FILTER_LABELS = {
  state_id: "estado",
  industry_id: "industria",
  sales_range_id: "rango de ventas",
  interest_id: "interés",
  company_type_id: "tipo de empresa",
  verification_level_id: "nivel de verificación",
  ebitda_id: "rango de EBITDA",
} as const;
export type FilterKey = keyof typeof FILTER_LABELS;
export const FILTER_KEYS: ReadonlyArray<FilterKey> = [
  "state_id",
  "industry_id",
  "sales_range_id",
  "interest_id",
  "company_type_id",
  "verification_level_id",
  "ebitda_id",
];

/** The catalogue each filter's ids come from: the server refuses an id not in it, the app shows the id's name from it. */
export const FILTER_CATALOGUES: Readonly<Record<FilterKey, CataloguePath>> = {
  state_id: "states",
  industry_id: "industries",
  sales_range_id: "yearly_sales_ranges",
  interest_id: "interests",
  company_type_id: "company_types",
  verification_level_id: "verification_levels",
  ebitda_id: "ebitda_ranges",
};

export const invalidFilterMessage = (key: FilterKey): string => `El filtro de ${FILTER_LABELS[key]} no es válido.`;
export const SEARCH_TOO_LONG_MESSAGE = `La búsqueda no puede tener más de ${SEARCH_MAX_LENGTH} caracteres.`;
export const INVALID_SEARCH_MESSAGE = "La búsqueda no es válida: escribe un solo texto.";
export const INVALID_PAGE_MESSAGE = "La página solicitada no es válida.";
export const INVALID_PAGE_SIZE_MESSAGE = `El número de resultados por página debe estar entre 1 y ${MAX_PAGE_SIZE}.`;

/** Empty, or up to ten digits without a leading zero. */
export const QUERY_INT_PATTERN = /^(|[1-9]\d{0,9})$/;

/** A positive integer written in a query string ("12"), or absent/empty. */
const positiveIntParam = (message: string, max = POSTGRES_INT_MAX) =>
  Schema.optional(
    Schema.transform(
      Schema.String.annotations({ message: () => message }).pipe(
        Schema.pattern(QUERY_INT_PATTERN, { message: () => message }),
        Schema.filter((value) => value === "" || Number(value) <= max, { message: () => message }),
      ),
      Schema.UndefinedOr(Schema.Int),
      {
        strict: true,
        decode: (value) => (value === "" ? undefined : Number(value)),
        encode: (value) => (value === undefined ? "" : String(value)),
      },
    ),
  );

const filterParam = (key: FilterKey) => positiveIntParam(invalidFilterMessage(key));

/** The search text: optional, trimmed, at most SEARCH_MAX_LENGTH characters. */
const searchText = Schema.optional(
  // Not a string (`?q=a&q=b` arrives as a list): say so, not that it is too long.
  trimmedString(INVALID_SEARCH_MESSAGE).pipe(Schema.maxLength(SEARCH_MAX_LENGTH, { message: () => SEARCH_TOO_LONG_MESSAGE })),
);

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

// --- One company (GET /companies/{id}) ------------------------------------------

export const INVALID_COMPANY_ID_MESSAGE = "El identificador de la empresa no es válido.";
export const COMPANY_NOT_FOUND_MESSAGE = "La empresa no existe.";

/** A company's id (companies.id). */
export const CompanyId = positiveId("CompanyId", INVALID_COMPANY_ID_MESSAGE);
export type CompanyId = typeof CompanyId.Type;

/** `/companies/:id`: the id decoded from the path, branded. */
export const CompanyIdParams = Schema.Struct({ id: idFromPathParam(CompanyId, INVALID_COMPANY_ID_MESSAGE) });

/** `?is_dashboard=true` asks for the owner/admin view of the same path. */
const DASHBOARD = { is_dashboard: "true" } as const;

/**
 * The public profile a visitor or buyer sees (spec "Company profile"),
 * without name, legal/commercial name, RFC, website, contact or owner.
 */
export const PublicCompanyProfile = Schema.Struct({
  id: Schema.Int,
  human_id: Schema.String,
  picture_url: Schema.NullOr(Schema.String),
  short_description: Schema.NullOr(Schema.String),
  long_description: Schema.NullOr(Schema.String),
  foundation_date: Schema.NullOr(Schema.Int),
  headcount: Schema.NullOr(Schema.Int),
  ebitda_margin: Schema.NullOr(Schema.Number),
  yearly_sales: Schema.NullOr(Schema.Number),
  funding_round: Schema.NullOr(Schema.Number),
  average_yearly_growth: Schema.NullOr(Schema.Number),
  company_type: Schema.NullOr(CatalogueItem),
  state: Schema.NullOr(CatalogueItem),
  country: Schema.NullOr(CatalogueItem),
  verification_level: CatalogueItem,
  ebitda_range: Schema.NullOr(CatalogueItem),
  yearly_sales_range: Schema.NullOr(CatalogueItem),
  /** The owner's role in the company ("Fundador"), never who they are. */
  company_role: Schema.NullOr(CatalogueItem),
  interests: Schema.Array(CatalogueItem),
  industries: Schema.Array(CatalogueItem),
});
export type PublicCompanyProfile = typeof PublicCompanyProfile.Type;

export const CompanyContact = Schema.Struct({
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
});

// --- What the viewer of a profile may do and see (the deal room, issue 16) ----------------

/**
 * An access request's lifecycle (machines/access-request): pending until the
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

/** After a rejection or a revocation, the same buyer may ask the same company again after this many days. */
export const ACCESS_REQUEST_COOLING_OFF_DAYS = 30;

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
  /** One of contracts/dataroom.ts DATAROOM_CATEGORIES. */
  category: Schema.String,
  filename: Schema.String,
  content_type: Schema.String,
  size_bytes: Schema.Int,
  created_at: Schema.String,
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

/** The whole record (spec "Company (form and profile)"), for its owner and admins only. */
export const CompanyRecord = Schema.Struct({
  ...PublicCompanyProfile.fields,
  name: Schema.String,
  legal_name: Schema.NullOr(Schema.String),
  comercial_name: Schema.NullOr(Schema.String),
  rfc: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  ebitda: Schema.NullOr(Schema.Number),
  contact: CompanyContact,
  owner_user_id: Schema.NullOr(Schema.Int),
  industry_ids: Schema.Array(Schema.Int),
  interest_ids: Schema.Array(Schema.Int),
  company_type_id: Schema.NullOr(Schema.Int),
  state_id: Schema.NullOr(Schema.Int),
  country_id: Schema.NullOr(Schema.Int),
  company_status_id: Schema.Int,
  verification_level_id: Schema.Int,
  ebitda_range_id: Schema.NullOr(Schema.Int),
  yearly_sales_range_id: Schema.NullOr(Schema.Int),
  user_company_role_id: Schema.NullOr(Schema.Int),
  society_id: Schema.NullOr(Schema.Int),
  tax_system_id: Schema.NullOr(Schema.Int),
  society: Schema.NullOr(CatalogueItem),
  tax_system: Schema.NullOr(CatalogueItem),
  company_status: CatalogueItem,
  is_published: Schema.Boolean,
  is_active: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
});
export type CompanyRecord = typeof CompanyRecord.Type;

// --- Owner/admin list (GET /companies?is_dashboard=true) -----------------------------

/** Spec section 9: the admin and my-businesses tables show 10 rows per page (the server's default too). */
export const DASHBOARD_PAGE_SIZE = 10;

export const DashboardCompanyListQuery = Schema.Struct({
  q: searchText,
  page: positiveIntParam(INVALID_PAGE_MESSAGE, 100_000),
  per_page: positiveIntParam(INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE),
});

/** Spec "Admin rows" (company list row), plus what "Mis empresas" needs. */
export const DashboardCompanyRow = Schema.Struct({
  id: Schema.Int,
  human_id: Schema.String,
  name: Schema.String,
  contact_name: Schema.NullOr(Schema.String),
  state: Schema.NullOr(CatalogueItem),
  company_status: CatalogueItem,
  verification_level: CatalogueItem,
  is_published: Schema.Boolean,
  is_active: Schema.Boolean,
  created_at: Schema.String,
});
export type DashboardCompanyRow = typeof DashboardCompanyRow.Type;

export const DashboardCompanyList = pageOf(DashboardCompanyRow);
export type DashboardCompanyList = typeof DashboardCompanyList.Type;

// --- Interest message (POST /companies/{id}/interest_messages) ------------------------

export const INTEREST_SUMMARY_MAX_LENGTH = 2000;
export const INTEREST_MESSAGES = {
  name: "Debes ingresar tu nombre",
  email: "Debes ingresar tu email",
  humanId: "Falta la referencia de la empresa",
  humanIdMismatch: "La referencia no corresponde a esta empresa.",
  summary: "Debes escribir tu mensaje",
  summaryTooLong: `El mensaje no puede tener más de ${INTEREST_SUMMARY_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
  nameTooLong: "El nombre no puede tener más de 120 caracteres.",
  sent: "Mensaje de interés enviado con éxito",
  tooMany: "Enviaste demasiados mensajes de interés. Espera unos minutos e intenta de nuevo.",
  ownCompany: "No puedes enviar un mensaje de interés a tu propia empresa.",
} as const;

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
  query: CompanyListQuery,
  response: CompanyListResponse,
});

/** GET /companies?is_dashboard=true: the caller's companies (all of them for an admin), with names. */
export const listDashboardCompaniesEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies",
  fixedQuery: DASHBOARD,
  summary: "The signed-in owner's companies, or every company for an admin.",
  query: DashboardCompanyListQuery,
  response: DashboardCompanyList,
});

/**
 * GET /companies/{id}: a listed company's public profile, the viewer's access
 * and, only for an approved buyer (or the owner, or an admin), the full profile.
 * Each call by someone other than the owner or an admin counts as a profile view.
 */
export const getCompanyEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id",
  summary: "A listed company's public profile; the full profile (name, contact, financials, shared documents) only for an approved buyer, the owner or an admin.",
  params: CompanyIdParams,
  response: CompanyProfileView,
  errors: { notFound },
});

/** GET /companies/{id}?is_dashboard=true: the whole record, for its owner or an admin. */
export const getCompanyRecordEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id",
  fixedQuery: DASHBOARD,
  summary: "A company's whole record, for its owner or an admin.",
  params: CompanyIdParams,
  response: CompanyRecord,
  errors: { notFound },
});

/** POST /companies/{id}/interest_messages: a signed-in user writes to a listed company. */
export const createInterestMessageEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/interest_messages",
  summary: "Send an interest message to a listed company's contact.",
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

// --- Company writes (POST /companies, PUT /companies/{id}) ------------------------------

export const COMPANY_NAME_MAX_LENGTH = 200;
export const COMPANY_TEXT_MAX_LENGTH = 300;
export const SHORT_DESCRIPTION_MAX_LENGTH = 500;
export const LONG_DESCRIPTION_MAX_LENGTH = 10_000;
/** A company names at most this many industries or interests. */
export const MAX_COMPANY_CHOICES = 30;
/** Money amounts (MXN, USD) stay within the numeric(18,2) column. */
export const MAX_MONEY = 1_000_000_000_000_000;
/** Percentages stay within the numeric(7,2) column. */
export const MAX_PERCENT = 99_999;

export const COMPANY_MESSAGES = {
  name: "Debes ingresar un nombre",
  nameTooLong: `El nombre puede tener como máximo ${COMPANY_NAME_MAX_LENGTH} caracteres`,
  contactName: "Debes ingresar el nombre del contacto",
  contactEmail: "Debes ingresar el email del contacto",
  created: "Empresa registrada con éxito",
  updated: "Datos actualizados correctamente",
  pictureSaved: "Imagen guardada con éxito",
  invalidId: "La opción elegida no es válida.",
  tooManyChoices: `Puedes elegir como máximo ${MAX_COMPANY_CHOICES} opciones.`,
  invalidAmount: "Ingresa una cantidad válida.",
  invalidPercent: "Ingresa un porcentaje válido.",
  contactMustBeYours: "El contacto de una empresa nueva debe ser tu propia cuenta (nombre, email y teléfono).",
  contactLocked: "El nombre, el email y el teléfono del contacto no se pueden cambiar.",
  tooMany: "Guardaste demasiados cambios seguidos. Espera unos minutos e intenta de nuevo.",
  noRole: "Tu cuenta no puede registrar empresas.",
} as const;

/**
 * The company_statuses row 'Publicada' (catalogue ids are fixed, decision 003).
 * Choosing it is what puts a company on the marketplace; any other status
 * takes it off (docs/decisions/022-admin-company-form-publishing-incognito.md).
 */
export const PUBLISHED_COMPANY_STATUS_ID = 3;

/** The fields only an admin may set (spec section 6), with the Spanish name of each. */
export const ADMIN_ONLY_COMPANY_FIELDS = {
  company_status_id: "estatus",
  verification_level_id: "nivel de verificación",
  long_description: "descripción larga",
  ebitda: "EBITDA",
  ebitda_margin: "margen de EBITDA",
  yearly_sales: "ventas anuales",
  funding_round: "ronda de inversión",
  average_yearly_growth: "crecimiento anual promedio",
} as const;
export type AdminOnlyCompanyField = keyof typeof ADMIN_ONLY_COMPANY_FIELDS;

/** 403 for a non-admin who sent admin-only fields, naming them. */
export const adminOnlyFieldsMessage = (fields: ReadonlyArray<AdminOnlyCompanyField>): string =>
  `Solo un administrador puede cambiar: ${fields.map((field) => ADMIN_ONLY_COMPANY_FIELDS[field]).join(", ")}.`;

/** Optional, null clears; a string trimmed to at most `max` characters (blank is null). */
const nullableText = (max: number) =>
  Schema.optional(
    Schema.NullOr(
      Schema.transform(
        Schema.String.annotations({ message: () => "Debe ser texto" }).pipe(
          Schema.maxLength(max, { message: () => `Puede tener como máximo ${max} caracteres` }),
        ),
        Schema.NullOr(Schema.String),
        {
          strict: true,
          decode: (value) => (value.trim() === "" ? null : value.trim()),
          encode: (value) => value ?? "",
        },
      ),
    ),
  );

const catalogueId = Schema.Number.annotations({ message: () => COMPANY_MESSAGES.invalidId }).pipe(
  Schema.int({ message: () => COMPANY_MESSAGES.invalidId }),
  Schema.between(1, POSTGRES_INT_MAX, { message: () => COMPANY_MESSAGES.invalidId }),
);
const nullableId = Schema.optional(Schema.NullOr(catalogueId));
const idList = Schema.optional(
  Schema.Array(catalogueId)
    .annotations({ message: () => COMPANY_MESSAGES.invalidId })
    .pipe(Schema.maxItems(MAX_COMPANY_CHOICES, { message: () => COMPANY_MESSAGES.tooManyChoices })),
);
const boundedNumber = (min: number, max: number, message: string) =>
  Schema.optional(
    Schema.NullOr(
      Schema.Number.annotations({ message: () => message }).pipe(
        Schema.finite({ message: () => message }),
        Schema.between(min, max, { message: () => message }),
      ),
    ),
  );
const nullableInt = (min: number, max: number, message: string) =>
  Schema.optional(
    Schema.NullOr(
      Schema.Number.annotations({ message: () => message }).pipe(
        Schema.int({ message: () => message }),
        Schema.between(min, max, { message: () => message }),
      ),
    ),
  );

const companyName = trimmedString(COMPANY_MESSAGES.name).pipe(
  Schema.minLength(1, { message: () => COMPANY_MESSAGES.name }),
  Schema.maxLength(COMPANY_NAME_MAX_LENGTH, { message: () => COMPANY_MESSAGES.nameTooLong }),
);

/** The company's contact: name and email required, phone optional. */
export const CompanyContactInput = Schema.Struct({
  name: boundedText(COMPANY_MESSAGES.contactName, 120),
  email: requiredEmail(COMPANY_MESSAGES.contactEmail),
  phone: nullableText(30),
});
export type CompanyContactInput = typeof CompanyContactInput.Type;

/** What the seller's form edits (spec section 3 "Company"), every field optional. */
const sellerCompanyFields = {
  website: nullableText(COMPANY_TEXT_MAX_LENGTH),
  foundation_date: nullableInt(EARLIEST_FOUNDATION_YEAR, 2100, FOUNDATION_YEAR_INVALID),
  headcount: nullableInt(1, MAX_HEADCOUNT, HEADCOUNT_MIN),
  short_description: nullableText(SHORT_DESCRIPTION_MAX_LENGTH),
  industry_ids: idList,
  interest_ids: idList,
  company_type_id: nullableId,
  state_id: nullableId,
  country_id: nullableId,
  ebitda_range_id: nullableId,
  yearly_sales_range_id: nullableId,
  user_company_role_id: nullableId,
  legal_name: nullableText(COMPANY_TEXT_MAX_LENGTH),
  comercial_name: nullableText(COMPANY_TEXT_MAX_LENGTH),
  society_id: nullableId,
  tax_system_id: nullableId,
};

/** Spec section 6: only admins may send these (a seller sending any is a 403 naming them). */
const adminCompanyFields = {
  company_status_id: Schema.optional(catalogueId),
  verification_level_id: Schema.optional(catalogueId),
  long_description: nullableText(LONG_DESCRIPTION_MAX_LENGTH),
  ebitda: boundedNumber(-MAX_MONEY, MAX_MONEY, COMPANY_MESSAGES.invalidAmount),
  ebitda_margin: boundedNumber(-MAX_PERCENT, MAX_PERCENT, COMPANY_MESSAGES.invalidPercent),
  yearly_sales: boundedNumber(0, MAX_MONEY, COMPANY_MESSAGES.invalidAmount),
  funding_round: boundedNumber(0, MAX_MONEY, COMPANY_MESSAGES.invalidAmount),
  average_yearly_growth: boundedNumber(-MAX_PERCENT, MAX_PERCENT, COMPANY_MESSAGES.invalidPercent),
};

/** POST /companies: name and contact required; the rest optional (absent or null: empty). */
export const CompanyCreateRequest = Schema.Struct({
  name: Schema.propertySignature(companyName).annotations({ missingMessage: () => COMPANY_MESSAGES.name }),
  contact: Schema.propertySignature(CompanyContactInput.annotations({ message: () => COMPANY_MESSAGES.contactName })).annotations({
    missingMessage: () => COMPANY_MESSAGES.contactName,
  }),
  ...sellerCompanyFields,
  ...adminCompanyFields,
});
export type CompanyCreateRequest = typeof CompanyCreateRequest.Type;

/** PUT /companies/{id}: a partial update; absent is unchanged, null clears a nullable field. */
export const CompanyUpdateRequest = Schema.Struct({
  name: Schema.optional(companyName),
  contact: Schema.optional(CompanyContactInput.annotations({ message: () => COMPANY_MESSAGES.contactName })),
  ...sellerCompanyFields,
  ...adminCompanyFields,
});
export type CompanyUpdateRequest = typeof CompanyUpdateRequest.Type;

/** POST /companies answers the record, and a fresh token when the caller's roles changed (a buyer became a seller). */
export const CompanyCreateResponse = Schema.Struct({
  ...CompanyRecord.fields,
  access_token: Schema.optional(Schema.String),
});
export type CompanyCreateResponse = typeof CompanyCreateResponse.Type;

const companyWriteErrors = {
  tooMany: { status: 429, message: COMPANY_MESSAGES.tooMany },
  adminOnly: { status: 403, message: adminOnlyFieldsMessage(Object.keys(ADMIN_ONLY_COMPANY_FIELDS) as AdminOnlyCompanyField[]) },
} as const;

/** POST /companies: a seller (or a buyer, who becomes a seller) or an admin registers a company. */
export const createCompanyEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies",
  summary: "Register a company (owner: the caller); unpublished until an admin publishes it.",
  body: CompanyCreateRequest,
  response: CompanyCreateResponse,
  status: 201,
  errors: {
    ...companyWriteErrors,
    contactMustBeYours: { status: 400, message: COMPANY_MESSAGES.contactMustBeYours },
  },
});

/** PUT /companies/{id}: its owner or an admin changes a company (partial update). */
export const updateCompanyEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id",
  summary: "Change a company's fields (owner or admin); admin-only fields for admins only.",
  params: CompanyIdParams,
  body: CompanyUpdateRequest,
  response: CompanyRecord,
  errors: {
    ...companyWriteErrors,
    notFound,
    contactLocked: { status: 400, message: COMPANY_MESSAGES.contactLocked },
  },
});
