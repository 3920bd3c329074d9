import { sql } from "drizzle-orm";
import { CARD_COMPANY_COLUMNS } from "../marketplace/schema.ts";
import type { Database } from "./open.ts";
import { rowsOf, textOf } from "./rows.ts";

/**
 * The trigger that logs a change of a marketplace card's columns to
 * marketplace_changes (`companies_log_card_change`, first written by hand in
 * migration 0021), built from the one definition of those columns,
 * CARD_COMPANY_COLUMNS (server/marketplace/schema.ts; docs/decisions/038).
 * It runs after every migration (./open.ts `migrate`): when the trigger in
 * the database compares other columns, it is replaced in one transaction.
 * Several processes starting at once take turns on an advisory lock, and the
 * ones after the first find it equal and change nothing, so a start does not
 * lock the companies table unless the definition changed.
 */

export const CARD_CHANGE_TRIGGER = "companies_log_card_change";
/** pg_advisory_xact_lock key of the rewrite ("card" in ASCII). */
const REWRITE_LOCK = 0x63617264;

/** The companies columns the trigger must compare, by their SQL names. */
export const cardChangeColumns = (): ReadonlyArray<string> => CARD_COMPANY_COLUMNS.map((column) => column.name);

type Reader = Pick<Database, "execute">;

/**
 * The columns the trigger in the database compares (its WHEN clause, read
 * back with pg_get_triggerdef), sorted; null when it is missing, disabled,
 * or not the AFTER UPDATE row trigger calling log_marketplace_card_change.
 */
export async function cardChangeTriggerColumns(db: Reader): Promise<ReadonlyArray<string> | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t
      WHERE t.tgrelid = 'public.companies'::regclass AND t.tgname = ${CARD_CHANGE_TRIGGER} AND NOT t.tgisinternal AND t.tgenabled = 'O'`),
  );
  if (row === undefined) return null;
  const definition = textOf(row, "definition");
  const shape = /^CREATE TRIGGER \S+ AFTER UPDATE ON public\.companies FOR EACH ROW WHEN \((.*)\) EXECUTE FUNCTION (?:public\.)?log_marketplace_card_change\(\)$/.exec(definition);
  if (shape === null) return null;
  // PostgreSQL keeps a row comparison as one test per column: (old.a IS DISTINCT FROM new.a) OR (old.b …) OR …
  const columns: string[] = [];
  for (const test of (shape[1] ?? "").replaceAll(/[()]/g, "").split(" OR ")) {
    const column = /^old\.(\w+) IS DISTINCT FROM new\.(\w+)$/.exec(test);
    if (column === null || column[1] !== column[2]) return null;
    columns.push(column[1] ?? "");
  }
  return columns.toSorted();
}

/** Replace the trigger when it does not compare exactly cardChangeColumns(); whether it was replaced. */
export async function syncCardChangeTrigger(db: Database): Promise<boolean> {
  const wanted = cardChangeColumns();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REWRITE_LOCK})`);
    if ((await cardChangeTriggerColumns(tx))?.join() === wanted.toSorted().join()) return false;
    const record = (name: "OLD" | "NEW") => sql.join(
      wanted.map((column) => sql`${sql.raw(name)}.${sql.identifier(column)}`),
      sql`, `,
    );
    await tx.execute(sql`DROP TRIGGER IF EXISTS ${sql.identifier(CARD_CHANGE_TRIGGER)} ON public.companies`);
    await tx.execute(sql`
      CREATE TRIGGER ${sql.identifier(CARD_CHANGE_TRIGGER)}
        AFTER UPDATE ON public.companies
        FOR EACH ROW
        WHEN ((${record("OLD")}) IS DISTINCT FROM (${record("NEW")}))
        EXECUTE FUNCTION public.log_marketplace_card_change()`);
    return true;
  });
}
