import { getCompanyAnalyticsEndpoint } from "../../contracts/seller-analytics.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { companyAnalytics } from "./company-analytics.ts";

/**
 * The seller's analytics (issue 16, docs/decisions/023-deal-room.md): the
 * company's owner or an admin; to anyone else someone else's company is
 * exactly a missing one (404).
 */
export function sellerAnalyticsRoutes(router: Router, { db, now }: RouteContext): void {
  router.serve(getCompanyAnalyticsEndpoint, {}, async ({ params }) => companyAnalytics(db, params.id, now()));
}
