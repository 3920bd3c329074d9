import { eq } from "drizzle-orm";
import { ADMIN_ONLY_COMPANY_FIELDS, adminOnlyFieldsMessage, createCompanyEndpoint, PUBLISHED_COMPANY_STATUS_ID, updateCompanyEndpoint, type AdminOnlyCompanyField, type CompanyContactInput, type CompanyCreateRequest, type CompanyUpdateRequest } from "../../contracts/companies.ts";
import { unknownOptionMessage } from "../../contracts/registration.ts";
import { changedFields, recordAudit } from "../audit/audit-log.ts";
import { isAdmin, type SessionUser } from "../auth/authz.ts";
import { issueSessionTokenFor } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import { requireChoices, type CatalogueChoice, type CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import { DEFAULT_COMPANY_STATUS_ID, DEFAULT_VERIFICATION_LEVEL_ID, companies, companyIndustries, companyInterests } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { forbidden } from "../http/errors.ts";
import { fail } from "../http/router.ts";
import { loadCompany, type LoadedCompany } from "./company-views.ts";
import { createCompany } from "./create-company.ts";

/**
 * POST /companies and PUT /companies/{id} (spec sections 6 and 7). Every
 * check runs before the first write (admin-only fields, the contact, the
 * catalogue ids), and the writes of one request share one transaction.
 *
 * Publishing (docs/decisions/022): the status is the switch. Choosing
 * 'Publicada' sets `is_published`, any other status clears it, in the same
 * statement; only admins send a status. An admin's write is audited in its
 * own transaction (`company.create`, `company.update`, `company.publish`,
 * `company.unpublish`, with the changed fields before and after), and a
 * change of publication names the seller to notify once it has committed.
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

/** Whether a company with this status is on the marketplace: 'Publicada' and nothing else. */
export const isPublishedStatus = (companyStatusId: number): boolean => companyStatusId === PUBLISHED_COMPANY_STATUS_ID;

/** A transaction of the request (a transaction is also a `Database` for drizzle). */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The audited state of a company, in the contract's field names (what an admin sees in the form). */
export function auditedFields({ row, industryIds, interestIds }: LoadedCompany): Record<string, unknown> {
  return {
    name: row.name,
    legal_name: row.legalName,
    comercial_name: row.comercialName,
    website: row.website,
    foundation_date: row.foundationDate,
    headcount: row.headcount,
    short_description: row.shortDescription,
    long_description: row.longDescription,
    industry_ids: industryIds,
    interest_ids: interestIds,
    company_type_id: row.companyTypeId,
    state_id: row.stateId,
    country_id: row.countryId,
    ebitda_range_id: row.ebitdaRangeId,
    yearly_sales_range_id: row.yearlySalesRangeId,
    user_company_role_id: row.userCompanyRoleId,
    society_id: row.societyId,
    tax_system_id: row.taxSystemId,
    company_status_id: row.companyStatusId,
    verification_level_id: row.verificationLevelId,
    ebitda: row.ebitda,
    ebitda_margin: row.ebitdaMargin,
    yearly_sales: row.yearlySales,
    funding_round: row.fundingRound,
    average_yearly_growth: row.averageYearlyGrowth,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    is_published: row.isPublished,
  };
}

/** A creation's `after`: the fields it set (empty ones left out). */
const setFields = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0)));

async function loadInside(tx: Tx, companyId: number): Promise<LoadedCompany> {
  const company = await loadCompany(tx, companyId);
  if (company === null) throw new Error(`company ${companyId} vanished inside its own transaction`);
  return company;
}

/** Who hears about a change of publication: see `sellerToNotify`. */
export interface NoticeRecipient {
  readonly email: string;
  readonly name: string | null;
}

/** A company that went on or off the marketplace with this write (sent after it commits). */
export interface PublicationChange {
  readonly published: boolean;
  readonly companyId: number;
  readonly humanId: string;
  readonly companyStatusId: number;
  /** Null when there is nobody to tell (no owner or contact e-mail, or a deactivated owner). */
  readonly recipient: NoticeRecipient | null;
}

/**
 * The seller of a company: its owner account, unless the owner is staff (an
 * admin registered the company for someone), in which case its contact. A
 * deactivated owner is not written to.
 */
async function sellerToNotify(tx: Tx, company: LoadedCompany): Promise<NoticeRecipient | null> {
  const { ownerUserId, contactEmail, contactName } = company.row;
  if (ownerUserId !== null) {
    const [owner] = await tx.select({ email: users.email, name: users.name, roles: users.roles, deletedAt: users.deletedAt }).from(users).where(eq(users.id, ownerUserId)).limit(1);
    if (owner !== undefined && owner.deletedAt !== null) return null;
    if (owner !== undefined && !owner.roles.includes("admin")) return { email: owner.email, name: owner.name };
  }
  return contactEmail === null ? null : { email: contactEmail, name: contactName };
}

async function publicationChange(tx: Tx, before: boolean, after: LoadedCompany): Promise<PublicationChange | null> {
  if (before === after.row.isPublished) return null;
  return {
    published: after.row.isPublished,
    companyId: after.row.id,
    humanId: after.row.humanId,
    companyStatusId: after.row.companyStatusId,
    recipient: await sellerToNotify(tx, after),
  };
}

export interface CreateCompanyOutcome {
  readonly id: number;
  /** A fresh token when the caller's roles changed (a buyer became a seller). */
  readonly accessToken?: string;
  /** Set when an admin registered the company already published. */
  readonly publication: PublicationChange | null;
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
  const companyStatusId = body.company_status_id ?? DEFAULT_COMPANY_STATUS_ID;
  return db.transaction(async (tx) => {
    // The role first: if the company cannot be written, the account stays as it was.
    if (becomesSeller) await tx.update(users).set({ roles: [...account.roles, "seller"], updatedAt: new Date() }).where(eq(users.id, user.id));
    const { id } = await createCompany(tx, {
      ...columnsOf(body),
      name: body.name,
      companyStatusId,
      verificationLevelId: body.verification_level_id ?? DEFAULT_VERIFICATION_LEVEL_ID,
      // Unpublished until an admin chooses 'Publicada' (only admins send a status).
      isPublished: isPublishedStatus(companyStatusId),
      ownerUserId: user.id,
      ...contact,
      industryIds: body.industry_ids ?? [],
      interestIds: body.interest_ids ?? [],
    });
    let publication: PublicationChange | null = null;
    if (admin) {
      const created = await loadInside(tx, id);
      await recordAudit(tx, { actorUserId: user.id, action: "company.create", targetType: "company", targetId: id, before: null, after: setFields(auditedFields(created)) });
      publication = await publicationChange(tx, false, created);
    }
    if (!becomesSeller) return { id, publication };
    return { id, accessToken: await issueSessionTokenFor(tx, user.id, tokens), publication };
  });
}

/** The audit action of an admin's update: publishing and unpublishing are named as such. */
const updateAction = (wasPublished: boolean, isPublished: boolean): string =>
  wasPublished === isPublished ? "company.update" : isPublished ? "company.publish" : "company.unpublish";

/**
 * PUT /companies/{id}, after the caller's access was checked (owner or
 * admin). A partial update: only the fields sent change; the lists, when
 * sent, replace the stored ones. The contact is locked for non-admins.
 * Answers the change of publication, if any, for the notice after commit.
 */
export async function updateCompanyFor(
  db: Database,
  user: SessionUser,
  companyId: number,
  body: CompanyUpdateRequest,
  names: CatalogueNames,
): Promise<PublicationChange | null> {
  refuseAdminFields(user, body);
  checkChoices(names, body);
  const admin = isAdmin(user);
  const columns = columnsOf(body);
  if (body.company_status_id !== undefined) columns.isPublished = isPublishedStatus(body.company_status_id);
  return db.transaction(async (tx) => {
    // Locked: two admins saving at once are audited one after the other, each against what the other left.
    const [locked] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update").limit(1);
    if (locked === undefined) throw fail(updateCompanyEndpoint.errors.notFound);
    const before = await loadInside(tx, companyId);
    if (body.contact !== undefined) {
      const stored = { name: before.row.contactName, email: before.row.contactEmail, phone: before.row.contactPhone };
      if (!admin) {
        if (!sameContact(body.contact, stored)) throw fail(updateCompanyEndpoint.errors.contactLocked);
      } else {
        columns.contactName = body.contact.name;
        columns.contactEmail = body.contact.email.toLowerCase();
        if (body.contact.phone !== undefined) columns.contactPhone = body.contact.phone;
      }
    }
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
    if (!admin) return null;
    const after = await loadInside(tx, companyId);
    const changes = changedFields(auditedFields(before), auditedFields(after));
    // A save that changed nothing is not an action worth an entry.
    if (Object.keys(changes.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: user.id,
        action: updateAction(before.row.isPublished, after.row.isPublished),
        targetType: "company",
        targetId: companyId,
        before: changes.before,
        after: changes.after,
      });
    }
    return publicationChange(tx, before.row.isPublished, after);
  });
}
