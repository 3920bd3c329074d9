import { sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import * as t from "../catalogues/schema.ts";
import * as data from "./catalogue-data.ts";

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Write every catalogue row (fixed ids, upsert on id). Idempotent: run on
 * every start, it adds new rows and renames changed ones.
 */
export async function seedCatalogues(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const plain: ReadonlyArray<readonly [typeof t.industries, ReadonlyArray<data.Entry>]> = [
      [t.industries, data.INDUSTRIES],
      [t.companyTypes, data.COMPANY_TYPES],
      [t.interests, data.INTERESTS],
      [t.userCompanyRoles, data.USER_COMPANY_ROLES],
      [t.ebitdaRanges, data.EBITDA_RANGES],
      [t.buyerDescriptions, data.BUYER_DESCRIPTIONS],
      [t.investmentSizes, data.INVESTMENT_SIZES],
      [t.referers, data.REFERERS],
      [t.servicesInterested, data.SERVICES_INTERESTED],
      [t.companyStatuses, data.COMPANY_STATUSES],
      [t.verificationLevels, data.VERIFICATION_LEVELS],
      [t.yearlySalesRanges, data.YEARLY_SALES_RANGES],
      [t.companyCharacteristics, data.COMPANY_CHARACTERISTICS],
      [t.companyAttributes, data.COMPANY_ATTRIBUTES],
    ];
    for (const [table, rows] of plain) {
      await tx
        .insert(table)
        .values(rows.map(({ id, name }) => ({ id, name })))
        .onConflictDoUpdate({ target: table.id, set: { name: excluded("name") } });
    }
    await tx
      .insert(t.states)
      .values(data.STATE_ROWS)
      .onConflictDoUpdate({ target: t.states.id, set: { name: excluded("name"), inegiCode: excluded("inegi_code") } });
    await tx
      .insert(t.countries)
      .values(data.COUNTRY_ROWS)
      .onConflictDoUpdate({ target: t.countries.id, set: { name: excluded("name"), isoCode: excluded("iso_code") } });
    await tx
      .insert(t.societies)
      .values(data.SOCIETY_ROWS)
      .onConflictDoUpdate({ target: t.societies.id, set: { name: excluded("name"), fullName: excluded("full_name") } });
    await tx
      .insert(t.taxSystems)
      .values(data.TAX_SYSTEM_ROWS)
      .onConflictDoUpdate({
        target: t.taxSystems.id,
        set: { code: excluded("code"), name: excluded("name"), personaType: excluded("persona_type") },
      });
    await tx
      .insert(t.fundingStructures)
      .values(data.FUNDING_STRUCTURE_ROWS)
      .onConflictDoUpdate({ target: t.fundingStructures.id, set: { name: excluded("name"), type: excluded("type") } });
  });
}
