import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { companies } from "../companies/schema.ts";

/** A buyer's saved marketplace search: the filters (null: any) and the search text. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    stateId: integer("state_id"),
    industryId: integer("industry_id"),
    salesRangeId: integer("sales_range_id"),
    interestId: integer("interest_id"),
    companyTypeId: integer("company_type_id"),
    verificationLevelId: integer("verification_level_id"),
    ebitdaId: integer("ebitda_id"),
    q: text("q"),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    alertsSent: integer("alerts_sent").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("saved_searches_user_idx").on(table.userId)],
);

/** Which listing was e-mailed for which saved search: never twice for the same pair. */
export const savedSearchAlerts = pgTable(
  "saved_search_alerts",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.companyId] })],
);

/**
 * An outbox of companies that became listed (published and active): a
 * trigger on companies writes a row when a company enters the marketplace;
 * the saved-search alerts worker (server/saved-searches) takes unprocessed
 * rows with FOR UPDATE SKIP LOCKED, so several server processes share it.
 */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("listing_events_unprocessed_idx").on(table.id).where(sql`processed_at IS NULL`)],
);
