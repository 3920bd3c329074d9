import { eq } from "drizzle-orm";
import type { Subscription } from "../../contracts/subscriptions.ts";
import { subscriptionAccess, type SubscriptionAccess } from "../auth/subscription-access.ts";
import type { Database } from "../db/open.ts";
import { subscriptions } from "./schema.ts";
import { toPlanId } from "./plans.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription row; a free one is created if the user somehow has none. */
export async function subscriptionOf(db: Database, userId: number): Promise<SubscriptionRow> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (row !== undefined) return row;
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [created] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (created === undefined) throw new Error(`subscription of user ${userId} could not be created`);
  return created;
}

export const accessOf = (row: SubscriptionRow, now: Date): SubscriptionAccess => subscriptionAccess(row, now);

/** Statuses of a plan that renews on its own: another plan cannot be bought before it is cancelled. */
export const RENEWING: ReadonlySet<string> = new Set(["active", "past_due"]);

/** The contract's view of a subscription at `now` (spec section 3, "Subscription"). */
export function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  const access = accessOf(row, now);
  return {
    id: row.id,
    status: access.status,
    is_free: !access.isPaid,
    plan_id: toPlanId(row.planId),
    nickname: row.nickname,
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    cancel_at: row.cancelAt?.toISOString() ?? null,
    amount: row.amount,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    manages_payment: row.provider === "stripe" && row.providerCustomerId !== null,
    scheduled_plan_id: toPlanId(row.scheduledPlanId),
  };
}
