import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/** Where a message stands (see the table); contracts/admin.ts EMAIL_STATUSES says the same for the admins' list (a schema imports no contract). */
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;

/** How a message leaves: "smtp" with SMTP_URL, "outbox" (the log) without. */
export const MAIL_TRANSPORTS = ["outbox", "smtp"] as const;
export type MailTransportKind = (typeof MAIL_TRANSPORTS)[number];

/**
 * The e-mail outbox: every message the product sends, written in the
 * transaction of the change that causes it and delivered afterwards by the
 * worker of any process (server/mail/delivery.ts). Rows are kept once sent
 * (an audit trail, and the offline default's "inbox").
 *
 * `status` (docs/decisions/031-email-outbox.md):
 * - pending: waiting for its attempt at `next_attempt_at`;
 * - sending: claimed by the worker `claimed_by`, whose lease ends at
 *   `next_attempt_at` (a claimer that died leaves it there; another process
 *   takes it once the lease has passed);
 * - sent: delivered at `sent_at` (by SMTP, or written to the log offline);
 * - failed: no more attempts: the server refused it for good (a 5xx reply)
 *   or it kept failing for the whole retry window; `last_error` says why.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** How it leaves (or left): "smtp" with SMTP_URL, "outbox" (the log) without. */
    transport: text("transport", { enum: MAIL_TRANSPORTS }).notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    /** Delivery attempts begun (a claim counts one). */
    attempts: integer("attempts").notNull().default(0),
    /** When a worker may take it: the next attempt (pending) or the end of the claim's lease (sending); null once sent or failed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    /** The worker holding the claim while sending (host, process, instance). */
    claimedBy: text("claimed_by"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last failure, as the transport told it. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_outbox_recipient_idx").on(table.recipient),
    // What the worker looks for: due messages, and claims whose lease has passed.
    index("email_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    // What the admins look at: the latest messages of one status.
    index("email_outbox_status_idx").on(table.status, table.id),
    check("email_outbox_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
