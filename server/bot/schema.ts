import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { tsvector } from "../db/columns.ts";

// --- Puente Bot (docs/decisions/020-puente-bot.md) ---------------------------------

/**
 * The passages Puente Bot answers from: one row per answer, paragraph, list
 * or plan of our own content (content/ and the plan table), rewritten on
 * every start from that content (server/bot/index-passages.ts). The search
 * document is Spanish over the plain words: the title and the questions the
 * passage answers weigh A, its text B. `position` is the content's order,
 * the last tie-break.
 */
export const botPassages = pgTable(
  "bot_passages",
  {
    key: text("key").primaryKey(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    href: text("href").notNull(),
    searchVector: tsvector("search_vector").notNull(),
  },
  (table) => [index("bot_passages_search_idx").using("gin", table.searchVector)],
);

/** Every plain word of the passages (3+ letters): the vocabulary that corrects a question's typos (pg_trgm). */
export const botTerms = pgTable(
  "bot_terms",
  { word: text("word").primaryKey() },
  (table) => [index("bot_terms_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops"))],
);
