// The request mix of `npm run bench:marketplace` (issue 17), shared with
// `npm run bench:marketplace-postgres` (issue 29) so both measure the same
// listings: the 76 listings a buyer would ask for, the sources the long tail
// is generated from (./marketplace-queries.ts), and how the two interleave.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { rowsOf } from "../../server/db/rows.ts";
import { FILTER_CATALOGUES, FILTER_KEYS, type FilterKey } from "../../contracts/marketplace.ts";
import type { QuerySources } from "./marketplace-queries.ts";

/** ~80 listings a buyer would ask for, in a fixed order; connections take them round-robin. */
export function requestMix(): ReadonlyArray<string> {
  const paths: string[] = ["", "", "", "?page=2", "?page=3", "?per_page=24"];
  for (const state of [19, 9, 14, 15, 21, 22, 31, 2]) paths.push(`?state_id=${state}`);
  for (const industry of [1, 2, 3, 5, 6, 8, 14, 16]) paths.push(`?industry_id=${industry}`);
  for (const interest of [1, 2, 3, 4]) paths.push(`?interest_id=${interest}`);
  for (const type of [1, 2]) paths.push(`?company_type_id=${type}`);
  for (const ebitda of [2, 3, 4, 5, 6]) paths.push(`?ebitda_id=${ebitda}`);
  for (const sales of [2, 3, 4, 5, 6]) paths.push(`?sales_range_id=${sales}`);
  for (const level of [1, 2, 3]) paths.push(`?verification_level_id=${level}`);
  paths.push(
    "?industry_id=1&state_id=19",
    "?industry_id=2&interest_id=3",
    "?state_id=14&ebitda_id=4",
    "?company_type_id=1&sales_range_id=5",
    "?interest_id=1&verification_level_id=3",
    "?industry_id=3&page=2",
  );
  const words = [
    "tecnologia",
    "tecnología",
    "TECNOLOGÍA",
    "manufactura",
    "logística",
    "logistica",
    "alimentos",
    "construcción",
    "salud",
    "monterrey",
    "jalisco",
    "software nube",
    "exportación",
    "energía solar",
    "empaques",
    "clínica",
    "franquicia",
    "vender 100%",
    "capital para crecimiento",
    "nuevo león",
  ];
  for (const word of words) paths.push(`?q=${encodeURIComponent(word)}`);
  for (const typo of ["tecnolgia", "logisitca", "manufactrua", "construcion", "alimetnos", "monterey"]) {
    paths.push(`?q=${encodeURIComponent(typo)}`);
  }
  paths.push(
    `?q=${encodeURIComponent("tecnología")}&state_id=19`,
    `?q=${encodeURIComponent("manufactura")}&interest_id=3`,
    `?q=salud&page=2`,
  );
  return paths.map((query) => `/api/companies${query}`);
}

/** What the generated queries are made of: the seeded listings' words and descriptions, and the catalogues' ids. */
export async function querySources(handle: DatabaseHandle): Promise<QuerySources> {
  const column = async (statement: ReturnType<typeof sql>): Promise<ReadonlyArray<string>> =>
    rowsOf(await handle.db.execute(statement)).map((row) => String(row["v"]));
  const words = await column(sql`SELECT word AS v FROM search_terms ORDER BY word`);
  const descriptions = await column(sql`
    SELECT short_description AS v FROM companies
    WHERE is_published AND is_active AND short_description IS NOT NULL ORDER BY id LIMIT 400`);
  const filterValues = Object.fromEntries(
    await Promise.all(
      FILTER_KEYS.map(async (key): Promise<[FilterKey, ReadonlyArray<number>]> => [
        key,
        (await column(sql`SELECT id AS v FROM ${sql.identifier(FILTER_CATALOGUES[key])} ORDER BY id`)).map(Number),
      ]),
    ),
  ) as Record<FilterKey, ReadonlyArray<number>>;
  return { words, descriptions, filterValues };
}

/** Interleave two lists evenly, so the load mixes both from the first second. */
export function interleave(a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<string> {
  const out: string[] = [];
  const ratio = b.length / Math.max(1, a.length);
  let taken = 0;
  a.forEach((item, index) => {
    out.push(item);
    const until = Math.round((index + 1) * ratio);
    while (taken < until) out.push(b[taken++] as string);
  });
  out.push(...b.slice(taken));
  return out;
}
