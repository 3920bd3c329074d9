import { and, desc, eq } from "drizzle-orm";
import type { CreateLetterOfIntent } from "../../contracts/deal-room.ts";
import type { Database } from "../db/open.ts";
import { accessRequests, lettersOfIntent } from "./schema.ts";
import { companies } from "../companies/schema.ts";

/** Letters of intent (decision 023): the approved buyer's non-binding offers; one pending at a time per request. */

export type LetterRow = typeof lettersOfIntent.$inferSelect;

/** Every letter of a request, newest first. */
export const lettersOf = (db: Database, accessRequestId: number): Promise<LetterRow[]> =>
  db
    .select()
    .from(lettersOfIntent)
    .where(eq(lettersOfIntent.accessRequestId, accessRequestId))
    .orderBy(desc(lettersOfIntent.createdAt), desc(lettersOfIntent.id));

export async function hasPendingLetter(tx: Database, accessRequestId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: lettersOfIntent.id })
    .from(lettersOfIntent)
    .where(and(eq(lettersOfIntent.accessRequestId, accessRequestId), eq(lettersOfIntent.status, "pending")))
    .limit(1);
  return row !== undefined;
}

export async function insertLetter(tx: Database, accessRequestId: number, letter: CreateLetterOfIntent, at: Date): Promise<LetterRow> {
  const [row] = await tx
    .insert(lettersOfIntent)
    .values({ accessRequestId, amount: letter.amount, currency: letter.currency, stakePercentage: letter.stake_percentage, terms: letter.terms, createdAt: at })
    .returning();
  if (row === undefined) throw new Error("insertLetter: no row returned");
  return row;
}

/** A letter with the parties of its request (to decide who may answer it). */
export async function findLetter(db: Database, id: number) {
  const [row] = await db
    .select({
      letter: lettersOfIntent,
      buyerUserId: accessRequests.buyerUserId,
      companyId: accessRequests.companyId,
      humanId: companies.humanId,
      ownerUserId: companies.ownerUserId,
    })
    .from(lettersOfIntent)
    .innerJoin(accessRequests, eq(accessRequests.id, lettersOfIntent.accessRequestId))
    .innerJoin(companies, eq(companies.id, accessRequests.companyId))
    .where(eq(lettersOfIntent.id, id))
    .limit(1);
  return row ?? null;
}

/** Locks the letter for the answer: two answers at once give one success and one 409. */
export async function lockLetter(tx: Database, id: number): Promise<LetterRow | null> {
  const [row] = await tx.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id)).for("update");
  return row ?? null;
}
