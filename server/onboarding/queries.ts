import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_URGENCY,
  fromHundredths,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingSummary,
} from "../../contracts/onboarding.ts";
import type { Database } from "../db/open.ts";
import type { societies, taxSystems } from "../catalogues/schema.ts";
import { companies, companyInterests } from "../companies/schema.ts";
import { companyAttributes, companyCharacteristics, companyTypes, fundingStructures, interests } from "../catalogues/schema.ts";
import {
  companyEquities,
  companyFundingRoundUses,
  companyFundingStructures,
  companyOnboardingAttributes,
  companyOnboardingCharacteristics,
  companyOnboardings,
} from "./schema.ts";
import { users } from "../auth/schema.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Database | Tx;

type OnboardingRow = typeof companyOnboardings.$inferSelect;
export type OnboardingColumns = Partial<Omit<typeof companyOnboardings.$inferInsert, "companyId" | "savedSteps" | "createdAt" | "updatedAt">>;

/**
 * Writes `columns` into the company's onboarding row (created on the first
 * save) and records `step` as saved. Runs inside the caller's transaction.
 */
export async function upsertOnboarding(tx: Tx, companyId: number, step: OnboardingStep, columns: OnboardingColumns): Promise<void> {
  await tx
    .insert(companyOnboardings)
    .values({ companyId, ...columns, savedSteps: [step] })
    .onConflictDoUpdate({
      target: companyOnboardings.companyId,
      set: {
        ...columns,
        // Append once: a repeated save does not list the step twice.
        savedSteps: sql`case when ${step} = any(${companyOnboardings.savedSteps}) then ${companyOnboardings.savedSteps} else array_append(${companyOnboardings.savedSteps}, ${step}::text) end`,
        updatedAt: sql`now()`,
      },
    });
}

/** Locks the company row for the save; null when it is gone. */
export async function lockCompany(tx: Tx, companyId: number): Promise<{ readonly ownerUserId: number | null } | null> {
  const [company] = await tx.select({ ownerUserId: companies.ownerUserId }).from(companies).where(eq(companies.id, companyId)).for("update").limit(1);
  return company ?? null;
}

/** How many of `ids` exist in the catalogue `table` (by id). */
export async function countExisting(
  tx: Reader,
  table: typeof interests | typeof companyCharacteristics | typeof companyAttributes | typeof fundingStructures | typeof societies | typeof taxSystems,
  ids: ReadonlyArray<number>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, [...ids]));
  return rows.length;
}

const num = (value: number | null): number | null => (value === null ? null : Number(value));

/** What the seller already told us about the company (sign-up or the company form). */
interface KnownCompany {
  readonly name: string;
  readonly legalName: string | null;
  readonly comercialName: string | null;
  readonly website: string | null;
  /** The company type's catalogue name chosen at sign-up ("Persona moral", "Persona física"). */
  readonly companyTypeName: string | null;
}

/** The person type a company type's catalogue name says, if it says one. */
const personTypeOf = (companyTypeName: string | null): "fisica" | "moral" | null => {
  const name = companyTypeName?.toLocaleLowerCase("es-MX") ?? "";
  if (name.includes("moral")) return "moral";
  if (name.includes("física") || name.includes("fisica")) return "fisica";
  return null;
};

/**
 * Step 1's fields fall back to the company's own until step 1 is saved: a
 * new seller typed the name, website and company type at sign-up and should
 * not type them again (decision 017).
 */
function generalInformation(row: OnboardingRow | undefined, company: KnownCompany): OnboardingSummary["general_information"] {
  const stepOneSaved = row?.savedSteps.includes("company_data") ?? false;
  return {
    legal_name: stepOneSaved ? (row?.legalName ?? null) : company.legalName,
    name: stepOneSaved ? (row?.name ?? null) : company.name,
    comercial_name: stepOneSaved ? (row?.comercialName ?? null) : company.comercialName,
    rfc: row?.rfc ?? null,
    website: stepOneSaved ? (row?.website ?? null) : company.website,
    company_type: stepOneSaved ? (row?.companyType ?? null) : personTypeOf(company.companyTypeName),
    society_id: row?.societyId ?? null,
    tax_system_id: row?.taxSystemId ?? null,
    financial_records_state: row?.financialRecordsState ?? null,
    yearly_sales: num(row?.yearlySales ?? null),
    ebitda_margin: num(row?.ebitdaMargin ?? null),
    second_last_year_yearly_sales: num(row?.secondLastYearYearlySales ?? null),
    second_last_year_ebitda_margin: num(row?.secondLastYearEbitdaMargin ?? null),
    estimate_yearly_sales: num(row?.estimateYearlySales ?? null),
    company_uniqueness_summary: row?.companyUniquenessSummary ?? null,
    company_challenges: row?.companyChallenges ?? null,
    motivation: row?.motivation ?? null,
    valuation_range_negotiation: row?.valuationRangeNegotiation ?? null,
    funding_round_urgency: row?.fundingRoundUrgency ?? DEFAULT_URGENCY,
  };
}

/** The summary of a company the caller may manage (checked before); null when the company is gone. */
export async function loadSummary(db: Reader, companyId: number): Promise<OnboardingSummary | null> {
  const [company] = await db
    .select({
      id: companies.id,
      completed: users.isOnboardingCompleted,
      name: companies.name,
      legalName: companies.legalName,
      comercialName: companies.comercialName,
      website: companies.website,
      companyTypeName: companyTypes.name,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerUserId))
    .leftJoin(companyTypes, eq(companyTypes.id, companies.companyTypeId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (company === undefined) return null;
  const [row] = await db.select().from(companyOnboardings).where(eq(companyOnboardings.companyId, companyId)).limit(1);
  const equities = await db
    .select({ shareholder: companyEquities.shareholder, hundredths: companyEquities.equityHundredths })
    .from(companyEquities)
    .where(eq(companyEquities.companyId, companyId))
    .orderBy(asc(companyEquities.position));
  const uses = await db
    .select({ name: companyFundingRoundUses.useName, hundredths: companyFundingRoundUses.percentageHundredths })
    .from(companyFundingRoundUses)
    .where(eq(companyFundingRoundUses.companyId, companyId))
    .orderBy(asc(companyFundingRoundUses.position));
  const chosenInterests = await db
    .select({ id: interests.id, name: interests.name })
    .from(companyInterests)
    .innerJoin(interests, eq(interests.id, companyInterests.interestId))
    .where(eq(companyInterests.companyId, companyId))
    .orderBy(asc(interests.id));
  const characteristics = await db
    .select({ id: companyCharacteristics.id, name: companyCharacteristics.name })
    .from(companyOnboardingCharacteristics)
    .innerJoin(companyCharacteristics, eq(companyCharacteristics.id, companyOnboardingCharacteristics.characteristicId))
    .where(eq(companyOnboardingCharacteristics.companyId, companyId))
    .orderBy(asc(companyCharacteristics.id));
  const attributes = await db
    .select({ id: companyAttributes.id, name: companyAttributes.name })
    .from(companyOnboardingAttributes)
    .innerJoin(companyAttributes, eq(companyAttributes.id, companyOnboardingAttributes.attributeId))
    .where(eq(companyOnboardingAttributes.companyId, companyId))
    .orderBy(asc(companyAttributes.id));
  const structures = await db
    .select({ id: fundingStructures.id, name: fundingStructures.name, type: fundingStructures.type })
    .from(companyFundingStructures)
    .innerJoin(fundingStructures, eq(fundingStructures.id, companyFundingStructures.fundingStructureId))
    .where(eq(companyFundingStructures.companyId, companyId))
    .orderBy(asc(fundingStructures.id));
  const saved = new Set(row?.savedSteps ?? []);
  return {
    company_id: company.id,
    general_information: generalInformation(row, company),
    company_equities: equities.map((equity) => ({ shareholder: equity.shareholder, equity: fromHundredths(equity.hundredths) })),
    interests: chosenInterests,
    company_funding_round:
      row?.fundingRound == null
        ? null
        : {
            funding_round: row.fundingRound,
            funding_round_amount: Number(row.fundingRoundAmount ?? 0),
            funding_round_done: row.fundingRoundDone == null ? null : Number(row.fundingRoundDone),
            investors: row.investors ?? null,
          },
    company_funding_rounds_uses: uses.map((use) => ({ use_name: use.name, use_percentage: fromHundredths(use.hundredths) })),
    companyCharacteristics: characteristics,
    companyAttributes: attributes,
    fundingStructures: structures,
    saved_steps: ONBOARDING_STEPS.filter((step) => saved.has(step)),
    is_onboarding_completed: company.completed ?? false,
  };
}
