import { sql, type SQL } from "drizzle-orm";
import { maskConfidentialText } from "../../contracts/confidential-text.ts";
import { DEFAULT_PAGE_SIZE } from "../../contracts/list-query.ts";
import { FILTER_CATALOGUES, FILTER_KEYS, TOTAL_COUNT_CAP, invalidFilterMessage, type CompanyCard, type CompanyListQuery, type CompanyListResponse, type FilterKey } from "../../contracts/marketplace.ts";
import type { Database } from "../db/open.ts";
import { intArrayOf, intOf, intOrNullOf, rowsOf, textOf, textOrNullOf, type Row } from "../db/rows.ts";
import { itemOf, itemsOf, requireChoices, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";
import { searchWords } from "../../contracts/search-words.ts";
import { resolveSearchWords } from "../db/text-search.ts";
import { searchTerms } from "./schema.ts";
import { tsQueryText } from "./search-text.ts";

/**
 * GET /companies: published, active companies, filtered, searched and paged.
 *
 * One SQL statement per page (docs/performance/marketplace.md):
 * - `matched`: the ids of the first TOTAL_COUNT_CAP + 1 matches in display
 *   order (newest first, or by relevance when searching). The listing
 *   predicate `is_published AND is_active` is written literally so the
 *   partial indexes of migration 0003 apply. A search reads the narrow side
 *   table company_search instead (listed companies only, their search
 *   document and filter columns; migrations 0005/0006), because ranking
 *   reads every matching row's document.
 * - the total is counted over `matched` only, so it costs at most 1,001 index
 *   entries; past the cap the answer says "more than 1,000".
 * - the page's cards are joined to their industry and interest ids; names
 *   come from the in-memory catalogue (server/catalogues/names.ts).
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

/** Where a listing's filters are read: the companies table, or the search side table company_search (migrations 0005/0006). */
export type ListingSource = "companies" | "company_search";

/** The listing predicate of the companies table (written literally so the partial indexes of migration 0003 apply). */
export const LISTED_COMPANY = sql`c.is_published AND c.is_active`;

/**
 * One filter as an SQL condition on `c`: the companies table, or
 * company_search, which holds only listed companies, keyed by `company_id`,
 * with the same filter columns. `value` is the chosen id: a parameter here,
 * a saved search's column for the alerts (server/saved-searches), so both
 * match exactly alike.
 */
export function filterCondition(key: FilterKey, value: SQL, source: ListingSource): SQL {
  const id = source === "companies" ? sql`c.id` : sql`c.company_id`;
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
      return sql`EXISTS (SELECT 1 FROM company_industries ci WHERE ci.company_id = ${id} AND ci.industry_id = ${value})`;
    case "interest_id":
      return sql`EXISTS (SELECT 1 FROM company_interests cn WHERE cn.company_id = ${id} AND cn.interest_id = ${value})`;
  }
}

/** The search's tsquery, from a tsQueryText text (a parameter, or a value computed per saved search). */
export const searchQuery = (text: SQL): SQL => sql`to_tsquery('pg_catalog.spanish', ${text})`;
/** The search as a condition on company_search `c`. */
export const searchCondition = (tsQuery: SQL): SQL => sql`c.search_vector @@ ${tsQuery}`;

/** The chosen filters as SQL conditions on `c` (see filterCondition); on companies, the listing predicate first. */
function filterConditions(query: CompanyListQuery, source: ListingSource): ReadonlyArray<SQL> {
  const conditions: SQL[] = source === "companies" ? [LISTED_COMPANY] : [];
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined) conditions.push(filterCondition(key, sql`${value}`, source));
  }
  return conditions;
}

/** What a card shows, read from companies `c` (the names only to mask them in the description). */
export const CARD_COLUMNS = sql`
           c.id, c.human_id, c.picture_url, c.short_description, c.verification_level_id,
           c.company_type_id, c.state_id, c.yearly_sales_range_id, c.ebitda_range_id,
           c.name, c.legal_name, c.comercial_name,
           ARRAY(SELECT ci.industry_id FROM company_industries ci WHERE ci.company_id = c.id) AS industry_ids,
           ARRAY(SELECT cn.interest_id FROM company_interests cn WHERE cn.company_id = c.id) AS interest_ids`;

export interface ListPlan {
  readonly statement: SQL;
  readonly page: number;
  readonly perPage: number;
}

/** The one statement for a page (exported for EXPLAIN in the benchmark and tests). */
export async function planCompanyList(db: Database, query: CompanyListQuery): Promise<ListPlan> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * perPage;
  const words = query.q === undefined ? [] : await resolveSearchWords(db, searchTerms, searchWords(query.q));
  // Newest first; by relevance (then newest) when searching. Without a
  // search the order is the plain id, so an index walk can stop early.
  // A search ranks every match, so it reads the narrow side table
  // company_search (document and filter columns only) instead of the wide
  // companies heap.
  let matched: SQL;
  if (words.length > 0) {
    const tsQuery = searchQuery(sql`${tsQueryText(words)}`);
    const conditions = [searchCondition(tsQuery), ...filterConditions(query, "company_search")];
    matched = sql`
      SELECT c.company_id AS id, ts_rank(c.search_vector, ${tsQuery}) AS rank
      FROM company_search c
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY rank DESC, c.company_id DESC
      LIMIT ${TOTAL_COUNT_CAP + 1}`;
  } else {
    matched = sql`
      SELECT c.id, 0::real AS rank
      FROM companies c
      WHERE ${sql.join([...filterConditions(query, "companies")], sql` AND `)}
      ORDER BY c.id DESC
      LIMIT ${TOTAL_COUNT_CAP + 1}`;
  }
  const statement = sql`
    WITH matched AS MATERIALIZED (${matched}
    ),
    page AS (
      SELECT id, rank FROM matched ORDER BY rank DESC, id DESC LIMIT ${perPage} OFFSET ${offset}
    )
    SELECT (SELECT count(*) FROM matched)::int AS total, ${CARD_COLUMNS}
    FROM (SELECT 1) AS one
    LEFT JOIN (page JOIN companies c ON c.id = page.id) ON true
    ORDER BY page.rank DESC, page.id DESC`;
  return { statement, page, perPage };
}

/** What a card is built from: the companies row's card columns and its industry and interest ids. */
export interface CardSource {
  readonly id: number;
  readonly humanId: string;
  readonly pictureUrl: string | null;
  readonly shortDescription: string | null;
  /** name, legal_name, comercial_name: read only to mask them in the description (contracts/confidential-text.ts). */
  readonly companyNames: ReadonlyArray<string | null>;
  readonly verificationLevelId: number;
  readonly companyTypeId: number | null;
  readonly stateId: number | null;
  readonly yearlySalesRangeId: number | null;
  readonly ebitdaRangeId: number | null;
  readonly industryIds: ReadonlyArray<number>;
  readonly interestIds: ReadonlyArray<number>;
}

/** A row of CARD_COLUMNS as a CardSource. */
export const cardSourceOf = (row: Row): CardSource => ({
  id: intOf(row, "id"),
  humanId: textOf(row, "human_id"),
  pictureUrl: textOrNullOf(row, "picture_url"),
  shortDescription: textOrNullOf(row, "short_description"),
  companyNames: [textOrNullOf(row, "name"), textOrNullOf(row, "legal_name"), textOrNullOf(row, "comercial_name")],
  verificationLevelId: intOf(row, "verification_level_id"),
  companyTypeId: intOrNullOf(row, "company_type_id"),
  stateId: intOrNullOf(row, "state_id"),
  yearlySalesRangeId: intOrNullOf(row, "yearly_sales_range_id"),
  ebitdaRangeId: intOrNullOf(row, "ebitda_range_id"),
  industryIds: intArrayOf(row, "industry_ids"),
  interestIds: intArrayOf(row, "interest_ids"),
});

/** The public card: an allow-list of fields, catalogue ids named, the company's names and contact details masked in its description. */
export const cardOf = (source: CardSource, names: CatalogueNames): CompanyCard => ({
  id: source.id,
  human_id: source.humanId,
  picture_url: source.pictureUrl,
  short_description: maskConfidentialText(source.shortDescription, source.companyNames),
  verification_level: requiredItemOf(names, "verification_levels", source.verificationLevelId),
  company_type: itemOf(names, "company_types", source.companyTypeId),
  state: itemOf(names, "states", source.stateId),
  yearly_sales_range: itemOf(names, "yearly_sales_ranges", source.yearlySalesRangeId),
  ebitda_range: itemOf(names, "ebitda_ranges", source.ebitdaRangeId),
  interests: itemsOf(names, "interests", source.interestIds),
  industries: itemsOf(names, "industries", source.industryIds),
});

const toCard = (row: Row, names: CatalogueNames): CompanyCard => cardOf(cardSourceOf(row), names);

/** Run the listing (filters must already be checked with assertFiltersExist). */
export async function listCompanies(db: Database, query: CompanyListQuery, names: CatalogueNames): Promise<CompanyListResponse> {
  const { statement, page, perPage } = await planCompanyList(db, query);
  const rows = rowsOf(await db.execute(statement));
  const first = rows[0];
  const counted = first === undefined ? 0 : intOf(first, "total");
  const items = rows.filter((row) => row["id"] !== null && row["id"] !== undefined).map((row) => toCard(row, names));
  return {
    items,
    total: Math.min(counted, TOTAL_COUNT_CAP),
    total_capped: counted > TOTAL_COUNT_CAP,
    page,
    per_page: perPage,
  };
}

/** The cards of the listed companies among `ids` (the saved-search alerts describe a new listing with them), in id order. */
export async function listedCards(db: Database, ids: ReadonlyArray<number>, names: CatalogueNames): Promise<ReadonlyArray<CompanyCard>> {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`
      SELECT ${CARD_COLUMNS}
      FROM companies c
      WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND ${LISTED_COMPANY}
      ORDER BY c.id`),
  );
  return rows.map((row) => toCard(row, names));
}
