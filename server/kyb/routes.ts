import { kybEndpoint } from "../../contracts/kyb.ts";
import type { RouteContext } from "../http/context.ts";
import { fail, type Router } from "../http/router.ts";
import { createKybRequest } from "./create-kyb-request.ts";
import { kybNotification } from "./kyb-notification.ts";

/**
 * KYB básico (spec sections 4, 6, 7, 8; docs/decisions/016-kyb.md).
 *
 * POST /companies/:id/validations/kyb: a paid owner (the database decides,
 * never the token) or an admin (staff, no plan needed) asks for the basic
 * verification of a company with its RFC. Checks in order (the endpoint's
 * access, enforced by the router, and the route's rate limit): signed in and
 * paid (or admin), then the per-user rate limit, then the body (the
 * contract's RFC check), then the company: someone else's answers exactly
 * like a missing one. The request and the team's e-mail are stored in one
 * transaction; the outbox delivers the e-mail (retrying while the mail
 * server is down), so the request never depends on it.
 */
export function kybRoutes(router: Router, context: RouteContext): void {
  const { db, authz, rateLimiter, mailer, teamEmail, appUrl } = context;

  const perUser = rateLimiter.guard("kyb", {
    key: (request) => `user:${request.user?.id ?? "anonymous"}`,
    message: kybEndpoint.errors.tooMany.message,
  });

  router.serve(kybEndpoint, { guards: [perUser] }, async ({ request, params, body }) => {
    const user = authz.currentUser(request);
    const created = await db.transaction(async (tx) => {
      const recorded = await createKybRequest(tx, { companyId: params.id, userId: user.id, rfc: body.rfc });
      if (recorded === null) return null;
      const { response, companyName } = recorded;
      await mailer.enqueue(tx, kybNotification(teamEmail, { requestId: response.id, companyId: params.id, companyName, rfc: response.rfc, requesterEmail: user.email, appUrl }));
      return recorded;
    });
    if (created === null) throw fail(kybEndpoint.errors.notFound);
    request.log.info({ kybRequestId: created.response.id, companyId: params.id }, "KYB request recorded");
    return created.response;
  });
}
