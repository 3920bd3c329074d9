import type { CataloguePath } from "../../../../contracts/catalogues.ts";
import type { CompanyRecord } from "../../../../contracts/companies.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import { formatAmount, parseAmountInput } from "../../../lib/amount-input.ts";

/**
 * The company form's values and the wire body (spec sections 2, 3 and 5):
 * a record becomes the values the form shows, the values become the body it
 * sends. Pure, so the round trip (body → server → record → values → body)
 * is tested without a browser (tests/server/company-form-round-trip.test.ts).
 */

/** Catalogue ids are part of the contract (docs/decisions/003): 1 is México, 'Created' and 'Pendiente' (spec section 4's defaults). */
const MEXICO_COUNTRY_ID = 1;
const CREATED_STATUS_ID = 1;
const PENDING_VERIFICATION_ID = 1;
export type SelectKey =
  | "company_type_id"
  | "state_id"
  | "country_id"
  | "ebitda_range_id"
  | "yearly_sales_range_id"
  | "user_company_role_id"
  | "society_id"
  | "tax_system_id"
  | "company_status_id"
  | "verification_level_id";

export type TextKey =
  | "name"
  | "website"
  | "foundation_date"
  | "headcount"
  | "short_description"
  | "legal_name"
  | "comercial_name"
  | "contact_name"
  | "contact_email"
  | "contact_phone"
  | "long_description"
  | "ebitda"
  | "ebitda_margin"
  | "yearly_sales"
  | "funding_round"
  | "average_yearly_growth";

export type CompanyFormValues = Record<TextKey, string> & Record<SelectKey, number | null> & {
  readonly industry_ids: ReadonlyArray<number>;
  readonly interest_ids: ReadonlyArray<number>;
};

export interface SelectSpec {
  readonly key: SelectKey;
  /** The label the seller reads, about their own company. */
  readonly label: string;
  /** The label an admin reads, who registers or edits a company for someone else (when the seller's would say "tu"). */
  readonly adminLabel?: string;
  readonly catalogue: CataloguePath;
  readonly adminOnly?: boolean;
}

/** The label of `select` for this reader: an admin's form never says "Tu rol". */
export const selectLabel = (select: { readonly label: string; readonly adminLabel?: string }, isAdmin: boolean): string =>
  isAdmin ? (select.adminLabel ?? select.label) : select.label;

export const SELECTS: ReadonlyArray<SelectSpec> = [
  { key: "company_type_id", label: "Tipo de empresa", catalogue: "company_types" },
  { key: "state_id", label: "Estado", catalogue: "states" },
  { key: "country_id", label: "País", catalogue: "countries" },
  { key: "user_company_role_id", label: "Tu rol en la empresa", adminLabel: "Rol del contacto en la empresa", catalogue: "user_company_roles" },
  { key: "ebitda_range_id", label: "Rango de EBITDA anual", catalogue: "ebitda_ranges" },
  { key: "yearly_sales_range_id", label: "Rango de ventas anuales", catalogue: "yearly_sales_ranges" },
  { key: "society_id", label: "Tipo de sociedad", catalogue: "societies" },
  { key: "tax_system_id", label: "Régimen fiscal", catalogue: "tax-systems" },
  { key: "company_status_id", label: "Estatus", catalogue: "company_statuses", adminOnly: true },
  { key: "verification_level_id", label: "Nivel de verificación", catalogue: "verification_levels", adminOnly: true },
];

export const MULTI = [
  { key: "industry_ids", label: "Industrias", catalogue: "industries" },
  { key: "interest_ids", label: "¿Qué te interesa?", adminLabel: "¿Qué le interesa a la empresa?", catalogue: "interests" },
] as const satisfies ReadonlyArray<{ key: "industry_ids" | "interest_ids"; label: string; adminLabel?: string; catalogue: CataloguePath }>;

export const CATALOGUES: ReadonlyArray<CataloguePath> = [...SELECTS.map((select) => select.catalogue), ...MULTI.map((multi) => multi.catalogue)];

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/** The amounts an admin edits, shown in the currency format (spec section 5); the funding round is labelled USD with the same format. */
export const AMOUNT_FIELDS = [
  { key: "ebitda", label: "EBITDA (MXN)" },
  { key: "yearly_sales", label: "Ventas anuales (MXN)" },
  { key: "funding_round", label: "Ronda de inversión (USD)" },
] as const satisfies ReadonlyArray<{ key: TextKey; label: string }>;

export const PERCENT_FIELDS = [
  { key: "ebitda_margin", label: "Margen de EBITDA" },
  { key: "average_yearly_growth", label: "Crecimiento anual promedio, 3 años" },
] as const satisfies ReadonlyArray<{ key: TextKey; label: string }>;

/** Who the contact of a new company is: the signed-in seller; nobody yet when an admin registers a company for someone. */
export type ContactPrefill = { readonly name: string | null; readonly email: string | null; readonly phone: string | null } | null;

/** The form's starting values: the record when editing, else empty with `contact` (the seller's own account) as contact. */
export function initialCompanyValues(record: CompanyRecord | null, contact: ContactPrefill): CompanyFormValues {
  return {
    name: text(record?.name),
    website: text(record?.website),
    foundation_date: text(record?.foundation_date),
    headcount: text(record?.headcount),
    short_description: text(record?.short_description),
    legal_name: text(record?.legal_name),
    comercial_name: text(record?.comercial_name),
    contact_name: text(record === null ? contact?.name : record.contact.name),
    contact_email: text(record === null ? contact?.email : record.contact.email),
    contact_phone: text(record === null ? contact?.phone : record.contact.phone),
    long_description: text(record?.long_description),
    ebitda: formatAmount(record?.ebitda),
    ebitda_margin: text(record?.ebitda_margin),
    yearly_sales: formatAmount(record?.yearly_sales),
    funding_round: formatAmount(record?.funding_round),
    average_yearly_growth: text(record?.average_yearly_growth),
    company_type_id: record?.company_type_id ?? null,
    state_id: record?.state_id ?? null,
    country_id: record === null ? MEXICO_COUNTRY_ID : record.country_id,
    ebitda_range_id: record?.ebitda_range_id ?? null,
    yearly_sales_range_id: record?.yearly_sales_range_id ?? null,
    user_company_role_id: record?.user_company_role_id ?? null,
    society_id: record?.society_id ?? null,
    tax_system_id: record?.tax_system_id ?? null,
    company_status_id: record === null ? CREATED_STATUS_ID : record.company_status_id,
    verification_level_id: record === null ? PENDING_VERIFICATION_ID : record.verification_level_id,
    industry_ids: record?.industry_ids ?? [],
    interest_ids: record?.interest_ids ?? [],
  };
}

/** Typed text to a number: blank is null, anything else must read as a number (the schema says what is wrong). */
const numberOrNull = parseAmountInput;
const textOrNull = (value: string): string | null => (value.trim() === "" ? null : value);

/** The wire body from the values: seller fields always, admin-only fields for admins, the contact when it may be sent. */
export function companyBodyOf(values: CompanyFormValues, options: { readonly isAdmin: boolean; readonly sendContact: boolean }) {
  const body: Record<string, unknown> = {
    name: values.name,
    website: textOrNull(values.website),
    foundation_date: numberOrNull(values.foundation_date),
    headcount: numberOrNull(values.headcount),
    short_description: textOrNull(values.short_description),
    legal_name: textOrNull(values.legal_name),
    comercial_name: textOrNull(values.comercial_name),
    industry_ids: values.industry_ids,
    interest_ids: values.interest_ids,
    company_type_id: values.company_type_id,
    state_id: values.state_id,
    country_id: values.country_id,
    ebitda_range_id: values.ebitda_range_id,
    yearly_sales_range_id: values.yearly_sales_range_id,
    user_company_role_id: values.user_company_role_id,
    society_id: values.society_id,
    tax_system_id: values.tax_system_id,
  };
  if (options.sendContact) body["contact"] = { name: values.contact_name, email: values.contact_email.trim().toLowerCase(), phone: textOrNull(values.contact_phone) };
  if (options.isAdmin) {
    if (values.company_status_id !== null) body["company_status_id"] = values.company_status_id;
    if (values.verification_level_id !== null) body["verification_level_id"] = values.verification_level_id;
    body["long_description"] = textOrNull(values.long_description);
    body["ebitda"] = numberOrNull(values.ebitda);
    body["ebitda_margin"] = numberOrNull(values.ebitda_margin);
    body["yearly_sales"] = numberOrNull(values.yearly_sales);
    body["funding_round"] = numberOrNull(values.funding_round);
    body["average_yearly_growth"] = numberOrNull(values.average_yearly_growth);
  }
  return body;
}


const CONTACT_FIELDS = { name: "contact_name", email: "contact_email", phone: "contact_phone" } as const;

/**
 * The contact's messages under its own fields. The request's schema reports
 * the nested contact as one field (`contact`, its first message);
 * `contactErrors` are the contact validated alone (keyed name, email,
 * phone), so every contact field that is wrong says so at once: a missing
 * name and a missing e-mail are both shown (spec section 5: both required).
 */
export function withContactFieldErrors(errors: FieldErrors, contactErrors: FieldErrors): FieldErrors {
  const { contact, ...rest } = errors;
  if (contact === undefined) return errors;
  const mapped: Record<string, string> = {};
  for (const [key, field] of Object.entries(CONTACT_FIELDS)) {
    const message = contactErrors[key];
    if (message !== undefined) mapped[field] = message;
  }
  // The contact as a whole was refused (not an object): its message goes under the name.
  return { ...rest, ...(Object.keys(mapped).length === 0 ? { contact_name: contact } : mapped) };
}
