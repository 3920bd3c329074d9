/**
 * What a subscription allows right now. The stored row says what the
 * payment events and the cancellation wrote; the clock decides whether the
 * period paid for is still running. Tokens (session-claims.ts), the
 * per-request session lookup (authz.ts) and GET /api/subscriptions all use
 * this one function, so they never disagree.
 *
 * - 'active': paid until `period_end`. A Stripe subscription renews on its
 *   own (invoice.paid moves `period_end`), so it keeps access for a grace of
 *   RENEWAL_GRACE_MS past it while Stripe charges the renewal; nothing
 *   renews a local one.
 * - 'past_due' (a Stripe renewal failed and Stripe retries): the same grace,
 *   then no access until a retry succeeds or Stripe ends the subscription.
 * - 'canceled': paid until `cancel_at` (the end of the period paid for), then 'expired'.
 * - 'refunded': the charge paying the current period was taken back in
 *   full (a refund, or a dispute the bank decided for the person): no access;
 *   Historial stays open, to show the refund (decision 013).
 * - 'free', 'expired': no access.
 */

export const SUBSCRIPTION_STATUSES = ["free", "active", "canceled", "past_due", "expired", "refunded"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How long a renewing Stripe subscription keeps access past `period_end` while its renewal is charged. */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export interface SubscriptionRecord {
  readonly status: string;
  readonly isPaid: boolean;
  readonly periodEnd: Date | null;
  readonly cancelAt: Date | null;
  readonly provider: string | null;
}

export interface SubscriptionAccess {
  /** The status to show and to put in tokens: the stored one, or 'expired' once its time is over. */
  readonly status: SubscriptionStatus;
  readonly isPaid: boolean;
}

const FREE: SubscriptionAccess = { status: "free", isPaid: false };

const asStatus = (status: string): SubscriptionStatus =>
  SUBSCRIPTION_STATUSES.find((known) => known === status) ?? "free";

/** Access at `now` for a stored subscription (null: the user never had one, i.e. the free plan). */
export function subscriptionAccess(record: SubscriptionRecord | null, now: Date): SubscriptionAccess {
  if (record === null) return FREE;
  const status = asStatus(record.status);
  const time = now.getTime();
  switch (status) {
    case "free":
    case "expired":
    case "refunded":
      return { status, isPaid: false };
    case "canceled": {
      const until = record.cancelAt ?? record.periodEnd;
      const running = record.isPaid && until !== null && time < until.getTime();
      return running ? { status, isPaid: true } : { status: "expired", isPaid: false };
    }
    case "active":
    case "past_due": {
      const grace = record.provider === "stripe" ? RENEWAL_GRACE_MS : 0;
      const running = record.isPaid && record.periodEnd !== null && time < record.periodEnd.getTime() + grace;
      if (running) return { status, isPaid: true };
      // A failed renewal stays visible (the person can fix the card); anything else is over.
      return status === "past_due" ? { status, isPaid: false } : { status: "expired", isPaid: false };
    }
  }
}
