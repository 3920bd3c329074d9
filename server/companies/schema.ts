import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, money, percent, tsvector } from "../db/columns.ts";
import { companyStatuses, companyTypes, countries, ebitdaRanges, industries, interests, societies, states, taxSystems, userCompanyRoles, verificationLevels, yearlySalesRanges } from "../catalogues/schema.ts";
import { users } from "../auth/schema.ts";

/** Ids of the rows the company form defaults to ('Created', 'Pendiente'). */
export const DEFAULT_COMPANY_STATUS_ID = 1;
export const DEFAULT_VERIFICATION_LEVEL_ID = 1;

/** The marketplace shows a company only when both flags are set; partial indexes repeat this predicate. */
const LISTED = sql`is_published AND is_active`;

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    /** Public reference shown on cards, "PUE-0001". */
    humanId: text("human_id").notNull().unique(),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    comercialName: text("comercial_name"),
    rfc: text("rfc"),
    website: text("website"),
    /** Year of foundation. */
    foundationDate: integer("foundation_date"),
    headcount: integer("headcount"),
    // Plain text on purpose: a later migration adds Spanish full-text search.
    shortDescription: text("short_description"),
    longDescription: text("long_description"),
    companyTypeId: integer("company_type_id").references(() => companyTypes.id),
    stateId: integer("state_id").references(() => states.id),
    countryId: integer("country_id").references(() => countries.id),
    companyStatusId: integer("company_status_id")
      .notNull()
      .default(DEFAULT_COMPANY_STATUS_ID)
      .references(() => companyStatuses.id),
    verificationLevelId: integer("verification_level_id")
      .notNull()
      .default(DEFAULT_VERIFICATION_LEVEL_ID)
      .references(() => verificationLevels.id),
    ebitdaRangeId: integer("ebitda_range_id").references(() => ebitdaRanges.id),
    yearlySalesRangeId: integer("yearly_sales_range_id").references(() => yearlySalesRanges.id),
    userCompanyRoleId: integer("user_company_role_id").references(() => userCompanyRoles.id),
    /** MXN. */
    ebitda: money("ebitda"),
    /** Percent, e.g. 18.5. */
    ebitdaMargin: percent("ebitda_margin"),
    /** MXN. */
    yearlySales: money("yearly_sales"),
    /** Amount sought in the funding round (labelled USD in the UI). */
    fundingRound: money("funding_round"),
    /** Average yearly growth over 3 years, percent. */
    averageYearlyGrowth: percent("average_yearly_growth"),
    societyId: integer("society_id").references(() => societies.id),
    taxSystemId: integer("tax_system_id").references(() => taxSystems.id),
    pictureUrl: text("picture_url"),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    isPublished: boolean("is_published").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Spanish full-text document (unaccented): industry names (weight A),
     * short description and state (B), long description (C). Written only by
     * the trigger of migration 0004; never set it from code.
     */
    searchVector: tsvector("search_vector"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("companies_owner_user_id_idx").on(table.ownerUserId),
    index("companies_state_id_idx").on(table.stateId),
    index("companies_listed_idx").on(table.isPublished, table.isActive),
    // Listed companies by filter (server/marketplace/filters.ts: the saved-search
    // alerts and buyer mandates match in SQL): queries carry
    // `is_published AND is_active` literally, so these partial indexes apply.
    index("companies_listed_id_idx").on(table.id).where(LISTED),
    index("companies_listed_state_idx").on(table.stateId, table.id).where(LISTED),
    index("companies_listed_type_idx").on(table.companyTypeId, table.id).where(LISTED),
    index("companies_listed_verification_idx").on(table.verificationLevelId, table.id).where(LISTED),
    index("companies_listed_ebitda_idx").on(table.ebitdaRangeId, table.id).where(LISTED),
    index("companies_listed_sales_idx").on(table.yearlySalesRangeId, table.id).where(LISTED),
  ],
);

export const companyIndustries = pgTable(
  "company_industries",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    industryId: integer("industry_id")
      .notNull()
      .references(() => industries.id),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.industryId] }),
    index("company_industries_industry_id_idx").on(table.industryId),
    // Lets the marketplace walk one industry's companies newest first.
    index("company_industries_industry_company_idx").on(table.industryId, table.companyId),
  ],
);

export const companyInterests = pgTable(
  "company_interests",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interestId: integer("interest_id")
      .notNull()
      .references(() => interests.id),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.interestId] }),
    index("company_interests_interest_id_idx").on(table.interestId),
    index("company_interests_interest_company_idx").on(table.interestId, table.companyId),
  ],
);
