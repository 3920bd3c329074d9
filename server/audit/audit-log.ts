import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { auditLog } from "./schema.ts";

/** A transaction or the database: an entry is written inside the action's own transaction. */
type Writer = Pick<Database, "insert">;
type Reader = Pick<Database, "select">;

export type AuditTarget = "user" | "company";

export interface AuditEntry {
  /** The admin who acted. */
  readonly actorUserId: number;
  /** "<feature>.<verb>": "user.deactivate", "company.update", "company.publish"... */
  readonly action: string;
  readonly targetType: AuditTarget;
  readonly targetId: number;
  /** The fields the action changed, as they were (null for a creation). */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** The same fields as they are now (null for a removal). */
  readonly after: Readonly<Record<string, unknown>> | null;
}

/**
 * Writes one audit entry (issue 15: every admin action is logged with who,
 * what, when, before and after). Call it with the action's transaction so
 * the change and its entry commit together.
 */
export async function recordAudit(tx: Writer, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
  });
}

/** The entries about one record, newest first (tests and, later, an audit view). */
export async function auditEntriesFor(db: Reader, targetType: AuditTarget, targetId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id));
}

/**
 * Only the keys whose values differ, for `before` / `after`: an entry says
 * what changed, not the whole record.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { readonly before: Record<string, unknown>; readonly after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
