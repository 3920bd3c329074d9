import { getAccessAuditEndpoint, getCompanyAnalyticsEndpoint } from "../../contracts/seller-analytics.ts";
import type { RouteContext } from "../http/context.ts";
import { FileBytes, type Router } from "../http/router.ts";
import { accessAudit } from "./access-audit.ts";
import { companyAnalytics } from "./company-analytics.ts";

/**
 * The seller's analytics (issue 16, docs/decisions/023-deal-room.md) and
 * the access audit (issue 31, decision 049): the company's owner or an
 * admin; to anyone else someone else's company is exactly a missing one (404).
 */
export function sellerAnalyticsRoutes(router: Router, { db, now, rateLimiter }: RouteContext): void {
  router.serve(getCompanyAnalyticsEndpoint, {}, async ({ params }) => companyAnalytics(db, params.id, now()));

  const perUser = rateLimiter.guard("audit_exports", {
    key: (request) => `user:${request.user?.id ?? "anonymous"}`,
    message: getAccessAuditEndpoint.errors.tooMany.message,
  });
  router.serve(getAccessAuditEndpoint, { guards: [perUser] }, async ({ params }) => {
    const { filename, csv } = await accessAudit(db, params.id, now());
    return new FileBytes(Buffer.from(csv, "utf8"), "text/csv; charset=utf-8", {
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
