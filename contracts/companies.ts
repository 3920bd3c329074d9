import { Schema } from "effect";
import { CatalogueItem } from "./catalogues.ts";
import { defineEndpoint } from "./endpoint.ts";
import { EARLIEST_FOUNDATION_YEAR, FOUNDATION_YEAR_INVALID, HEADCOUNT_MIN, MAX_HEADCOUNT } from "./registration.ts";
import { boundedText, idFromPathParam, pageOf, positiveId, POSTGRES_INT_MAX, requiredEmail, trimmedString } from "./fields.ts";
import { INVALID_PAGE_MESSAGE, INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE, positiveIntParam, searchText } from "./list-query.ts";

/**
 * Companies: a company's identity and public fields, the owner/admin record
 * (GET /companies/{id}?is_dashboard=true), the owner/admin list
 * (GET /companies?is_dashboard=true) and the company writes (POST /companies,
 * PUT /companies/{id}). The marketplace's listing, profile view and interest
 * message are in contracts/marketplace.ts.
 *
 * Confidentiality: only the owner and admins get `CompanyRecord`.
 */

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
// --- Endpoints -------------------------------------------------------------------------

const notFound = { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } as const;
export const listDashboardCompaniesEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies",
  fixedQuery: DASHBOARD,
  summary: "The signed-in owner's companies, or every company for an admin.",
  // Each account its own companies; an admin every company.
  access: { who: "signedIn" },
  query: DashboardCompanyListQuery,
  response: DashboardCompanyList,
});
/** GET /companies/{id}?is_dashboard=true: the whole record, for its owner or an admin. */
export const getCompanyRecordEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id",
  fixedQuery: DASHBOARD,
  summary: "A company's whole record, for its owner or an admin.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: CompanyRecord,
  errors: { notFound },
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
  // Any active account; a buyer thereby becomes a seller.
  access: { who: "signedIn" },
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
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyUpdateRequest,
  response: CompanyRecord,
  errors: {
    ...companyWriteErrors,
    notFound,
    contactLocked: { status: 400, message: COMPANY_MESSAGES.contactLocked },
  },
});
