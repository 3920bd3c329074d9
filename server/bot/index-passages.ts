import { notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { botPassages, botTerms } from "./schema.ts";
import { plainWords } from "../../contracts/search-words.ts";
import { vocabularyWords } from "../db/text-search.ts";
import { PLANS } from "../payments/plans.ts";
import { buildPassages, sourceTitle, type Passage } from "./passages.ts";
import { questionVocabulary } from "./question-words.ts";

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

const spanish = (text: string) => sql`to_tsvector('pg_catalog.spanish', ${plainWords(text).join(" ")})`;

/**
 * The search document of a passage: Spanish over its plain words (the same
 * reduction a question goes through, so "KYC/KYB" is two words, not a
 * path). What the passage is about (its title and the questions it
 * answers) at weight A, its text at B, the page's name at C.
 */
const searchVector = (passage: Passage) =>
  sql`setweight(${spanish([passage.title, ...passage.questions].join(" "))}, 'A')
    || setweight(${spanish(passage.body)}, 'B')
    || setweight(${spanish(passage.page)}, 'C')`;

/**
 * Writes the passages and their vocabulary, in one transaction, on every
 * start (server/seed/run.ts): upserts by key, then drops the passages and
 * words the content no longer has. Idempotent, and safe when two servers
 * start at once on one database (both write the same rows).
 */
export async function indexBotPassages(db: Database, passages: ReadonlyArray<Passage> = buildPassages(PLANS)): Promise<void> {
  // Synonyms and framing words are words the bot knows too (question-words.ts).
  const words = [...new Set([...passages.flatMap((passage) => vocabularyWords([passage.page, passage.title, ...passage.questions, passage.body].join(" "))), ...questionVocabulary()])];
  await db.transaction(async (tx) => {
    await tx
      .insert(botPassages)
      .values(
        passages.map((passage, position) => ({
          key: passage.key,
          position,
          title: sourceTitle(passage),
          body: passage.body,
          href: passage.href,
          searchVector: searchVector(passage),
        })),
      )
      .onConflictDoUpdate({
        target: botPassages.key,
        set: {
          position: excluded("position"),
          title: excluded("title"),
          body: excluded("body"),
          href: excluded("href"),
          searchVector: excluded("search_vector"),
        },
      });
    await tx.delete(botPassages).where(notInArray(botPassages.key, passages.map((passage) => passage.key)));
    await tx
      .insert(botTerms)
      .values(words.map((word) => ({ word })))
      .onConflictDoNothing();
    await tx.delete(botTerms).where(notInArray(botTerms.word, words));
  });
}
