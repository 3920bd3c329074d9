import { sql } from "drizzle-orm";
import { BOT_CONTACT_SOURCE, BOT_MESSAGES, type BotAnswer } from "../../contracts/bot.ts";
import type { Database } from "../db/open.ts";
import { botPassages, botTerms } from "./schema.ts";
import { intArrayOf, intOf, rowsOf, textOf } from "../db/rows.ts";
import { searchWords } from "../../contracts/search-words.ts";
import { resolveSearchTerms, type ResolvedWord } from "../db/text-search.ts";
import { isFramingWord, SYNONYM_GROUPS } from "./question-words.ts";
import { IN_PAGE, IN_TEXT, IN_TITLE, rankCandidates, SYNONYM_SHIFT, type Candidate, type RankedPassage } from "./ranking.ts";

export type { RankedPassage } from "./ranking.ts";

/**
 * Puente Bot's answer to one question (docs/decisions/020-puente-bot.md,
 * revised by 035): the question's words go through the marketplace's
 * Spanish search (accents and case removed, stop words dropped, typos
 * corrected against the passages' vocabulary), each word brings its
 * synonyms and framing words ("funciona", "quiero") weigh little
 * (question-words.ts);
 * every passage containing any of them is ranked (ranking.ts), and the best
 * one is quoted with its source. When the best passage holds no more than
 * half of the question's words, the bot says it does not know and offers
 * /contacto rather than quote something beside the point.
 */

/** A question has more words than a marketplace search: "¿cuál es la diferencia entre levantar capital y pedir un crédito?". */
export const BOT_MAX_WORDS = 16;

export const FALLBACK_ANSWER: BotAnswer = { answer: BOT_MESSAGES.unknown, sources: [BOT_CONTACT_SOURCE], known: false };

/** A question's word as the bot searches it: the resolved word (exact or a prefix), the words that count as it, and whether it only frames the question. */
export interface QuestionWord extends ResolvedWord {
  /** Its synonym group (itself included) for an exact word that has one; otherwise just the word. */
  readonly alternatives: ReadonlyArray<string>;
  /** "funciona", "quiero" (question-words.ts): searched, weighing little, not a word the answer must hold; false when the question has nothing else. */
  readonly framing: boolean;
}

const SPANISH = sql.raw("'pg_catalog.spanish'");

/** The synonym groups of `words`, by stem ("vendes" stems as "vender" does): word → its group's members, itself included. */
async function synonymsOf(db: Database, words: ReadonlyArray<string>): Promise<ReadonlyMap<string, ReadonlyArray<string>>> {
  if (words.length === 0) return new Map();
  const asked = sql.join(
    words.map((word, index) => sql`(${index}::int, ${word}::text)`),
    sql`, `,
  );
  const members = sql.join(
    SYNONYM_GROUPS.flatMap((group, index) => group.map((member) => sql`(${index}::int, ${member}::text)`)),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT w.ord, g.grp
    FROM (VALUES ${asked}) AS w(ord, word)
    JOIN (VALUES ${members}) AS g(grp, member)
      ON strip(to_tsvector(${SPANISH}, g.member)) = strip(to_tsvector(${SPANISH}, w.word))
    ORDER BY w.ord, g.grp`);
  const groups = new Map<string, Set<string>>();
  for (const row of rowsOf(result)) {
    const word = words[intOf(row, "ord")];
    const group = SYNONYM_GROUPS[intOf(row, "grp")];
    if (word === undefined || group === undefined) continue;
    const alternatives = groups.get(word) ?? new Set([word]);
    for (const member of group) alternatives.add(member);
    groups.set(word, alternatives);
  }
  return new Map([...groups].map(([word, alternatives]) => [word, [...alternatives]]));
}

/**
 * The question's words as the search uses them: each resolved against the
 * bot's vocabulary (typos corrected, stop words dropped), each once, each
 * exact word with its synonym group, the framing words marked (unless
 * nothing else is left). Two round trips.
 */
export async function questionWords(db: Database, question: string): Promise<ReadonlyArray<QuestionWord>> {
  const resolved = await resolveSearchTerms(db, botTerms, searchWords(question, BOT_MAX_WORDS));
  const unique = resolved.filter((term, index) => resolved.findIndex((other) => other.word === term.word) === index);
  const synonyms = await synonymsOf(
    db,
    unique.filter((term) => term.exact).map((term) => term.word),
  );
  const onlyFraming = unique.every((term) => isFramingWord(term.word));
  return unique.map((term) => ({
    ...term,
    alternatives: (term.exact ? synonyms.get(term.word) : undefined) ?? [term.word],
    framing: !onlyFraming && isFramingWord(term.word),
  }));
}

/** How many words the best passage must hold more than half of: the question's, framing words aside. */
export const askedWordCount = (words: ReadonlyArray<QuestionWord>): number => words.filter((word) => !word.framing).length;

/**
 * A tsquery text for `words`, anywhere in the passage or at one weight
 * ("vale", "(vale:A | valor:A)", "tecno:*", "tecno:*A"): known words
 * exactly ("vale" is no prefix of "valuación"), a prefix as a prefix.
 */
function wordsQuery(words: ReadonlyArray<string>, exact: boolean, weight: "" | "A" | "B" | "C" = ""): string {
  const label = `${exact ? "" : "*"}${weight}`;
  const one = (word: string) => (label === "" ? word : `${word}:${label}`);
  return words.length === 1 ? one(words[0] ?? "") : `(${words.map(one).join(" | ")})`;
}

/** The word as asked, or its synonyms only (null when it has none), at one weight, as a tsquery. */
const asAsked = (term: QuestionWord, weight: "A" | "B" | "C") => sql`to_tsquery(${SPANISH}, ${wordsQuery([term.word], term.exact, weight)})`;
const asSynonyms = (term: QuestionWord, weight: "A" | "B" | "C") => {
  const others = term.alternatives.filter((word) => word !== term.word);
  return others.length === 0 ? sql`NULL::tsquery` : sql`to_tsquery(${SPANISH}, ${wordsQuery(others, true, weight)})`;
};

/**
 * The passages holding any of `words`, best first (ranking.ts): the
 * database says where each passage holds each word (its title and hidden
 * questions are weight A, its text B, its page's name C), the ranking
 * weighs them. Exported to tune the ranking against real questions (the
 * best few, with their counts).
 */
export async function rankPassages(db: Database, words: ReadonlyArray<QuestionWord>, limit = 3): Promise<ReadonlyArray<RankedPassage>> {
  if (words.length === 0) return [];
  // Words are [a-z0-9]+ (searchWords, and our synonym lists): nothing in them changes the tsquery syntax.
  const perWord = sql.join(
    words.map((term, index) => {
      const places = (["A", "B", "C"] as const).flatMap((weight) => [asAsked(term, weight), asSynonyms(term, weight)]);
      return sql`(${index}::int, ${sql.join(places, sql`, `)})`;
    }),
    sql`, `,
  );
  const anyWord = sql`to_tsquery(${SPANISH}, ${words.map((term) => wordsQuery(term.alternatives, term.exact)).join(" | ")})`;
  const bit = (query: string, value: number) => sql.raw(`(CASE WHEN p.search_vector @@ w.${query} THEN ${value} ELSE 0 END)`);
  const fields = sql.join(
    [
      bit("title", IN_TITLE),
      bit("text", IN_TEXT),
      bit("page", IN_PAGE),
      bit("title_synonym", IN_TITLE << SYNONYM_SHIFT),
      bit("text_synonym", IN_TEXT << SYNONYM_SHIFT),
      bit("page_synonym", IN_PAGE << SYNONYM_SHIFT),
    ],
    sql` + `,
  );
  const result = await db.execute(sql`
    SELECT p.key, p.title, p.body, p.href, p.position,
           length(ts_filter(p.search_vector, '{a}')) AS title_length,
           (SELECT array_agg(${fields} ORDER BY w.ord)
              FROM (VALUES ${perWord}) AS w(ord, title, title_synonym, text, text_synonym, page, page_synonym)) AS fields,
           (SELECT count(*) FROM ${botPassages})::int AS total
    FROM ${botPassages} p
    WHERE p.search_vector @@ ${anyWord}`);
  const rows = rowsOf(result);
  const candidates: ReadonlyArray<Candidate> = rows.map((row) => ({
    key: textOf(row, "key"),
    title: textOf(row, "title"),
    body: textOf(row, "body"),
    href: textOf(row, "href"),
    position: intOf(row, "position"),
    titleLength: intOf(row, "title_length"),
    fields: intArrayOf(row, "fields"),
  }));
  const [first] = rows;
  return rankCandidates(candidates, words, first === undefined ? 0 : intOf(first, "total")).slice(0, limit);
}

/** Known when the best passage holds more than half of the question's words (framing words aside: askedWordCount). */
export const isKnown = (best: RankedPassage | undefined, wordCount: number): best is RankedPassage =>
  best !== undefined && best.matched * 2 > wordCount;

/** The passage the bot quotes for `question`, or null when it does not know (the judgments in tests/server/bot-answers.test.ts ask this). */
export async function bestPassage(db: Database, question: string): Promise<RankedPassage | null> {
  const words = await questionWords(db, question);
  const [best] = await rankPassages(db, words, 1);
  return isKnown(best, askedWordCount(words)) ? best : null;
}

export async function answerQuestion(db: Database, question: string): Promise<BotAnswer> {
  const best = await bestPassage(db, question);
  if (best === null) return FALLBACK_ANSWER;
  return { answer: best.body, sources: [{ title: best.title, href: best.href }], known: true };
}
