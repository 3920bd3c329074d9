import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, unique } from "drizzle-orm/pg-core";

/**
 * The catalogues: plain lists the forms and filters choose from. They use
 * explicit integer ids written by the seed (server/seed/catalogue-data.ts),
 * so an id means the same row on every database: state 19 is Nuevo León (its
 * INEGI code), verification level 1 is 'Pendiente', company status 1 is
 * 'Created'.
 */

/** A plain {id, name} catalogue with a unique name. */
const catalogue = (name: string) =>
  pgTable(name, {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
  });

// --- Catalogues (19, one per CATALOGUE_PATHS entry) -------------------------

export const industries = catalogue("industries");
export const companyTypes = catalogue("company_types");
export const interests = catalogue("interests");
export const userCompanyRoles = catalogue("user_company_roles");
export const ebitdaRanges = catalogue("ebitda_ranges");
export const buyerDescriptions = catalogue("buyer_descriptions");
export const investmentSizes = catalogue("investment_sizes");
export const referers = catalogue("referers");
export const servicesInterested = catalogue("services_interested");
export const companyStatuses = catalogue("company_statuses");
export const verificationLevels = catalogue("verification_levels");
export const yearlySalesRanges = catalogue("yearly_sales_ranges");
export const companyCharacteristics = catalogue("company_characteristics");
export const companyAttributes = catalogue("company_attributes");

/** The 32 federal entities; `inegi_code` is the two-digit INEGI key ("19"). */
export const states = pgTable("states", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  inegiCode: text("inegi_code").notNull().unique(),
});

export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** ISO 3166-1 alpha-2, null for 'Otro'. */
  isoCode: text("iso_code").unique(),
});

/** Legal company forms; `name` is the abbreviation ("S.A. de C.V."). */
export const societies = pgTable("societies", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  fullName: text("full_name").notNull(),
});

/** SAT c_RegimenFiscal. Code 626 (RESICO) exists for both persona types. */
export const taxSystems = pgTable(
  "tax_systems",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    personaType: text("persona_type", { enum: ["moral", "fisica"] }).notNull(),
  },
  (table) => [
    unique("tax_systems_code_persona_type_unique").on(table.code, table.personaType),
    check("tax_systems_persona_type_check", sql`${table.personaType} in ('moral', 'fisica')`),
  ],
);

export const fundingStructures = pgTable(
  "funding_structures",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    type: text("type", { enum: ["debt", "equity", "hybrid"] }).notNull(),
  },
  (table) => [check("funding_structures_type_check", sql`${table.type} in ('debt', 'equity', 'hybrid')`)],
);
