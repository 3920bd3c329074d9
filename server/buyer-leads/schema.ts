import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { investmentSizes } from "../catalogues/schema.ts";
import { companies } from "../companies/schema.ts";

/**
 * A buyer mandate (issue 28, docs/decisions/033-buyer-mandates.md): what
 * company someone looks for. Each criterion is a list of catalogue ids, empty
 * for "any", matched against a listing the way the marketplace's filters
 * match it (server/buyer-leads/matching.ts). `interest_ids` are the listing
 * interests the deal type looks for, resolved when the mandate is left.
 * The contact is kept as given (a visitor's) or as the account had it.
 */
export const buyerLeads = pgTable(
  "buyer_leads",
  {
    id: serial("id").primaryKey(),
    /** The account that left it (null: a visitor); its deactivation ends the mandate. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    contactName: text("contact_name").notNull(),
    /** Lower case; where the matches of new listings are e-mailed. */
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    industryIds: integer("industry_ids").array().notNull(),
    stateIds: integer("state_ids").array().notNull().default(sql`'{}'::int[]`),
    salesRangeIds: integer("sales_range_ids").array().notNull().default(sql`'{}'::int[]`),
    ebitdaRangeIds: integer("ebitda_range_ids").array().notNull().default(sql`'{}'::int[]`),
    dealType: text("deal_type", { enum: ["buy", "invest", "either"] }).notNull(),
    interestIds: integer("interest_ids").array().notNull().default(sql`'{}'::int[]`),
    investmentSizeId: integer("investment_size_id")
      .notNull()
      .references(() => investmentSizes.id),
    description: text("description").notNull(),
    /** New listings are matched until then. */
    activeUntil: timestamp("active_until", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("buyer_leads_deal_type_check", sql`${table.dealType} IN ('buy', 'invest', 'either')`),
    check("buyer_leads_contact_email_lowercase_check", sql`${table.contactEmail} = lower(${table.contactEmail})`),
    index("buyer_leads_active_until_idx").on(table.activeUntil),
  ],
);

/**
 * Which listing a mandate was told about: the listings that matched when it
 * was left (`emailed_at` null: the answer named them) and each new listing
 * e-mailed since. The primary key makes it once per listing per mandate, even
 * across unpublish and republish or racing workers.
 */
export const buyerLeadMatches = pgTable(
  "buyer_lead_matches",
  {
    buyerLeadId: integer("buyer_lead_id")
      .notNull()
      .references(() => buyerLeads.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.buyerLeadId, table.companyId] }), index("buyer_lead_matches_company_idx").on(table.companyId)],
);
