import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The admin and owner tables' search box: "contains this text", ignoring
 * accents and case (`f_unaccent`, migration 0000). The text is matched
 * literally: `%`, `_` and `\` in it are escaped, so a search for "100%" finds
 * "100%" and not everything.
 */

/** `%text%` with LIKE's wildcards escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** `column` contains `text`, accents and case aside; a null column matches nothing. */
export const unaccentedContains = (column: SQLWrapper, text: string): SQL =>
  sql`f_unaccent(coalesce(${column}, '')) ILIKE f_unaccent(${containsPattern(text)})`;
