import { and, desc, eq } from "drizzle-orm";
import type { FilterKey } from "../../contracts/marketplace.ts";
import {
  createSavedSearchEndpoint,
  deleteSavedSearchEndpoint,
  MAX_SAVED_SEARCHES,
  normalizedSearchText,
  savedSearchKey,
  type CreateSavedSearch,
  type SavedSearch,
  type SavedSearchFilters,
} from "../../contracts/saved-searches.ts";
import type { CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import { savedSearches } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { fail } from "../http/router.ts";
import { assertFiltersExist } from "../marketplace/filters.ts";

/**
 * A buyer's saved searches (issue 16): the marketplace's filters and search
 * text, at most MAX_SAVED_SEARCHES per account, no two alike. Two searches
 * are alike when their filters are equal and their texts mean the same to
 * the marketplace ("TECNOLOGÍA  Monterrey" = "tecnologia monterrey").
 */

type SavedSearchRow = typeof savedSearches.$inferSelect;

const filtersOf = (row: SavedSearchRow): SavedSearchFilters => ({
  state_id: row.stateId,
  industry_id: row.industryId,
  sales_range_id: row.salesRangeId,
  interest_id: row.interestId,
  company_type_id: row.companyTypeId,
  verification_level_id: row.verificationLevelId,
  ebitda_id: row.ebitdaId,
});

export const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: filtersOf(row),
  q: row.q,
  created_at: row.createdAt.toISOString(),
  last_alert_at: row.lastAlertAt?.toISOString() ?? null,
  alerts_sent: row.alertsSent,
});

/** What makes two saved searches the same: the contract's key, which the app also uses to show a search as saved. */
const sameness = (filters: SavedSearchFilters, q: string | null): string => savedSearchKey(filters, q);

/** GET /saved_searches: the buyer's searches, newest first. */
export async function listSavedSearches(db: Database, userId: number): Promise<ReadonlyArray<SavedSearch>> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * POST /saved_searches. Catalogue ids must exist (the marketplace's own
 * check and 400 messages). The user's row is locked while their searches are
 * counted and compared, so two concurrent saves cannot both pass the limit or
 * save the same search twice. Nothing is written when it refuses.
 */
export async function createSavedSearch(db: Database, userId: number, input: CreateSavedSearch, names: CatalogueNames): Promise<SavedSearch> {
  const chosen = (key: FilterKey): number | null => input.filters?.[key] ?? null;
  const filters: SavedSearchFilters = {
    state_id: chosen("state_id"),
    industry_id: chosen("industry_id"),
    sales_range_id: chosen("sales_range_id"),
    interest_id: chosen("interest_id"),
    company_type_id: chosen("company_type_id"),
    verification_level_id: chosen("verification_level_id"),
    ebitda_id: chosen("ebitda_id"),
  };
  assertFiltersExist(filters, names);
  // A text with no word to search for is no search (as on the marketplace).
  const q = input.q === undefined || input.q === null || normalizedSearchText(input.q) === "" ? null : input.q;
  const key = sameness(filters, q);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const existing = await tx.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    if (existing.some((row) => sameness(filtersOf(row), row.q) === key)) throw fail(createSavedSearchEndpoint.errors.duplicate);
    if (existing.length >= MAX_SAVED_SEARCHES) throw fail(createSavedSearchEndpoint.errors.tooManySaved);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        q,
        stateId: filters.state_id,
        industryId: filters.industry_id,
        salesRangeId: filters.sales_range_id,
        interestId: filters.interest_id,
        companyTypeId: filters.company_type_id,
        verificationLevelId: filters.verification_level_id,
        ebitdaId: filters.ebitda_id,
      })
      .returning();
    if (row === undefined) throw new Error("createSavedSearch: insert returned no row");
    return toSavedSearch(row);
  });
}

/** DELETE /saved_searches/{id}: only the caller's own; anyone else's answers like a missing one. */
export async function deleteSavedSearch(db: Database, userId: number, id: number): Promise<{ readonly id: number }> {
  const [deleted] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted === undefined) throw fail(deleteSavedSearchEndpoint.errors.notFound);
  return deleted;
}
