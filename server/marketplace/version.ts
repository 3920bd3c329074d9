import { eq } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { marketplaceState } from "../db/schema.ts";

/**
 * The marketplace version: a counter that triggers raise, once per
 * committing transaction, on every write to companies, their industries or
 * interests and the catalogues a card shows (migration 0004). Whatever is
 * cached for the marketplace is keyed on it.
 */
const statements = new WeakMap<Database, { execute(): Promise<ReadonlyArray<{ version: number }>> }>();

export async function readMarketplaceVersion(db: Database): Promise<number> {
  let statement = statements.get(db);
  if (statement === undefined) {
    statement = db
      .select({ version: marketplaceState.version })
      .from(marketplaceState)
      .where(eq(marketplaceState.id, 1))
      .prepare("marketplace_version");
    statements.set(db, statement);
  }
  const [row] = await statement.execute();
  return row?.version ?? 0;
}
