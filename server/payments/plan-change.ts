import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { Plan } from "../../contracts/subscriptions.ts";
export { planChange, type PlanChange } from "../../contracts/plan-change.ts";
import type { Database } from "../db/open.ts";
import { chargeCents } from "./plans.ts";
import { payments } from "./schema.ts";
import type { SubscriptionRow } from "./subscription.ts";

/**
 * Changing plan (issue 27, decision 013): an upgrade (a higher tier, or the
 * same tier for longer) starts now, and the part of the current period not
 * yet used is credited against it; a downgrade waits for the end of the
 * period paid for. No day is ever paid twice.
 */

/** The charge that pays for the current period, as recorded. */
export interface PaidPeriod {
  readonly amountCents: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
}

/**
 * What the days not yet used of a period cost, in centavos (rounded down:
 * never more than was paid). Nothing once the period is over, everything
 * before it starts.
 */
export function unusedCreditCents(paid: PaidPeriod, now: Date): number {
  const length = paid.periodEnd.getTime() - paid.periodStart.getTime();
  if (length <= 0) return 0;
  const left = Math.min(length, Math.max(0, paid.periodEnd.getTime() - now.getTime()));
  return Math.floor((paid.amountCents * left) / length);
}

/** What an upgrade charges now: the new plan's price less the credit, never below zero. */
export const upgradeChargeCents = (to: Plan, creditCents: number): number => Math.max(0, chargeCents(to) - creditCents);

/**
 * The credit of the plan being replaced, now: the unused part of the charge
 * that pays for its current period. What that period was worth counts (a
 * credit already taken off it included), less what was refunded; no such
 * charge (a plan granted without one), no credit.
 */
export async function unusedCreditOf(db: Database, current: SubscriptionRow, now: Date): Promise<number> {
  if (current.planId === null) return 0;
  const [paid] = await db
    .select({ amountCents: payments.amountCents, creditCents: payments.creditCents, refundedAmountCents: payments.refundedAmountCents, periodStart: payments.periodStart, periodEnd: payments.periodEnd })
    .from(payments)
    .where(and(eq(payments.userId, current.userId), eq(payments.status, "paid"), eq(payments.planId, current.planId), lte(payments.periodStart, now), gt(payments.periodEnd, now)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  if (paid === undefined || paid.periodStart === null || paid.periodEnd === null) return 0;
  const worth = Math.max(0, paid.amountCents + paid.creditCents - paid.refundedAmountCents);
  return unusedCreditCents({ amountCents: worth, periodStart: paid.periodStart, periodEnd: paid.periodEnd }, now);
}
