import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { DASHBOARD_PAGE_SIZE, type DashboardCompanyList } from "../../contracts/companies.ts";
import type { Database } from "../db/open.ts";
import { companies } from "./schema.ts";
import { containsPattern, unaccentedContains } from "../db/contains-text.ts";
import { itemOf, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";

export interface DashboardListInput {
  /** The caller; null for an admin (every company). */
  readonly ownerUserId: number | null;
  readonly q?: string | undefined;
  readonly page?: number | undefined;
  readonly perPage?: number | undefined;
}

/**
 * GET /companies?is_dashboard=true: the caller's own companies (an admin:
 * all), with their names, newest first. `q` matches the name, the human id
 * or the contact name, ignoring accents and case.
 */
export async function listDashboardCompanies(db: Database, input: DashboardListInput, names: CatalogueNames): Promise<DashboardCompanyList> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? DASHBOARD_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (input.ownerUserId !== null) conditions.push(eq(companies.ownerUserId, input.ownerUserId));
  const q = input.q?.trim() ?? "";
  if (q !== "") {
    const text = or(unaccentedContains(companies.name, q), ilike(companies.humanId, containsPattern(q)), unaccentedContains(companies.contactName, q));
    if (text !== undefined) conditions.push(text);
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: companies.id,
        humanId: companies.humanId,
        name: companies.name,
        contactName: companies.contactName,
        stateId: companies.stateId,
        companyStatusId: companies.companyStatusId,
        verificationLevelId: companies.verificationLevelId,
        isPublished: companies.isPublished,
        isActive: companies.isActive,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      human_id: row.humanId,
      name: row.name,
      contact_name: row.contactName,
      state: itemOf(names, "states", row.stateId),
      company_status: requiredItemOf(names, "company_statuses", row.companyStatusId),
      verification_level: requiredItemOf(names, "verification_levels", row.verificationLevelId),
      is_published: row.isPublished,
      is_active: row.isActive,
      created_at: row.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
    page,
    per_page: perPage,
  };
}
