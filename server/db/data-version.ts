import { eq } from "drizzle-orm";
import type { Database } from "./open.ts";
import { marketplaceState } from "../marketplace/schema.ts";

/**
 * The marketplace version: a counter that triggers raise, once per
 * committing transaction, on every write to companies, their industries or
 * interests and the catalogues a card shows (migration 0004). Whatever is
 * cached for the marketplace is keyed on it.
 */

type VersionStatement = { execute(): Promise<ReadonlyArray<{ version: number }>> };

const statements = new WeakMap<Database, VersionStatement>();

const statementFor = (db: Database): VersionStatement => {
  let statement = statements.get(db);
  if (statement === undefined) {
    statement = db
      .select({ version: marketplaceState.version })
      .from(marketplaceState)
      .where(eq(marketplaceState.id, 1))
      .prepare("marketplace_version");
    statements.set(db, statement);
  }
  return statement;
};

/** One read of the version (a prepared one-row primary-key lookup). */
export async function readMarketplaceVersion(db: Database): Promise<number> {
  const [row] = await statementFor(db).execute();
  return row?.version ?? 0;
}

/**
 * Reads of the version shared by concurrent requests, without ever answering
 * one that began before the caller asked: a caller who just committed a
 * write must see its version. At most one read is in flight; callers that
 * arrive meanwhile share the next read, which starts when it ends. Under
 * load this turns one query per request into one query per round trip.
 */
export class VersionReader {
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;

  constructor(private readonly db: Database) {}

  read(): Promise<number> {
    if (this.current === null) return this.launch();
    this.queued ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.launch();
      });
    return this.queued;
  }

  private launch(): Promise<number> {
    const reading: Promise<number> = readMarketplaceVersion(this.db).finally(() => {
      if (this.current === reading) this.current = null;
    });
    this.current = reading;
    return reading;
  }
}
