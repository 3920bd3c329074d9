import { asc, eq } from "drizzle-orm";
import type { CompanyRecord, PublicCompanyProfile } from "../../contracts/companies.ts";
import { maskConfidentialText } from "../../contracts/confidential-text.ts";
import type { Database } from "../db/open.ts";
import { companies, companyIndustries, companyInterests } from "./schema.ts";
import { itemOf, itemsOf, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";

/**
 * The two views of one company (GET /companies/{id}):
 * - `toPublicProfile`: what a visitor or buyer may see. Built field by field
 *   from an allow-list, never by copying the row, so a column added later
 *   stays private until someone adds it here on purpose.
 * - `toCompanyRecord`: the whole record, for its owner and admins.
 */

export type CompanyRow = typeof companies.$inferSelect;

export interface LoadedCompany {
  readonly row: CompanyRow;
  readonly industryIds: ReadonlyArray<number>;
  readonly interestIds: ReadonlyArray<number>;
}

export async function loadCompany(db: Database, id: number): Promise<LoadedCompany | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (row === undefined) return null;
  const [industries, interests] = await Promise.all([
    db.select({ id: companyIndustries.industryId }).from(companyIndustries).where(eq(companyIndustries.companyId, id)).orderBy(asc(companyIndustries.industryId)),
    db.select({ id: companyInterests.interestId }).from(companyInterests).where(eq(companyInterests.companyId, id)).orderBy(asc(companyInterests.interestId)),
  ]);
  return { row, industryIds: industries.map((item) => item.id), interestIds: interests.map((item) => item.id) };
}

/** Shown in the marketplace: published and active. */
export const isListed = (row: Pick<CompanyRow, "isPublished" | "isActive">): boolean => row.isPublished && row.isActive;

export const companyNames = (row: Pick<CompanyRow, "name" | "legalName" | "comercialName">): ReadonlyArray<string | null> => [
  row.name,
  row.legalName,
  row.comercialName,
];

export function toPublicProfile({ row, industryIds, interestIds }: LoadedCompany, names: CatalogueNames): PublicCompanyProfile {
  const ownNames = companyNames(row);
  return {
    id: row.id,
    human_id: row.humanId,
    picture_url: row.pictureUrl,
    short_description: maskConfidentialText(row.shortDescription, ownNames),
    long_description: maskConfidentialText(row.longDescription, ownNames),
    foundation_date: row.foundationDate,
    headcount: row.headcount,
    ebitda_margin: row.ebitdaMargin,
    yearly_sales: row.yearlySales,
    funding_round: row.fundingRound,
    average_yearly_growth: row.averageYearlyGrowth,
    company_type: itemOf(names, "company_types", row.companyTypeId),
    state: itemOf(names, "states", row.stateId),
    country: itemOf(names, "countries", row.countryId),
    verification_level: requiredItemOf(names, "verification_levels", row.verificationLevelId),
    ebitda_range: itemOf(names, "ebitda_ranges", row.ebitdaRangeId),
    yearly_sales_range: itemOf(names, "yearly_sales_ranges", row.yearlySalesRangeId),
    company_role: itemOf(names, "user_company_roles", row.userCompanyRoleId),
    interests: itemsOf(names, "interests", interestIds),
    industries: itemsOf(names, "industries", industryIds),
  };
}

export function toCompanyRecord(company: LoadedCompany, names: CatalogueNames): CompanyRecord {
  const { row, industryIds, interestIds } = company;
  return {
    ...toPublicProfile(company, names),
    // The owner and admins see their own text as written.
    short_description: row.shortDescription,
    long_description: row.longDescription,
    name: row.name,
    legal_name: row.legalName,
    comercial_name: row.comercialName,
    rfc: row.rfc,
    website: row.website,
    ebitda: row.ebitda,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    owner_user_id: row.ownerUserId,
    industry_ids: industryIds,
    interest_ids: interestIds,
    company_type_id: row.companyTypeId,
    state_id: row.stateId,
    country_id: row.countryId,
    company_status_id: row.companyStatusId,
    verification_level_id: row.verificationLevelId,
    ebitda_range_id: row.ebitdaRangeId,
    yearly_sales_range_id: row.yearlySalesRangeId,
    user_company_role_id: row.userCompanyRoleId,
    society_id: row.societyId,
    tax_system_id: row.taxSystemId,
    society: itemOf(names, "societies", row.societyId),
    tax_system: itemOf(names, "tax-systems", row.taxSystemId),
    company_status: requiredItemOf(names, "company_statuses", row.companyStatusId),
    is_published: row.isPublished,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
