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
 * like a missing one. The request is stored, then the team is e-mailed after
 * the answer; a failed e-mail is logged and the request kept.
 */
export function kybRoutes(router: Router, context: RouteContext): void {
  const { db, authz, rateLimiter, mailer, teamEmail, appUrl, background } = context;

  const perUser = rateLimiter.guard("kyb", {
    key: (request) => `user:${request.user?.id ?? "anonymous"}`,
    message: kybEndpoint.errors.tooMany.message,
  });

  router.serve(kybEndpoint, { guards: [perUser] }, async ({ request, params, body }) => {
    const user = authz.currentUser(request);
    const created = await createKybRequest(db, { companyId: params.id, userId: user.id, rfc: body.rfc });
    if (created === null) throw fail(kybEndpoint.errors.notFound);
    const { response, companyName } = created;
    request.log.info({ kybRequestId: response.id, companyId: params.id }, "KYB request recorded");
    background.run("KYB team e-mail", () =>
      mailer.send(kybNotification(teamEmail, { requestId: response.id, companyId: params.id, companyName, rfc: response.rfc, requesterEmail: user.email, appUrl })),
    );
    return response;
  });
}
