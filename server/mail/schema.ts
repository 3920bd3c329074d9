import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/**
 * Every e-mail the product sends, whatever the transport: the offline
 * default only writes here (and to the log); with SMTP_URL the message is
 * also sent and `sent_at` set.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_outbox_recipient_idx").on(table.recipient)],
);
