import { and, eq, inArray, sql } from "drizzle-orm";
import { deactivateUserEndpoint } from "../../contracts/admin.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import type { Database } from "../db/open.ts";
import { companies } from "../companies/schema.ts";
import { users } from "../auth/schema.ts";
import { fail } from "../http/router.ts";
import { subscriptions } from "../payments/schema.ts";
import { RENEWING } from "../payments/subscription.ts";

export interface Deactivation {
  readonly actorUserId: number;
  readonly userId: number;
  readonly now: Date;
}

const errors = deactivateUserEndpoint.errors;

/**
 * DELETE /users/{id}: a soft delete, in one transaction
 * (docs/decisions/021-admin-users-and-kpis.md):
 * - `users.deleted_at` is set: log-in answers "Tu cuenta está desactivada…"
 *   (server/sessions/routes.ts) and a recovery link no longer works;
 * - every open session of the user is revoked: any token they hold is a 401
 *   on the next request;
 * - each of their companies still active gets `is_active = false`, which
 *   takes it off the marketplace, its public profile and interest messages
 *   (the marketplace shows `is_published AND is_active`); `is_published` is
 *   left as it was, so nothing about the listing is lost;
 * - a plan that renews stops renewing: cancelled at the end of the period
 *   paid for, as the person could have done (issue 27); the caller tells
 *   Stripe after the commit when Stripe charges it (`stripeSubscriptionToStop`);
 * - one audit entry `user.deactivate` with the before and after of
 *   `deletedAt`, of the companies that were active and of the plan.
 * Nothing is erased. The row is locked first, so two admins deactivating
 * the same user at once get one success and one 409.
 */
export interface DeactivationResult {
  readonly id: number;
  readonly deletedAt: string;
  /** Stripe's subscription whose renewal must be stopped there too, if the plan was Stripe's. */
  readonly stripeSubscriptionToStop: string | null;
}

export async function deactivateUser(db: Database, { actorUserId, userId, now }: Deactivation): Promise<DeactivationResult> {
  if (userId === actorUserId) throw fail(errors.cannotDeactivateSelf);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (user === undefined) throw fail(errors.userNotFound);
    if (user.deletedAt !== null) throw fail(errors.alreadyDeactivated);
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, undefined, now);
    const unlisted = await tx
      .update(companies)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(companies.ownerUserId, userId), eq(companies.isActive, true)))
      .returning({ id: companies.id });
    const companyIds = unlisted.map((company) => company.id).toSorted((a, b) => a - b);
    // What was paid for stays paid; nothing renews after it.
    const [stopped] = await tx
      .update(subscriptions)
      .set({ status: "canceled", cancelAt: sql`coalesce(${subscriptions.periodEnd}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...RENEWING])))
      .returning({ status: subscriptions.status, cancelAt: subscriptions.cancelAt, provider: subscriptions.provider, providerSubscriptionId: subscriptions.providerSubscriptionId });
    const deletedAt = now.toISOString();
    await recordAudit(tx, {
      actorUserId,
      action: "user.deactivate",
      targetType: "user",
      targetId: userId,
      before: { deletedAt: null, activeCompanyIds: companyIds, ...(stopped === undefined ? {} : { plan: "renewing" }) },
      after: { deletedAt, activeCompanyIds: [], ...(stopped === undefined ? {} : { plan: "canceled", planAccessUntil: stopped.cancelAt?.toISOString() ?? null }) },
    });
    const stripeSubscriptionToStop = stopped?.provider === "stripe" ? stopped.providerSubscriptionId : null;
    return { id: userId, deletedAt, stripeSubscriptionToStop };
  });
}

