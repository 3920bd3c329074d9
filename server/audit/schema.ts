import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";

// --- Audit log ----------------------------------------------------------------

/**
 * Every admin action (issue 15): who did what to which record, when, with the
 * record's fields before and after. Written in the action's own transaction
 * (server/audit/audit-log.ts), so an action and its entry land together or
 * not at all. Never updated or deleted by the app.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, as "<feature>.<verb>": "user.deactivate", "company.update", "company.create". */
    action: text("action").notNull(),
    targetType: text("target_type", { enum: ["user", "company"] }).notNull(),
    targetId: integer("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetType, table.targetId), index("audit_log_created_at_idx").on(table.createdAt)],
);
