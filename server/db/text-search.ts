import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./open.ts";
import { boolOf, intOf, rowsOf, textOf, textOrNullOf } from "./rows.ts";
import { plainWords } from "../../contracts/search-words.ts";

/**
 * Spanish, accent-insensitive, typo-tolerant search words for Puente Bot
 * (docs/decisions/020): the text is reduced to plain words in JavaScript, so
 * user text never reaches tsquery syntax, and each word is checked against a
 * vocabulary table (a trigram index on its `word`) to correct typos. The
 * plain words themselves (`plainWords`, `searchWords`) are
 * contracts/search-words.ts, shared with the app. (The marketplace resolves
 * its words in memory instead, server/marketplace/search-index.ts.)
 */

/** Shorter words are not typo-corrected (too many near neighbours). */
const MIN_CORRECTED_LENGTH = 4;
/** How alike (pg_trgm similarity, 0–1) a known word must be to replace a typo. */
export const TYPO_SIMILARITY = 0.4;

/** A vocabulary of known words (`search_terms`, `bot_terms`): one text column `word`, trigram-indexed. */
export type Vocabulary = PgTable & { readonly word: PgColumn };

/** A search word as the query will use it; `exact` when it is a known word (as typed, or a typo's correction), not a prefix. */
export interface ResolvedWord {
  readonly word: string;
  readonly exact: boolean;
}

/**
 * Each word as the query will use it:
 * - a word of the vocabulary stays (exact);
 * - a prefix of a vocabulary word stays too (search as you type: "tecno");
 * - otherwise a word of 4+ letters becomes its most similar vocabulary word
 *   when similarity reaches TYPO_SIMILARITY ("tecnolgia" → "tecnologia",
 *   exact); a word with no such neighbour stays as typed (it then matches
 *   nothing);
 * - Spanish stop words ("de", "la") are dropped.
 * One round trip for all words.
 */
export async function resolveSearchTerms(db: Database, vocabulary: Vocabulary, words: ReadonlyArray<string>): Promise<ReadonlyArray<ResolvedWord>> {
  if (words.length === 0) return [];
  const values = sql.join(
    words.map((word, index) => sql`(${index}::int, ${word}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT r.ord, r.word, r.resolved, NOT r.prefix AS exact,
           length(to_tsvector('pg_catalog.spanish', coalesce(r.resolved, r.word))) AS lexemes
    FROM (
      SELECT w.ord, w.word, k.prefix,
        CASE
          WHEN k.known OR k.prefix THEN w.word
          WHEN length(w.word) >= ${MIN_CORRECTED_LENGTH} THEN (
            SELECT st.word FROM ${vocabulary} st
            WHERE st.word % w.word AND similarity(st.word, w.word) >= ${TYPO_SIMILARITY}
            ORDER BY similarity(st.word, w.word) DESC, st.word
            LIMIT 1)
        END AS resolved
      FROM (VALUES ${values}) AS w(ord, word)
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM ${vocabulary} st WHERE st.word = w.word) AS known) kw
      CROSS JOIN LATERAL (
        SELECT kw.known,
               NOT kw.known AND EXISTS (SELECT 1 FROM ${vocabulary} st WHERE st.word LIKE w.word || '%') AS prefix
      ) k
    ) r
    ORDER BY r.ord`);
  return rowsOf(result).flatMap((row) =>
    // A stop word has no lexeme; searching for it would match nothing.
    intOf(row, "lexemes") === 0 ? [] : [{ word: textOrNullOf(row, "resolved") ?? textOf(row, "word"), exact: boolOf(row, "exact") }],
  );
}

/**
 * The words a vocabulary keeps from a text: plain words of 3+ letters, no
 * digits (as the marketplace's collect_search_terms in migration 0004).
 */
export function vocabularyWords(text: string): ReadonlyArray<string> {
  return [...new Set(plainWords(text).filter((word) => word.length >= 3 && /^[a-z]+$/.test(word)))];
}
