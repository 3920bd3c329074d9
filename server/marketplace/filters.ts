import { sql, type SQL } from "drizzle-orm";
import { FILTER_CATALOGUES, FILTER_KEYS, invalidFilterMessage, type FilterKey } from "../../contracts/marketplace.ts";
import { requireChoices, type CatalogueNames } from "../catalogues/names.ts";

/**
 * The marketplace's filters where SQL matches them: a saved search's filters
 * in the alerts (server/saved-searches/alerts.ts) and a buyer mandate's
 * criteria (server/buyer-leads/matching.ts) are the same conditions, so
 * both match a company exactly as the listing's filter of the same id
 * shows it (the listing itself answers from the in-memory index,
 * ./search-index.ts, with the same exact equality).
 */

/** 400 with the filter's Spanish message when an id is not in its catalogue (absent or null: any; a saved search's filters too). */
export function assertFiltersExist(query: Readonly<Partial<Record<FilterKey, number | null | undefined>>>, names: CatalogueNames): void {
  requireChoices(
    names,
    FILTER_KEYS.flatMap((key) => {
      const id = query[key];
      return id === undefined || id === null ? [] : [{ catalogue: FILTER_CATALOGUES[key], id, error: invalidFilterMessage(key) }];
    }),
  );
}

/** The listing predicate of the companies table `c` (written literally so the partial indexes of migration 0003 apply). */
export const LISTED_COMPANY = sql`c.is_published AND c.is_active`;

/**
 * One filter as an SQL condition on the companies table `c`. `value` is the
 * chosen id: a saved search's column for the alerts, `ANY(list)` for a
 * mandate, so both match exactly alike.
 */
export function filterCondition(key: FilterKey, value: SQL): SQL {
  switch (key) {
    case "state_id":
      return sql`c.state_id = ${value}`;
    case "company_type_id":
      return sql`c.company_type_id = ${value}`;
    case "verification_level_id":
      return sql`c.verification_level_id = ${value}`;
    case "ebitda_id":
      return sql`c.ebitda_range_id = ${value}`;
    case "sales_range_id":
      return sql`c.yearly_sales_range_id = ${value}`;
    case "industry_id":
      return sql`EXISTS (SELECT 1 FROM company_industries ci WHERE ci.company_id = c.id AND ci.industry_id = ${value})`;
    case "interest_id":
      return sql`EXISTS (SELECT 1 FROM company_interests cn WHERE cn.company_id = c.id AND cn.interest_id = ${value})`;
  }
}
