import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, money } from "../db/columns.ts";
import { industries } from "../catalogues/schema.ts";
import { users } from "../auth/schema.ts";

// --- Free valuation tool (docs/decisions/018-valuation-engine.md) ------------------

/**
 * A valuation lead: what the visitor entered in the wizard and what the
 * engine answered, in one row (one statement, so atomically). Amounts are in
 * `currency` units as entered; the estimates are the engine's p10 / p50 / p90.
 * The team is not notified (the contact form is how an owner asks to be
 * called); the rows are there for the team to read.
 */
export const valuationRequests = pgTable(
  "valuation_requests",
  {
    id: serial("id").primaryKey(),
    // Set when a signed-in user asked; an account is deactivated, never deleted, but should one go, the lead stays.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    website: text("website"),
    industryId: integer("industry_id")
      .notNull()
      .references(() => industries.id),
    location: integer("location").notNull(),
    // Null when left blank (docs/decisions/029-valuation-optional-inputs.md), as net_profit and the growth.
    reason: integer("reason"),
    valuationType: text("valuation_type").notNull().default("default"),
    currency: text("currency", { enum: ["MXN", "USD"] }).notNull(),
    grossRevenue: money("gross_revenue").notNull(),
    netProfit: money("net_profit"),
    annualPercentageGrowth: numeric("annual_percentage_growth", { precision: 6, scale: 1, mode: "number" }),
    valuationResult: doublePrecision("valuation_result").notNull(),
    lowerEstimate: doublePrecision("lower_estimate").notNull(),
    upperEstimate: doublePrecision("upper_estimate").notNull(),
    multiple: doublePrecision("multiple").notNull(),
    profitResult: doublePrecision("profit_result").notNull(),
    /** server/valuations/reference-data.ts ENGINE_VERSION: which method and figures gave the answer. */
    engineVersion: integer("engine_version").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("valuation_requests_email_idx").on(table.email),
    index("valuation_requests_created_at_idx").on(table.createdAt),
    check("valuation_requests_location_check", sql`${table.location} between 1 and 9`),
    check("valuation_requests_reason_check", sql`${table.reason} between 1 and 8`),
    check("valuation_requests_currency_check", sql`${table.currency} in ('MXN', 'USD')`),
    check("valuation_requests_amounts_check", sql`${table.grossRevenue} >= 1 and ${table.netProfit} between 0 and ${table.grossRevenue}`),
    check("valuation_requests_range_check", sql`${table.lowerEstimate} <= ${table.valuationResult} and ${table.valuationResult} <= ${table.upperEstimate}`),
  ],
);
