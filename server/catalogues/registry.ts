import { asc } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { CatalogueItem, CataloguePath } from "../../contracts/catalogues.ts";
import type { Database } from "../db/open.ts";
import * as t from "./schema.ts";

/** Any table with an integer `id` and a text `name`. */
type CatalogueTable = PgTable & {
  id: AnyPgColumn<{ data: number; notNull: true }>;
  name: AnyPgColumn<{ data: string; notNull: true }>;
};

export interface CatalogueSource {
  readonly table: CatalogueTable;
  /** Lists read best in id order (ranges, defaults first); industries read best by name. */
  readonly order: "id" | "name";
}

/** Each public catalogue path and the table behind it. */
export const CATALOGUES: Readonly<Record<CataloguePath, CatalogueSource>> = {
  industries: { table: t.industries, order: "name" },
  company_types: { table: t.companyTypes, order: "id" },
  interests: { table: t.interests, order: "id" },
  states: { table: t.states, order: "id" },
  user_company_roles: { table: t.userCompanyRoles, order: "id" },
  ebitda_ranges: { table: t.ebitdaRanges, order: "id" },
  buyer_descriptions: { table: t.buyerDescriptions, order: "id" },
  investment_sizes: { table: t.investmentSizes, order: "id" },
  referers: { table: t.referers, order: "id" },
  services_interested: { table: t.servicesInterested, order: "id" },
  company_statuses: { table: t.companyStatuses, order: "id" },
  verification_levels: { table: t.verificationLevels, order: "id" },
  yearly_sales_ranges: { table: t.yearlySalesRanges, order: "id" },
  countries: { table: t.countries, order: "id" },
  company_characteristics: { table: t.companyCharacteristics, order: "id" },
  company_attributes: { table: t.companyAttributes, order: "id" },
  funding_structures: { table: t.fundingStructures, order: "id" },
  societies: { table: t.societies, order: "id" },
  "tax-systems": { table: t.taxSystems, order: "id" },
};

// Sorting by name happens here, not in SQL, so PGlite and PostgreSQL (whose
// collations differ) return the same order.
const collator = new Intl.Collator("es-MX", { sensitivity: "base" });

export async function listCatalogue(db: Database, path: CataloguePath): Promise<ReadonlyArray<CatalogueItem>> {
  const { table, order } = CATALOGUES[path];
  const rows = await db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.id));
  return order === "name" ? rows.toSorted((a, b) => collator.compare(a.name, b.name)) : rows;
}
