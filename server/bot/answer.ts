import { sql } from "drizzle-orm";
import { BOT_CONTACT_SOURCE, BOT_MESSAGES, type BotAnswer } from "../../contracts/bot.ts";
import type { Database } from "../db/open.ts";
import { botPassages, botTerms } from "./schema.ts";
import { intOf, rowsOf, textOf } from "../db/rows.ts";
import { resolveSearchTerms, searchWords, type ResolvedWord } from "../db/text-search.ts";

/**
 * Puente Bot's answer to one question (docs/decisions/020-puente-bot.md):
 * the question's words go through the marketplace's Spanish search
 * (accents and case removed, stop words dropped, typos corrected against
 * the passages' vocabulary), every passage containing any of them is
 * ranked, and the best one is quoted with its source. When the best
 * passage holds no more than half of the question's words, the bot says it
 * does not know and offers /contacto rather than quote something beside
 * the point.
 */

/** A question has more words than a marketplace search: "¿cuál es la diferencia entre levantar capital y pedir un crédito?". */
export const BOT_MAX_WORDS = 16;

export const FALLBACK_ANSWER: BotAnswer = { answer: BOT_MESSAGES.unknown, sources: [BOT_CONTACT_SOURCE], known: false };

export interface RankedPassage {
  readonly key: string;
  readonly title: string;
  readonly body: string;
  readonly href: string;
  /** How many of the question's words the passage holds (anywhere). */
  readonly matched: number;
  /** How many of them are in what it is about: its title or the questions it answers. */
  readonly titleMatched: number;
}

/** The question's words as the search uses them (resolved against the bot's vocabulary), each once. */
export async function questionWords(db: Database, question: string): Promise<ReadonlyArray<ResolvedWord>> {
  const resolved = await resolveSearchTerms(db, botTerms, searchWords(question, BOT_MAX_WORDS));
  return resolved.filter((term, index) => resolved.findIndex((other) => other.word === term.word) === index);
}

/**
 * A word's tsquery text, anywhere in the passage or only at one weight
 * ("vale", "vale:A", "tecno:*", "tecno:*A"): a known word exactly ("vale" is
 * not "valuación"), a prefix as a prefix.
 */
function wordQuery(term: ResolvedWord, weight: "" | "A" = ""): string {
  const label = `${term.exact ? "" : "*"}${weight}`;
  return label === "" ? term.word : `${term.word}:${label}`;
}

/**
 * The passages holding any of `words`, best first:
 * 1. the most of the question's words;
 * 2. the most of them in what the passage is about: its title or the
 *    questions it answers (weight A);
 * 3. the larger share of those words they cover (the passage most about
 *    them: "¿Cómo vendo mi empresa?" before "¿Puedo vender solo una parte
 *    de mi empresa?");
 * 4. the content's order (passages.ts): when the words are only in the
 *    texts, the binding one (terms, privacy) before the FAQ that restates
 *    it, then the other pages.
 * Exported to tune the ranking against real questions (the best few, with their counts).
 */
export async function rankPassages(db: Database, words: ReadonlyArray<ResolvedWord>, limit = 3): Promise<ReadonlyArray<RankedPassage>> {
  if (words.length === 0) return [];
  // Words are [a-z0-9]+ (searchWords): nothing in them changes the tsquery syntax.
  const perWord = sql.join(
    words.map((term) => sql`(${wordQuery(term)}::text, ${wordQuery(term, "A")}::text)`),
    sql`, `,
  );
  const anyWord = sql`to_tsquery('pg_catalog.spanish', ${words.map((term) => wordQuery(term)).join(" | ")})`;
  const result = await db.execute(sql`
    SELECT p.key, p.title, p.body, p.href, m.matched, m.title_matched
    FROM ${botPassages} p
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE p.search_vector @@ to_tsquery('pg_catalog.spanish', w.anywhere))::int AS matched,
             count(*) FILTER (WHERE p.search_vector @@ to_tsquery('pg_catalog.spanish', w.in_title))::int AS title_matched
      FROM (VALUES ${perWord}) AS w(anywhere, in_title)
    ) m
    WHERE p.search_vector @@ ${anyWord}
    ORDER BY m.matched DESC,
             m.title_matched DESC,
             m.title_matched::float8 / greatest(length(ts_filter(p.search_vector, '{a}')), 1) DESC,
             p.position
    LIMIT ${limit}`);
  return rowsOf(result).map((row) => ({
    key: textOf(row, "key"),
    title: textOf(row, "title"),
    body: textOf(row, "body"),
    href: textOf(row, "href"),
    matched: intOf(row, "matched"),
    titleMatched: intOf(row, "title_matched"),
  }));
}

/** Known when the best passage holds more than half of the question's words. */
export const isKnown = (best: RankedPassage | undefined, wordCount: number): best is RankedPassage =>
  best !== undefined && best.matched * 2 > wordCount;

export async function answerQuestion(db: Database, question: string): Promise<BotAnswer> {
  const words = await questionWords(db, question);
  const [best] = await rankPassages(db, words, 1);
  if (!isKnown(best, words.length)) return FALLBACK_ANSWER;
  return { answer: best.body, sources: [{ title: best.title, href: best.href }], known: true };
}
