import { and, eq } from "drizzle-orm";
import {
  getOnboardingEndpoint,
  ONBOARDING_MESSAGES,
  saveCompanyCharacteristicsEndpoint,
  saveCompanyDataEndpoint,
  saveCompanyEquitiesEndpoint,
  saveCompanyFundingRoundEndpoint,
  saveCompanyFundingRoundUsesEndpoint,
  saveCompanyInterestsEndpoint,
  saveCompanySellDataEndpoint,
  saveCompanySellingDataEndpoint,
  saveFundingStructuresEndpoint,
  slackOnboardingEndpoint,
  toHundredths,
  type OnboardingStep,
  type OnboardingSummary,
} from "../../contracts/onboarding.ts";
import type { RouteContext } from "../http/context.ts";
import { badRequest } from "../http/errors.ts";
import { fail, type Router } from "../http/router.ts";
import { companies, companyInterests } from "../companies/schema.ts";
import { companyAttributes, companyCharacteristics, fundingStructures, interests, societies, taxSystems } from "../catalogues/schema.ts";
import { companyEquities, companyFundingRoundUses, companyFundingStructures, companyOnboardingAttributes, companyOnboardingCharacteristics, companyOnboardings } from "./schema.ts";
import { users } from "../auth/schema.ts";
import type { TeamNotifier } from "./notifier.ts";
import { countExisting, loadSummary, lockCompany, upsertOnboarding, type OnboardingColumns, type Tx } from "./queries.ts";

export type OnboardingContext = RouteContext & { readonly teamNotifier: TeamNotifier };

type CatalogueTable = Parameters<typeof countExisting>[1];

/** Every id of `ids` must be a row of `table`; otherwise the save is refused (and its transaction rolled back). */
async function requireExisting(tx: Tx, table: CatalogueTable, ids: ReadonlyArray<number>): Promise<void> {
  if ((await countExisting(tx, table, ids)) !== ids.length) throw badRequest(ONBOARDING_MESSAGES.unknownCatalogueItem);
}

/** Percentages as integer hundredths that add up to exactly 10 000 (the contract checked it; this is the server's own sum). */
function hundredthsTotalling100(values: ReadonlyArray<number>, totalMessage: string): ReadonlyArray<number> {
  const hundredths = values.map((value) => toHundredths(value));
  if (hundredths.some((value) => value === undefined)) throw badRequest(ONBOARDING_MESSAGES.percentDecimals);
  const exact = hundredths.filter((value): value is number => value !== undefined);
  if (exact.reduce((sum, value) => sum + value, 0) !== 10_000) throw badRequest(totalMessage);
  return exact;
}

/** `undefined` stays absent (the column is kept); null clears it. */
const present = <T extends Record<string, unknown>>(columns: T): Partial<T> =>
  Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The onboarding (spec sections 3, 4, 5, 7; docs/decisions/017-onboarding.md).
 *
 * Every save: signed in (401), active (403), within the per-user `onboarding`
 * rate limit, body decoded with the contract (the 100% rules included), then
 * the company: the owner's or any for an admin; someone else's answers like a
 * missing one (404): the endpoints' access (`companyManager`), which the
 * router checks; the rate limit is the route's. The whole save is one
 * transaction on the locked company row, and answers the summary after it.
 */
export function onboardingRoutes(router: Router, context: OnboardingContext): void {
  const { db, authz, rateLimiter, teamNotifier, appUrl } = context;

  const perUser = rateLimiter.guard("onboarding", {
    key: (request) => `user:${request.user?.id ?? "anonymous"}`,
    message: ONBOARDING_MESSAGES.tooMany,
  });
  const guards = [perUser];

  /** Runs `write` in one transaction on the locked company, records `step`, and answers the summary. */
  const saveStep = async (
    companyId: number,
    step: OnboardingStep | readonly OnboardingStep[],
    write: (tx: Tx) => Promise<OnboardingColumns>,
  ): Promise<OnboardingSummary> => {
    const summary = await db.transaction(async (tx) => {
      if ((await lockCompany(tx, companyId)) === null) return null;
      const columns = await write(tx);
      for (const saved of typeof step === "string" ? [step] : step) await upsertOnboarding(tx, companyId, saved, columns);
      return loadSummary(tx, companyId);
    });
    if (summary === null) throw fail(getOnboardingEndpoint.errors.notFound);
    return summary;
  };

  router.serve(getOnboardingEndpoint, {}, async ({ params }) => {
    const summary = await loadSummary(db, params.id);
    if (summary === null) throw fail(getOnboardingEndpoint.errors.notFound);
    return summary;
  });

  router.serve(saveCompanyDataEndpoint, { guards }, async ({ params, body }) => {
    return saveStep(params.id, "company_data", async (tx) => {
      if (body.society_id != null) await requireExisting(tx, societies, [body.society_id]);
      if (body.tax_system_id != null) await requireExisting(tx, taxSystems, [body.tax_system_id]);
      return present({
        name: body.name,
        legalName: body.legal_name,
        comercialName: body.comercial_name,
        rfc: body.rfc,
        website: body.website,
        companyType: body.company_type,
        societyId: body.society_id,
        taxSystemId: body.tax_system_id,
      });
    });
  });

  router.serve(saveCompanyEquitiesEndpoint, { guards }, async ({ params, body }) => {
    const hundredths = hundredthsTotalling100(
      body.company_equities.map((item) => item.equity),
      ONBOARDING_MESSAGES.equityTotal,
    );
    return saveStep(params.id, "company_equities", async (tx) => {
      await tx.delete(companyEquities).where(eq(companyEquities.companyId, params.id));
      await tx.insert(companyEquities).values(
        body.company_equities.map((item, position) => ({ companyId: params.id, position, shareholder: item.shareholder, equityHundredths: hundredths[position] ?? 0 })),
      );
      return {};
    });
  });

  router.serve(saveCompanyInterestsEndpoint, { guards }, async ({ params, body }) => {
    const ids = body.company_interests.map((item) => item.interest_id);
    return saveStep(params.id, "company_interests", async (tx) => {
      await requireExisting(tx, interests, ids);
      await tx.delete(companyInterests).where(eq(companyInterests.companyId, params.id));
      await tx.insert(companyInterests).values(ids.map((interestId) => ({ companyId: params.id, interestId })));
      return {};
    });
  });

  router.serve(saveCompanyFundingRoundEndpoint, { guards }, async ({ params, body }) => {
    // Step 5 sends what is raised and the investors (null when blank); step 4 leaves them as they are.
    const investmentAnswered = body.funding_round_done !== undefined || body.investors !== undefined;
    return saveStep(params.id, investmentAnswered ? ["company_funding_rounds", "company_investment"] : "company_funding_rounds", async (tx) => {
      if (!investmentAnswered) {
        // A smaller round than what step 5 says is raised: refused like the same pair sent together.
        const [saved] = await tx
          .select({ done: companyOnboardings.fundingRoundDone })
          .from(companyOnboardings)
          .where(eq(companyOnboardings.companyId, params.id))
          .limit(1);
        if (saved?.done != null && Number(saved.done) > body.funding_round_amount) {
          throw badRequest(ONBOARDING_MESSAGES.doneOverAmount);
        }
      }
      return present({
        fundingRound: body.funding_round,
        fundingRoundAmount: body.funding_round_amount,
        fundingRoundDone: body.funding_round_done,
        investors: body.investors,
      });
    });
  });

  router.serve(saveCompanyFundingRoundUsesEndpoint, { guards }, async ({ params, body }) => {
    const hundredths = hundredthsTotalling100(
      body.company_funding_rounds_uses.map((item) => item.use_percentage),
      ONBOARDING_MESSAGES.usesTotal,
    );
    return saveStep(params.id, "company_funding_rounds_uses", async (tx) => {
      await tx.delete(companyFundingRoundUses).where(eq(companyFundingRoundUses.companyId, params.id));
      await tx.insert(companyFundingRoundUses).values(
        body.company_funding_rounds_uses.map((item, position) => ({
          companyId: params.id,
          position,
          useName: item.use_name,
          percentageHundredths: hundredths[position] ?? 0,
        })),
      );
      return {};
    });
  });

  router.serve(saveCompanySellingDataEndpoint, { guards }, async ({ params, body }) => {
    return saveStep(params.id, "company_selling_data", async () =>
      present({ motivation: body.motivation, valuationRangeNegotiation: body.valuation_range_negotiation, fundingRoundUrgency: body.funding_round_urgency }),
    );
  });

  router.serve(saveCompanySellDataEndpoint, { guards }, async ({ params, body }) => {
    return saveStep(params.id, "company_sell_data", async () =>
      present({
        financialRecordsState: body.financial_records_state,
        yearlySales: body.yearly_sales,
        ebitdaMargin: body.ebitda_margin,
        secondLastYearYearlySales: body.second_last_year_yearly_sales,
        secondLastYearEbitdaMargin: body.second_last_year_ebitda_margin,
        estimateYearlySales: body.estimate_yearly_sales,
      }),
    );
  });

  router.serve(saveCompanyCharacteristicsEndpoint, { guards }, async ({ params, body }) => {
    return saveStep(params.id, "company_characteristics", async (tx) => {
      // Each list is checked just before it is written; a bad id in a later one rolls back the earlier ones.
      const characteristicIds = body.characteristics.map((item) => item.id);
      await requireExisting(tx, companyCharacteristics, characteristicIds);
      await tx.delete(companyOnboardingCharacteristics).where(eq(companyOnboardingCharacteristics.companyId, params.id));
      if (characteristicIds.length > 0) {
        await tx.insert(companyOnboardingCharacteristics).values(characteristicIds.map((characteristicId) => ({ companyId: params.id, characteristicId })));
      }
      const attributeIds = body.attributes.map((item) => item.id);
      await tx.delete(companyOnboardingAttributes).where(eq(companyOnboardingAttributes.companyId, params.id));
      await requireExisting(tx, companyAttributes, attributeIds);
      if (attributeIds.length > 0) {
        await tx.insert(companyOnboardingAttributes).values(attributeIds.map((attributeId) => ({ companyId: params.id, attributeId })));
      }
      return present({ companyUniquenessSummary: body.company_uniqueness_summary, companyChallenges: body.company_challenges });
    });
  });

  router.serve(saveFundingStructuresEndpoint, { guards }, async ({ params, body }) => {
    const ids = body.funding_structures.map((item) => item.id);
    return saveStep(params.id, "funding_structures", async (tx) => {
      await requireExisting(tx, fundingStructures, ids);
      await tx.delete(companyFundingStructures).where(eq(companyFundingStructures.companyId, params.id));
      if (ids.length > 0) await tx.insert(companyFundingStructures).values(ids.map((fundingStructureId) => ({ companyId: params.id, fundingStructureId })));
      return { fundingRoundUrgency: body.funding_round_urgency };
    });
  });

  router.serve(slackOnboardingEndpoint, { guards }, async ({ request, body }) => {
    const finished = await db.transaction(async (tx) => {
      const [company] = await tx
        .select({ name: companies.name, ownerUserId: companies.ownerUserId })
        .from(companies)
        .where(eq(companies.id, body.company_id))
        .for("update")
        .limit(1);
      if (company === undefined) return null;
      if (company.ownerUserId === null) return { company, owner: null };
      const [owner] = await tx
        .update(users)
        .set({ isOnboardingCompleted: true })
        .where(and(eq(users.id, company.ownerUserId)))
        .returning({ name: users.name, email: users.email });
      return { company, owner: owner ?? null };
    });
    if (finished === null) throw fail(slackOnboardingEndpoint.errors.notFound);
    const caller = authz.currentUser(request);
    const notifiedVia = await teamNotifier.notifyOnboardingFinished({
      companyId: body.company_id,
      companyName: finished.company.name,
      ownerName: finished.owner?.name ?? caller.name,
      ownerEmail: finished.owner?.email ?? caller.email,
      appUrl,
    });
    request.log.info({ companyId: body.company_id, notifiedVia }, "onboarding finished");
    return { company_id: body.company_id, is_onboarding_completed: finished.owner !== null, notified_via: notifiedVia };
  });
}
