import { deactivateUserEndpoint, getKpisEndpoint, listEmailsEndpoint, listUsersEndpoint } from "../../contracts/admin.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { deactivateUser } from "./deactivate-user.ts";
import { listEmails } from "./emails-list.ts";
import { computeKpis } from "./kpis.ts";
import { listUsers } from "./users-list.ts";

/**
 * The admin dashboard's users and analytics (spec sections 2 and 7; issue
 * 15), for admins only: no session 401, any other role 403, a deactivated
 * admin 403. The companies tab reads GET /companies?is_dashboard=true
 * (server/companies), which answers every company to an admin. GET /emails
 * shows the e-mail outbox: what failed for good, and why (decision 031).
 */
export interface AdminContext extends RouteContext {
  /** Deactivating a user stops their Stripe subscription renewing there too. */
  readonly paymentProvider: Pick<PaymentProvider, "kind" | "cancelAtPeriodEnd">;
}

export function adminRoutes(router: Router, { db, authz, rateLimiter, now, paymentProvider }: AdminContext): void {
  router.serve(listUsersEndpoint, {}, async ({ query }) => listUsers(db, { q: query.q, page: query.page, perPage: query.per_page }));

  // Per admin, after the role check (the endpoint's access), so other callers do not spend an admin's allowance.
  const perAdmin = rateLimiter.guard("admin_actions", {
    key: (request) => `user:${authz.currentUser(request).id}`,
    message: deactivateUserEndpoint.errors.tooMany.message,
  });
  router.serve(deactivateUserEndpoint, { guards: [perAdmin] }, async ({ params, request }) => {
    const admin = authz.currentUser(request);
    const { stripeSubscriptionToStop, ...result } = await deactivateUser(db, { actorUserId: admin.id, userId: params.id, now: now() });
    request.log.info({ adminId: admin.id, userId: params.id }, "user deactivated");
    if (stripeSubscriptionToStop !== null && paymentProvider.kind === "stripe") {
      try {
        await paymentProvider.cancelAtPeriodEnd(stripeSubscriptionToStop);
      } catch (error) {
        // Our record already says cancelled; Stripe's own subscription.updated will agree once someone stops it there.
        request.log.error({ err: error, userId: params.id, subscriptionId: stripeSubscriptionToStop }, "could not stop a deactivated user's Stripe subscription: cancel it in Stripe");
      }
    }
    return result;
  });

  router.serve(getKpisEndpoint, {}, async () => computeKpis(db, now()));

  router.serve(listEmailsEndpoint, {}, async ({ query }) => listEmails(db, { status: query.status, page: query.page, perPage: query.per_page }));
}
