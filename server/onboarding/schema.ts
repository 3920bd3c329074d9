import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, money, percent } from "../db/columns.ts";
import { companyAttributes, companyCharacteristics, fundingStructures, societies, taxSystems } from "../catalogues/schema.ts";
import { companies } from "../companies/schema.ts";

// --- Onboarding (docs/decisions/017-onboarding.md) ------------------------------

/**
 * The seller's onboarding answers, one row per company: the scalar answers
 * of every wizard step and which saves were made (`saved_steps`, the names
 * of contracts/onboarding.ts ONBOARDING_STEPS), so the wizard can resume.
 */
export const companyOnboardings = pgTable(
  "company_onboardings",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    legalName: text("legal_name"),
    name: text("name"),
    comercialName: text("comercial_name"),
    rfc: text("rfc"),
    website: text("website"),
    companyType: text("company_type", { enum: ["fisica", "moral"] }),
    societyId: integer("society_id").references(() => societies.id),
    taxSystemId: integer("tax_system_id").references(() => taxSystems.id),
    financialRecordsState: text("financial_records_state", {
      enum: ["has_financial_records", "has_some_financial_records", "has_excel_financial_records", "no_financial_records"],
    }),
    yearlySales: money("yearly_sales"),
    ebitdaMargin: percent("ebitda_margin"),
    secondLastYearYearlySales: money("second_last_year_yearly_sales"),
    secondLastYearEbitdaMargin: percent("second_last_year_ebitda_margin"),
    estimateYearlySales: money("estimate_yearly_sales"),
    companyUniquenessSummary: text("company_uniqueness_summary"),
    companyChallenges: text("company_challenges"),
    motivation: text("motivation"),
    valuationRangeNegotiation: text("valuation_range_negotiation"),
    fundingRoundUrgency: text("funding_round_urgency", { enum: ["asap", "moderate", "not_urgent"] }).notNull().default("not_urgent"),
    fundingRound: text("funding_round", { enum: ["pre_seed", "series_a", "series_b", "series_c", "series_d", "other"] }),
    fundingRoundAmount: money("funding_round_amount"),
    fundingRoundDone: money("funding_round_done"),
    investors: integer("investors"),
    savedSteps: text("saved_steps")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("company_onboardings_company_type_check", sql`${table.companyType} in ('fisica', 'moral')`),
    check(
      "company_onboardings_financial_records_state_check",
      sql`${table.financialRecordsState} in ('has_financial_records', 'has_some_financial_records', 'has_excel_financial_records', 'no_financial_records')`,
    ),
    check("company_onboardings_urgency_check", sql`${table.fundingRoundUrgency} in ('asap', 'moderate', 'not_urgent')`),
    check("company_onboardings_funding_round_check", sql`${table.fundingRound} in ('pre_seed', 'series_a', 'series_b', 'series_c', 'series_d', 'other')`),
  ],
);

/** Shareholders (step 2), in the order given; equity in hundredths of a percent (the total is 10 000). */
export const companyEquities = pgTable(
  "company_equities",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    shareholder: text("shareholder").notNull(),
    equityHundredths: integer("equity_hundredths").notNull(),
  },
  (table) => [
    unique("company_equities_company_position_unique").on(table.companyId, table.position),
    check("company_equities_equity_check", sql`${table.equityHundredths} between 0 and 10000`),
  ],
);

/** Uses of the capital (step 6), in the order given; hundredths of a percent (the total is 10 000). */
export const companyFundingRoundUses = pgTable(
  "company_funding_round_uses",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    useName: text("use_name").notNull(),
    percentageHundredths: integer("percentage_hundredths").notNull(),
  },
  (table) => [
    unique("company_funding_round_uses_company_position_unique").on(table.companyId, table.position),
    check("company_funding_round_uses_percentage_check", sql`${table.percentageHundredths} between 0 and 10000`),
  ],
);

export const companyOnboardingCharacteristics = pgTable(
  "company_onboarding_characteristics",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    characteristicId: integer("characteristic_id")
      .notNull()
      .references(() => companyCharacteristics.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.characteristicId] })],
);

export const companyOnboardingAttributes = pgTable(
  "company_onboarding_attributes",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => companyAttributes.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.attributeId] })],
);

export const companyFundingStructures = pgTable(
  "company_funding_structures",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fundingStructureId: integer("funding_structure_id")
      .notNull()
      .references(() => fundingStructures.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.fundingStructureId] })],
);
