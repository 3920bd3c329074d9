import { eq } from "drizzle-orm";
import {
  ADMIN_ONLY_COMPANY_FIELDS,
  adminOnlyFieldsMessage,
  createCompanyEndpoint,
  updateCompanyEndpoint,
  type AdminOnlyCompanyField,
  type CompanyContactInput,
  type CompanyCreateRequest,
  type CompanyUpdateRequest,
} from "../../contracts/companies.ts";
import { unknownOptionMessage } from "../../contracts/registration.ts";
import { isAdmin, type SessionUser } from "../auth/authz.ts";
import { issueSessionTokenFor } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import { requireChoices, type CatalogueChoice, type CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import { DEFAULT_COMPANY_STATUS_ID, DEFAULT_VERIFICATION_LEVEL_ID, companies, companyIndustries, companyInterests, users } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";
import { fail } from "../http/router.ts";
import { createCompany } from "./create-company.ts";

/**
 * POST /companies and PUT /companies/{id} (spec sections 6 and 7). Every
 * check runs before the first write (admin-only fields, the contact, the
 * catalogue ids), and the writes of one request share one transaction.
 */

type CompanyFields = CompanyCreateRequest | CompanyUpdateRequest;

const ADMIN_FIELDS = Object.keys(ADMIN_ONLY_COMPANY_FIELDS) as ReadonlyArray<AdminOnlyCompanyField>;

/** 403 naming the admin-only fields a non-admin sent: never silently dropped. */
function refuseAdminFields(user: SessionUser, body: CompanyFields): void {
  if (isAdmin(user)) return;
  const sent = ADMIN_FIELDS.filter((field) => body[field] !== undefined);
  if (sent.length > 0) throw forbidden(adminOnlyFieldsMessage(sent));
}

/** The field labels used in "unknown option" messages (the form's Spanish labels). */
const ID_CHOICES = [
  ["company_type_id", "company_types", "Tipo de empresa"],
  ["state_id", "states", "Estado"],
  ["country_id", "countries", "País"],
  ["ebitda_range_id", "ebitda_ranges", "Rango de EBITDA"],
  ["yearly_sales_range_id", "yearly_sales_ranges", "Rango de ventas"],
  ["user_company_role_id", "user_company_roles", "Rol en la empresa"],
  ["society_id", "societies", "Sociedad"],
  ["tax_system_id", "tax-systems", "Régimen fiscal"],
  ["company_status_id", "company_statuses", "Estatus"],
  ["verification_level_id", "verification_levels", "Nivel de verificación"],
] as const satisfies ReadonlyArray<readonly [keyof CompanyFields, CatalogueChoice["catalogue"], string]>;

/** 400 naming the field of the first chosen id that is not in its catalogue. */
function checkChoices(names: CatalogueNames, body: CompanyFields): void {
  const choices: CatalogueChoice[] = [];
  for (const [field, catalogue, label] of ID_CHOICES) {
    const id = body[field];
    if (typeof id === "number") choices.push({ catalogue, id, error: unknownOptionMessage(label) });
  }
  for (const id of body.industry_ids ?? []) choices.push({ catalogue: "industries", id, error: unknownOptionMessage("Industrias") });
  for (const id of body.interest_ids ?? []) choices.push({ catalogue: "interests", id, error: unknownOptionMessage("Intereses") });
  requireChoices(names, choices);
}

const sameText = (a: string | null | undefined, b: string | null | undefined): boolean => (a ?? "").trim() === (b ?? "").trim();
const sameContact = (sent: CompanyContactInput, stored: { name: string | null; email: string | null; phone: string | null }): boolean =>
  sameText(sent.name, stored.name) &&
  (sent.email ?? "").toLowerCase() === (stored.email ?? "").toLowerCase() &&
  // A contact sent without a phone keeps the stored one.
  (sent.phone === undefined || sent.phone === null || sameText(sent.phone, stored.phone));

/** The column values of the fields present in the body (absent: unchanged; null: cleared). */
function columnsOf(body: CompanyFields): Partial<typeof companies.$inferInsert> {
  const columns: Partial<typeof companies.$inferInsert> = {};
  const set = <K extends keyof typeof companies.$inferInsert>(key: K, value: (typeof companies.$inferInsert)[K] | undefined): void => {
    if (value !== undefined) columns[key] = value;
  };
  set("name", body.name);
  set("website", body.website);
  set("foundationDate", body.foundation_date);
  set("headcount", body.headcount);
  set("shortDescription", body.short_description);
  set("longDescription", body.long_description);
  set("companyTypeId", body.company_type_id);
  set("stateId", body.state_id);
  set("countryId", body.country_id);
  set("companyStatusId", body.company_status_id);
  set("verificationLevelId", body.verification_level_id);
  set("ebitdaRangeId", body.ebitda_range_id);
  set("yearlySalesRangeId", body.yearly_sales_range_id);
  set("userCompanyRoleId", body.user_company_role_id);
  set("ebitda", body.ebitda);
  set("ebitdaMargin", body.ebitda_margin);
  set("yearlySales", body.yearly_sales);
  set("fundingRound", body.funding_round);
  set("averageYearlyGrowth", body.average_yearly_growth);
  set("legalName", body.legal_name);
  set("comercialName", body.comercial_name);
  set("societyId", body.society_id);
  set("taxSystemId", body.tax_system_id);
  return columns;
}

export interface CreateCompanyOutcome {
  readonly id: number;
  /** A fresh token when the caller's roles changed (a buyer became a seller). */
  readonly accessToken?: string;
}

/**
 * POST /companies. The caller owns the new company. A seller's contact is
 * their own account (a different one is a 400); an admin names any contact.
 * A buyer may register a company: the account gains the seller role in the
 * same transaction and gets a fresh token that says so.
 */
export async function createCompanyFor(
  db: Database,
  user: SessionUser,
  body: CompanyCreateRequest,
  names: CatalogueNames,
  tokens: TokenSettings,
): Promise<CreateCompanyOutcome> {
  refuseAdminFields(user, body);
  checkChoices(names, body);
  const [account] = await db.select({ name: users.name, email: users.email, phone: users.phone, roles: users.roles }).from(users).where(eq(users.id, user.id)).limit(1);
  if (account === undefined) throw new Error(`createCompanyFor: user ${user.id} vanished`);
  const admin = isAdmin(user);
  if (!admin && !sameContact(body.contact, account)) throw fail(createCompanyEndpoint.errors.contactMustBeYours);
  const contact = admin
    ? { contactName: body.contact.name, contactEmail: body.contact.email.toLowerCase(), contactPhone: body.contact.phone ?? null }
    : { contactName: account.name, contactEmail: account.email, contactPhone: account.phone };
  const becomesSeller = !admin && !account.roles.includes("seller");
  return db.transaction(async (tx) => {
    // The role first: if the company cannot be written, the account stays as it was.
    if (becomesSeller) await tx.update(users).set({ roles: [...account.roles, "seller"], updatedAt: new Date() }).where(eq(users.id, user.id));
    const { id } = await createCompany(tx, {
      ...columnsOf(body),
      name: body.name,
      companyStatusId: body.company_status_id ?? DEFAULT_COMPANY_STATUS_ID,
      verificationLevelId: body.verification_level_id ?? DEFAULT_VERIFICATION_LEVEL_ID,
      // Unpublished until an admin publishes it.
      isPublished: false,
      ownerUserId: user.id,
      ...contact,
      industryIds: body.industry_ids ?? [],
      interestIds: body.interest_ids ?? [],
    });
    if (!becomesSeller) return { id };
    return { id, accessToken: await issueSessionTokenFor(tx, user.id, tokens) };
  });
}

/**
 * PUT /companies/{id}, after the caller's access was checked (owner or
 * admin). A partial update: only the fields sent change; the lists, when
 * sent, replace the stored ones. The contact is locked for non-admins.
 */
export async function updateCompanyFor(db: Database, user: SessionUser, companyId: number, body: CompanyUpdateRequest, names: CatalogueNames): Promise<void> {
  refuseAdminFields(user, body);
  checkChoices(names, body);
  const admin = isAdmin(user);
  const [stored] = await db
    .select({ name: companies.contactName, email: companies.contactEmail, phone: companies.contactPhone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (stored === undefined) throw fail(updateCompanyEndpoint.errors.notFound);
  const columns = columnsOf(body);
  if (body.contact !== undefined) {
    if (!admin) {
      if (!sameContact(body.contact, stored)) throw fail(updateCompanyEndpoint.errors.contactLocked);
    } else {
      columns.contactName = body.contact.name;
      columns.contactEmail = body.contact.email.toLowerCase();
      if (body.contact.phone !== undefined) columns.contactPhone = body.contact.phone;
    }
  }
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ ...columns, updatedAt: new Date() }).where(eq(companies.id, companyId));
    if (body.industry_ids !== undefined) {
      await tx.delete(companyIndustries).where(eq(companyIndustries.companyId, companyId));
      const ids = [...new Set(body.industry_ids)];
      if (ids.length > 0) await tx.insert(companyIndustries).values(ids.map((industryId) => ({ companyId, industryId })));
    }
    if (body.interest_ids !== undefined) {
      await tx.delete(companyInterests).where(eq(companyInterests.companyId, companyId));
      const ids = [...new Set(body.interest_ids)];
      if (ids.length > 0) await tx.insert(companyInterests).values(ids.map((interestId) => ({ companyId, interestId })));
    }
  });
}
