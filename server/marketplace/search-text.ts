import { sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { rowsOf, textOf, textOrNullOf, intOf } from "../db/rows.ts";

/** At most this many words of a search are used. */
export const MAX_SEARCH_WORDS = 8;
/** Runs of anything but a-z and digits (one character class: linear). */
export const WORD_SEPARATOR = /[^a-z0-9]+/;
/** Shorter words are not typo-corrected (too many near neighbours). */
const MIN_CORRECTED_LENGTH = 4;
/** How alike (pg_trgm similarity, 0–1) a known word must be to replace a typo. */
export const TYPO_SIMILARITY = 0.4;

/**
 * The words of a search as the index holds them: accents removed (as
 * PostgreSQL's unaccent does: "TECNOLOGÍA" → "tecnologia", "ñ" → "n"),
 * lower case, letters and digits only, duplicates dropped.
 */
export function searchWords(text: string): ReadonlyArray<string> {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
  const words = plain.split(WORD_SEPARATOR).filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Each word as the query will use it:
 * - a word of the vocabulary (search_terms) stays;
 * - a prefix of a vocabulary word stays too (search as you type: "tecno");
 * - otherwise a word of 4+ letters becomes its most similar vocabulary word
 *   when similarity reaches TYPO_SIMILARITY ("tecnolgia" → "tecnologia");
 * - Spanish stop words ("de", "la") are dropped.
 * One round trip for all words.
 */
export async function resolveSearchWords(db: Database, words: ReadonlyArray<string>): Promise<ReadonlyArray<string>> {
  if (words.length === 0) return [];
  const values = sql.join(
    words.map((word, index) => sql`(${index}::int, ${word}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT r.ord, r.word, r.resolved,
           length(to_tsvector('pg_catalog.spanish', coalesce(r.resolved, r.word))) AS lexemes
    FROM (
      SELECT w.ord, w.word,
        CASE
          WHEN EXISTS (SELECT 1 FROM search_terms st WHERE st.word = w.word) THEN w.word
          WHEN EXISTS (SELECT 1 FROM search_terms st WHERE st.word LIKE w.word || '%') THEN w.word
          WHEN length(w.word) >= ${MIN_CORRECTED_LENGTH} THEN (
            SELECT st.word FROM search_terms st
            WHERE st.word % w.word AND similarity(st.word, w.word) >= ${TYPO_SIMILARITY}
            ORDER BY similarity(st.word, w.word) DESC, st.word
            LIMIT 1)
        END AS resolved
      FROM (VALUES ${values}) AS w(ord, word)
    ) r
    ORDER BY r.ord`);
  return rowsOf(result).flatMap((row) => {
    // A stop word has no lexeme; searching for it would match nothing.
    if (intOf(row, "lexemes") === 0) return [];
    return [textOrNullOf(row, "resolved") ?? textOf(row, "word")];
  });
}

/**
 * A `to_tsquery('spanish', …)` text: every word required, each as a prefix
 * ("tecnologia:* & monterrey:*"). Words are [a-z0-9]+ (searchWords), so
 * nothing in them can change the query's syntax.
 */
export function tsQueryText(words: ReadonlyArray<string>): string {
  return words.map((word) => `${word}:*`).join(" & ");
}
