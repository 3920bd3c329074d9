import { createValuationEndpoint } from "../../contracts/valuations.ts";
import { catalogueNamesAt, requireChoices } from "../catalogues/names.ts";
import { VersionReader } from "../db/data-version.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { estimateValuation, valuationInputOf } from "./engine.ts";
import { LeadWriter } from "./lead-writer.ts";
import { ENGINE_VERSION } from "./reference-data.ts";

/**
 * POST /api/valuations (public; a signed-in user may call it too, and the
 * lead then names the account): the free valuation tool
 * (docs/decisions/018-valuation-engine.md, docs/valuation-method.md).
 *
 * The body is decoded by the contract (the spec's Spanish messages); an
 * industry that is not in the catalogue is a 400 and stores nothing. The
 * engine is pure and synchronous (about a third of a millisecond for its
 * 1,000 draws); the request and the answer are stored together as one
 * valuation lead, one INSERT (so atomically), before answering. The team is not e-mailed:
 * the contact form is how an owner asks to be called.
 */
export function valuationRoutes(router: Router, { db, rateLimiter }: RouteContext): void {
  // The catalogue's version read is shared by concurrent valuations (one query per round trip under load), as the marketplace does.
  const versions = new VersionReader(db);
  const leads = new LeadWriter(db);

  router.serve(createValuationEndpoint, { guards: [rateLimiter.guard("valuations")] }, async ({ body, request }) => {
    const [industryName = ""] = requireChoices(await catalogueNamesAt(db, await versions.read()), [
      { catalogue: "industries", id: body.industry_id, error: createValuationEndpoint.errors.unknownIndustry },
    ]);

    const estimate = estimateValuation(valuationInputOf(body));

    const website = body.website.trim();
    await leads.write({
      userId: request.user?.id ?? null,
      email: body.email.toLowerCase(),
      name: body.name,
      website: website === "" ? null : website,
      industryId: body.industry_id,
      location: body.location,
      reason: body.reason,
      valuationType: body.valuation_type,
      currency: body.currency,
      grossRevenue: body.gross_revenue,
      // As entered: null when left blank (the estimate's assumed figures are in the answer, not the lead).
      netProfit: body.net_profit,
      annualPercentageGrowth: body.annual_percentage_growth,
      valuationResult: estimate.mid,
      lowerEstimate: estimate.low,
      upperEstimate: estimate.high,
      multiple: estimate.multiple,
      profitResult: estimate.marginPercent,
      engineVersion: ENGINE_VERSION,
    });
    request.log.info({ seed: estimate.seed }, "valuation lead stored");

    return {
      profit_result: estimate.marginPercent,
      valuation_result: estimate.mid,
      multiple: estimate.multiple,
      annual_percentage_growth: estimate.growthPercent,
      gross_revenue: body.gross_revenue,
      industry_name: industryName,
      net_profit: estimate.ebitda,
      upperEstimate: estimate.high,
      lowerEstimate: estimate.low,
      currency: body.currency,
      assumptions: estimate.assumptions,
    };
  });
}
