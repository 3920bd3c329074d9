import type { Database } from "../db/open.ts";
import { valuationRequests } from "./schema.ts";

export type ValuationLead = typeof valuationRequests.$inferInsert;

interface Waiting {
  readonly lead: ValuationLead;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Rows per INSERT: 18 parameters each stays far below PostgreSQL's 65,535. */
export const MAX_LEADS_PER_INSERT = 200;

/**
 * Stores valuation leads, coalescing concurrent ones: at most one INSERT is
 * in flight, and the leads that arrive meanwhile go together in the next one
 * (a single multi-row statement, so each lead is written atomically). A
 * caller's promise settles when the statement holding its lead has
 * committed, so an answer is never sent before its lead is stored. Alone, a
 * lead is inserted at once; under load this turns one statement (a round
 * trip, a commit) per valuation into one per round trip
 * (docs/performance/valuation.md). If a statement fails, every lead in it
 * fails with the same error (the rows were checked before, so only a
 * database failure does that).
 */
export class LeadWriter {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  write(lead: ValuationLead): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ lead, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_LEADS_PER_INSERT);
        try {
          await this.db.insert(valuationRequests).values(batch.map((item) => item.lead));
          for (const item of batch) item.resolve();
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
