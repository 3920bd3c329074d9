import { sql } from "drizzle-orm";
import { maskConfidentialText } from "../../contracts/confidential-text.ts";
import type { CompanyCard } from "../../contracts/marketplace.ts";
import type { Database } from "../db/open.ts";
import { intArrayOf, intOf, intOrNullOf, rowsOf, textOf, textOrNullOf, type Row } from "../db/rows.ts";
import { itemOf, itemsOf, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";
import { LISTED_COMPANY } from "./filters.ts";
import { CARD_COMPANY_COLUMNS } from "./schema.ts";

/**
 * A marketplace card: what the listing shows of a listed company. The
 * search index (./search-index-sync.ts) loads cards with CARD_COLUMNS; the
 * saved-search alerts and the buyer mandates describe a new listing with
 * `listedCards`.
 */

/**
 * What a card shows, read from companies `c`: its id, the card's columns
 * (CARD_COMPANY_COLUMNS, the definition the change-log trigger is built from
 * too) and its industry and interest ids.
 */
export const CARD_COLUMNS = sql`
           c.id, ${sql.join(
             CARD_COMPANY_COLUMNS.map((column) => sql`c.${sql.identifier(column.name)}`),
             sql`, `,
           )},
           ARRAY(SELECT ci.industry_id FROM company_industries ci WHERE ci.company_id = c.id) AS industry_ids,
           ARRAY(SELECT cn.interest_id FROM company_interests cn WHERE cn.company_id = c.id) AS interest_ids`;

/** A card's data as read from the database: catalogue ids not yet named, the names kept to mask the description, industry and interest ids. */
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

/** The cards of the listed companies among `ids` (the saved-search alerts and the mandates describe a new listing with them), in id order. */
export async function listedCards(db: Database, ids: ReadonlyArray<number>, names: CatalogueNames): Promise<ReadonlyArray<CompanyCard>> {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`
      SELECT ${CARD_COLUMNS}
      FROM companies c
      WHERE c.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${LISTED_COMPANY}
      ORDER BY c.id`),
  );
  return rows.map((row) => cardOf(cardSourceOf(row), names));
}
