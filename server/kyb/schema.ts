import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { companies } from "../companies/schema.ts";

// --- KYB: basic verification requests ------------------------------------------

/**
 * A KYB básico request (docs/decisions/016-kyb.md): the company's RFC as the
 * requester gave it (normalised, checked), waiting for the team's review.
 */
export const kybRequests = pgTable(
  "kyb_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // Accounts are deactivated, not deleted; should one ever be deleted, the request stays for the review.
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    rfc: text("rfc").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (table) => [
    index("kyb_requests_company_id_idx").on(table.companyId),
    check("kyb_requests_status_check", sql`${table.status} in ('pending', 'verified', 'rejected')`),
    check("kyb_requests_rfc_length_check", sql`char_length(${table.rfc}) between 12 and 13`),
  ],
);
