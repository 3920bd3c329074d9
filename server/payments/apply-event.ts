import { and, eq, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Plan } from "../../contracts/subscriptions.ts";
import type { Database } from "../db/open.ts";
import { checkoutSessions, paymentEvents, payments, stripeInvoicePayments, subscriptions } from "./schema.ts";
import type { ChargeRef, PaymentEvent } from "./events.ts";
import { CURRENCY, periodEndFor, planById, toPesos, toPlanId } from "./plans.ts";
import type { ProviderKind } from "./provider.ts";

/**
 * Applies one verified payment event, idempotently: the event's id is
 * written to `payment_events` in the same transaction as everything the
 * event changes, so a replayed (or concurrently redelivered) event finds its
 * id there and changes nothing, and an event that fails half-way leaves
 * nothing behind (the provider delivers it again).
 *
 * Inside an event, a charge is keyed by the provider's payment id (Stripe's
 * invoice, or our checkout id locally): Stripe may announce the same first
 * charge twice (checkout.session.completed and invoice.paid, in either
 * order), and a charge we already know only gains its receipt link.
 *
 * Stripe's own changes (a plan changed or cancelled in its customer portal,
 * a refund, a dispute) are applied the same way; the rules are in
 * docs/decisions/013-payments.md ("Stripe's own changes").
 */

export type ApplyOutcome = "applied" | "replayed" | "ignored";

export interface ApplyResult {
  readonly outcome: ApplyOutcome;
  /**
   * A Stripe subscription that may still charge and has just been replaced
   * by this event's new one (an upgrade, two checkouts paid at once, or a
   * plan bought after a failed renewal or a full refund): the caller stops
   * it after the transaction, so the person is not charged twice.
   */
  readonly replacedSubscriptionId: string | null;
  /**
   * How: false, it stops renewing at the end of its period (it was in good
   * standing); true, it ends now: its failed renewal is still being retried
   * (past due), or a full refund ended the plan while Stripe still renews it.
   */
  readonly replacedEndsNow: boolean;
  /**
   * Provider sessions of open checkouts whose credit this event made wrong
   * (a renewal paid, a charge taken back): closed here, the caller expires
   * them at the provider after the transaction, so none is paid with days
   * credited that were paid again or refunded.
   */
  readonly staleCheckoutSessions: ReadonlyArray<string>;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type SubscriptionRow = typeof subscriptions.$inferSelect;
type CheckoutRow = typeof checkoutSessions.$inferSelect;

export interface ApplyContext {
  readonly db: Database;
  readonly provider: ProviderKind;
  readonly log: Pick<FastifyBaseLogger, "info" | "warn">;
}

export async function applyPaymentEvent(
  context: ApplyContext,
  event: { readonly id: string; readonly type: string },
  paymentEvent: PaymentEvent,
): Promise<ApplyResult> {
  const { db, log } = context;
  const replaced: Replaced = { id: null, endsNow: false, staleCheckoutSessions: [] };
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [fresh] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (fresh === undefined) {
      log.info({ eventId: event.id, type: event.type }, "payment event replayed: nothing changes");
      return "replayed";
    }
    const ignored = (reason: string): ApplyOutcome => {
      log.info({ eventId: event.id, type: event.type, reason }, "payment event ignored");
      return "ignored";
    };
    switch (paymentEvent.kind) {
      case "ignored":
        return ignored(paymentEvent.reason);
      case "checkout_paid":
        return checkoutPaid(tx, context, paymentEvent, ignored, replaced);
      case "checkout_failed":
        return checkoutFailed(tx, context, paymentEvent, ignored);
      case "invoice_paid":
        return expiringCredits(tx, replaced, await linkingPayments(tx, paymentEvent, await invoicePaid(tx, context, paymentEvent, ignored, replaced)));
      case "invoice_failed":
        return linkingPayments(tx, paymentEvent, await invoiceFailed(tx, context, paymentEvent, ignored));
      case "subscription_ended":
        return subscriptionEnded(tx, context, paymentEvent, ignored);
      case "subscription_changed":
        return subscriptionChanged(tx, context, paymentEvent, ignored);
      case "payment_linked":
        // Kept whoever's invoice it is (it may come before the invoice's own event): a lookup, nothing anyone sees.
        await linkPayments(tx, paymentEvent.invoiceId, paymentEvent.transactionIds);
        return "applied";
      case "charge_refunded":
        return expiringCredits(tx, replaced, await chargeRefunded(tx, context, paymentEvent, ignored, replaced));
      case "charge_disputed":
        return expiringCredits(tx, replaced, await chargeDisputed(tx, context, paymentEvent, ignored, replaced));
    }
  });
  const applied = outcome === "applied" && replaced.id !== null;
  return {
    outcome,
    replacedSubscriptionId: applied ? replaced.id : null,
    replacedEndsNow: applied && replaced.endsNow,
    staleCheckoutSessions: outcome === "applied" ? replaced.staleCheckoutSessions : [],
  };
}

/**
 * Where a handler reports what the caller must do at the provider after the
 * transaction: the Stripe subscription an activation replaced (and whether
 * it must end now), and the checkouts whose credit went stale.
 */
type Replaced = { id: string | null; endsNow: boolean; staleCheckoutSessions: string[]; staleUserId?: number };

/**
 * After an applied renewal, refund or dispute of `replaced.staleUserId`'s
 * plan: their open checkouts that carry a credit close (the credit was
 * reckoned from a period since paid again, or taken back); opening the
 * upgrade again reckons it anew.
 */
async function expiringCredits(tx: Transaction, replaced: Replaced, outcome: ApplyOutcome): Promise<ApplyOutcome> {
  if (outcome !== "applied" || replaced.staleUserId === undefined) return outcome;
  const closed = await tx
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.userId, replaced.staleUserId), eq(checkoutSessions.status, "open"), gt(checkoutSessions.creditCents, 0)))
    .returning({ providerSessionId: checkoutSessions.providerSessionId });
  for (const { providerSessionId } of closed) if (providerSessionId !== null) replaced.staleCheckoutSessions.push(providerSessionId);
  return outcome;
}

// --- Lookups ---------------------------------------------------------------------

/** Our checkout an event is about: by our id (metadata), else by the provider's session id; only checkouts of this provider. */
async function findCheckout(
  tx: Transaction,
  provider: ProviderKind,
  ref: { readonly checkoutId: string | null; readonly providerSessionId?: string },
): Promise<CheckoutRow | null> {
  const byId = ref.checkoutId === null ? [] : await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, ref.checkoutId)).limit(1);
  const bySession =
    byId.length > 0 || ref.providerSessionId === undefined
      ? byId
      : await tx.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, ref.providerSessionId)).limit(1);
  const checkout = bySession[0];
  if (checkout === undefined || checkout.provider !== provider) return null;
  // Metadata naming a checkout whose provider session is another one: not ours to act on.
  if (ref.providerSessionId !== undefined && checkout.providerSessionId !== null && checkout.providerSessionId !== ref.providerSessionId) return null;
  return checkout;
}

/** The user's subscription row, locked until the transaction ends (events about one user apply one at a time). */
async function lockSubscription(tx: Transaction, userId: number): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  if (row === undefined) throw new Error(`subscription of user ${userId} vanished`);
  return row;
}

async function lockSubscriptionByProviderId(tx: Transaction, providerSubscriptionId: string | null): Promise<SubscriptionRow | null> {
  if (providerSubscriptionId === null) return null;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.providerSubscriptionId, providerSubscriptionId), eq(subscriptions.provider, "stripe")))
    .for("update");
  return row ?? null;
}

async function findPayment(tx: Transaction, provider: ProviderKind, providerPaymentId: string) {
  const [row] = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return row ?? null;
}

const planOf = (planId: string | null): Plan | null => {
  const id = toPlanId(planId);
  return id === null ? null : planById(id);
};

// --- Activation ---------------------------------------------------------------------

interface Charge {
  readonly providerPaymentId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly at: Date;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly receiptUrl: string | null;
}

/**
 * A checkout of ours was paid: the plan becomes the user's (status active,
 * paid, the period this charge pays for, no cancellation pending), the
 * charge is recorded, the checkout is closed.
 */
async function activate(
  tx: Transaction,
  provider: ProviderKind,
  subscription: SubscriptionRow,
  checkout: CheckoutRow,
  plan: Plan,
  charge: Charge,
  links: { readonly customerId: string | null; readonly subscriptionId: string | null },
  replaced: Replaced,
): Promise<void> {
  const previous = subscription.providerSubscriptionId;
  if (subscription.provider === "stripe" && previous !== null && previous !== links.subscriptionId && STILL_CHARGES.has(subscription.status)) {
    replaced.id = previous;
    // Set to stop at its period's end, Stripe would still retry a failed renewal, or renew a plan a refund ended.
    replaced.endsNow = subscription.status !== "active";
  }
  await tx
    .insert(payments)
    .values({ ...paymentOf(charge, plan, checkout.userId, provider, links.subscriptionId), checkoutSessionId: checkout.id, creditCents: checkout.creditCents });
  await tx
    .update(subscriptions)
    .set({
      // Snapshots of an earlier Stripe subscription say nothing about this one.
      ...(previous === links.subscriptionId ? {} : { providerUpdatedAt: null }),
      status: "active",
      isPaid: true,
      planId: plan.id,
      nickname: plan.nickname,
      amount: toPesos(charge.amountCents),
      currency: charge.currency,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      cancelAt: null,
      // A plan paid now replaces any change chosen for later (the one chosen, or another).
      scheduledPlanId: null,
      provider,
      providerCustomerId: links.customerId ?? subscription.providerCustomerId,
      providerSubscriptionId: links.subscriptionId,
      updatedAt: charge.at,
    })
    .where(eq(subscriptions.id, subscription.id));
  await tx
    .update(checkoutSessions)
    .set({ status: "completed", completedAt: charge.at })
    .where(eq(checkoutSessions.id, checkout.id));
}

// --- Handlers ---------------------------------------------------------------------------

type Ignore = (reason: string) => ApplyOutcome;

/** Stored statuses of a subscription Stripe still renews. */
const RENEWS: ReadonlySet<string> = new Set(["active", "past_due"]);
/**
 * Stored statuses of a Stripe subscription that may still charge once
 * replaced: one that renews, and an ended one ('refunded': a full refund ends
 * the plan here, not in Stripe; 'expired' may be one too; one Stripe ended
 * is left as it is when stopped).
 */
const STILL_CHARGES: ReadonlySet<string> = new Set([...RENEWS, "expired", "refunded"]);
type EventOf<K extends PaymentEvent["kind"]> = Extract<PaymentEvent, { kind: K }>;

async function checkoutPaid(
  tx: Transaction,
  context: ApplyContext,
  event: EventOf<"checkout_paid">,
  ignore: Ignore,
  replaced: Replaced,
): Promise<ApplyOutcome> {
  const checkout = await findCheckout(tx, context.provider, event);
  if (checkout === null) return ignore(`checkout session ${event.providerSessionId} is not one of ours`);
  const plan = planOf(checkout.planId);
  if (plan === null) return ignore(`checkout ${checkout.id} names an unknown plan`);
  const providerPaymentId = event.invoiceId ?? checkout.id;
  const subscription = await lockSubscription(tx, checkout.userId);
  // The same charge announced before (invoice.paid came first): the checkout closes, nothing else changes.
  if ((await findPayment(tx, context.provider, providerPaymentId)) !== null) {
    await tx
      .update(checkoutSessions)
      .set({ status: "completed", completedAt: checkout.completedAt ?? event.at })
      .where(eq(checkoutSessions.id, checkout.id));
    return "applied";
  }
  await activate(
    tx,
    context.provider,
    subscription,
    checkout,
    plan,
    {
      providerPaymentId,
      amountCents: event.amountCents ?? checkout.amountCents,
      currency: event.currency ?? checkout.currency,
      at: event.at,
      periodStart: event.at,
      periodEnd: periodEndFor(event.at, plan),
      receiptUrl: null,
    },
    { customerId: event.customerId, subscriptionId: event.subscriptionId },
    replaced,
  );
  context.log.info({ userId: checkout.userId, planId: plan.id, checkoutId: checkout.id }, "plan activated");
  return "applied";
}

async function checkoutFailed(tx: Transaction, context: ApplyContext, event: EventOf<"checkout_failed">, ignore: Ignore): Promise<ApplyOutcome> {
  const checkout = await findCheckout(tx, context.provider, event);
  if (checkout === null) return ignore(`checkout session ${event.providerSessionId} is not one of ours`);
  const plan = planOf(checkout.planId);
  if (plan === null) return ignore(`checkout ${checkout.id} names an unknown plan`);
  if (checkout.status !== "open") return ignore(`checkout ${checkout.id} is already ${checkout.status}`);
  const providerPaymentId = event.invoiceId ?? checkout.id;
  await lockSubscription(tx, checkout.userId);
  if ((await findPayment(tx, context.provider, providerPaymentId)) === null) {
    await tx.insert(payments).values({
      userId: checkout.userId,
      checkoutSessionId: checkout.id,
      planId: plan.id,
      nickname: plan.nickname,
      provider: context.provider,
      providerPaymentId,
      amountCents: event.amountCents ?? checkout.amountCents,
      currency: event.currency ?? checkout.currency,
      status: "failed",
      paidAt: event.at,
    });
  }
  await tx.update(checkoutSessions).set({ status: "failed", completedAt: event.at }).where(eq(checkoutSessions.id, checkout.id));
  context.log.info({ userId: checkout.userId, checkoutId: checkout.id }, "checkout payment failed; the plan is unchanged");
  return "applied";
}

async function invoicePaid(
  tx: Transaction,
  context: ApplyContext,
  event: EventOf<"invoice_paid">,
  ignore: Ignore,
  replaced: Replaced,
): Promise<ApplyOutcome> {
  const linked = await lockSubscriptionByProviderId(tx, event.subscriptionId);
  if (linked === null) {
    // The subscription's first invoice, before checkout.session.completed: found through the metadata we set.
    const checkout = await findCheckout(tx, context.provider, { checkoutId: event.checkoutId });
    if (checkout === null) return ignore(`invoice ${event.invoiceId} belongs to no subscription or checkout of ours`);
    const plan = planOf(checkout.planId);
    if (plan === null) return ignore(`checkout ${checkout.id} names an unknown plan`);
    const subscription = await lockSubscription(tx, checkout.userId);
    // checkout.session.completed got here while we waited for the lock: the charge only gains its receipt.
    const recorded = await findPayment(tx, context.provider, event.invoiceId);
    if (recorded !== null) return addReceipt(tx, recorded.id, event);
    if (checkout.status === "completed") {
      // A renewal of a subscription the person has since replaced: the money is recorded, the plan stays the new one.
      await tx
        .insert(payments)
        .values({ ...paymentOf(chargeOf(event, plan), plan, checkout.userId, context.provider, event.subscriptionId), checkoutSessionId: checkout.id });
      context.log.warn({ userId: checkout.userId, invoiceId: event.invoiceId, subscriptionId: event.subscriptionId }, "renewal of a replaced Stripe subscription: cancel it in Stripe");
      return "applied";
    }
    await activate(
      tx,
      context.provider,
      subscription,
      checkout,
      plan,
      chargeOf(event, plan),
      { customerId: event.customerId, subscriptionId: event.subscriptionId },
      replaced,
    );
    context.log.info({ userId: checkout.userId, planId: plan.id, checkoutId: checkout.id }, "plan activated by its first invoice");
    return "applied";
  }
  const plan = planOf(linked.planId);
  if (plan === null) return ignore(`subscription ${linked.id} has no known plan`);
  const known = await findPayment(tx, context.provider, event.invoiceId);
  // Already recorded (from checkout.session.completed): it gains Stripe's hosted invoice and exact period.
  if (known !== null && known.status === "paid") return addReceipt(tx, known.id, event);
  // A renewal, or a retry of a renewal that had failed.
  const charge = chargeOf(event, plan);
  if (known === null) {
    await tx.insert(payments).values(paymentOf(charge, plan, linked.userId, context.provider, event.subscriptionId));
  } else {
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: charge.at, periodStart: charge.periodStart, periodEnd: charge.periodEnd, receiptUrl: charge.receiptUrl })
      .where(eq(payments.id, known.id));
  }
  const later = linked.periodEnd === null || charge.periodEnd.getTime() > linked.periodEnd.getTime();
  await tx
    .update(subscriptions)
    .set({
      status: linked.status === "canceled" ? "canceled" : "active",
      isPaid: true,
      amount: toPesos(charge.amountCents),
      ...(later ? { periodStart: charge.periodStart, periodEnd: charge.periodEnd } : {}),
      updatedAt: charge.at,
    })
    .where(eq(subscriptions.id, linked.id));
  context.log.info({ userId: linked.userId, invoiceId: event.invoiceId }, "renewal paid");
  // A credit reckoned before this renewal would credit days just paid again.
  replaced.staleUserId = linked.userId;
  return "applied";
}

/** A charge we know gains Stripe's hosted invoice page and the exact period from the invoice; nothing else changes. */
async function addReceipt(tx: Transaction, paymentId: number, event: EventOf<"invoice_paid">): Promise<ApplyOutcome> {
  const changes = {
    ...(event.receiptUrl === null ? {} : { receiptUrl: event.receiptUrl }),
    ...(event.periodStart === null || event.periodEnd === null ? {} : { periodStart: event.periodStart, periodEnd: event.periodEnd }),
  };
  if (Object.keys(changes).length > 0) await tx.update(payments).set(changes).where(eq(payments.id, paymentId));
  return "applied";
}

/** A paid charge as a payments row. */
const paymentOf = (charge: Charge, plan: Plan, userId: number, provider: ProviderKind, providerSubscriptionId: string | null) => ({
  userId,
  providerSubscriptionId,
  planId: plan.id,
  nickname: plan.nickname,
  provider,
  providerPaymentId: charge.providerPaymentId,
  amountCents: charge.amountCents,
  currency: charge.currency,
  status: "paid" as const,
  periodStart: charge.periodStart,
  periodEnd: charge.periodEnd,
  receiptUrl: charge.receiptUrl,
  paidAt: charge.at,
});

const chargeOf = (event: EventOf<"invoice_paid">, plan: Plan): Charge => ({
  providerPaymentId: event.invoiceId,
  amountCents: event.amountCents,
  currency: event.currency || CURRENCY,
  at: event.at,
  periodStart: event.periodStart ?? event.at,
  periodEnd: event.periodEnd ?? periodEndFor(event.periodStart ?? event.at, plan),
  receiptUrl: event.receiptUrl,
});

async function invoiceFailed(tx: Transaction, context: ApplyContext, event: EventOf<"invoice_failed">, ignore: Ignore): Promise<ApplyOutcome> {
  const linked = await lockSubscriptionByProviderId(tx, event.subscriptionId);
  // A first charge that fails is shown to the person on Stripe's page; only renewals of a linked subscription matter here.
  if (linked === null) return ignore(`invoice ${event.invoiceId} belongs to no active subscription of ours`);
  const plan = planOf(linked.planId);
  if (plan === null) return ignore(`subscription ${linked.id} has no known plan`);
  if ((await findPayment(tx, context.provider, event.invoiceId)) === null) {
    await tx.insert(payments).values({
      userId: linked.userId,
      planId: plan.id,
      nickname: plan.nickname,
      provider: context.provider,
      providerPaymentId: event.invoiceId,
      providerSubscriptionId: event.subscriptionId,
      amountCents: event.amountCents,
      currency: event.currency || CURRENCY,
      status: "failed",
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      receiptUrl: event.receiptUrl,
      paidAt: event.at,
    });
  }
  if (linked.status === "active") {
    await tx.update(subscriptions).set({ status: "past_due", updatedAt: event.at }).where(eq(subscriptions.id, linked.id));
  }
  context.log.warn({ userId: linked.userId, invoiceId: event.invoiceId }, "renewal payment failed");
  return "applied";
}

async function subscriptionEnded(tx: Transaction, context: ApplyContext, event: EventOf<"subscription_ended">, ignore: Ignore): Promise<ApplyOutcome> {
  // Only the user's current subscription: the end of one they already replaced changes nothing.
  const linked = await lockSubscriptionByProviderId(tx, event.subscriptionId);
  if (linked === null) return ignore(`subscription ${event.subscriptionId} is not the current one of any user`);
  await tx
    .update(subscriptions)
    .set({ status: endedStatus(linked), isPaid: false, cancelAt: linked.cancelAt ?? event.at, providerUpdatedAt: latest(linked.providerUpdatedAt, event.at), updatedAt: event.at })
    .where(eq(subscriptions.id, linked.id));
  context.log.info({ userId: linked.userId, subscriptionId: event.subscriptionId }, "subscription ended");
  return "applied";
}

/** A plan that ends: 'expired', unless a full refund ended it already ('refunded' keeps Historial open to show it). */
const endedStatus = (linked: SubscriptionRow): "expired" | "refunded" => (linked.status === "refunded" ? "refunded" : "expired");

const latest = (known: Date | null, at: Date): Date => (known === null || at.getTime() > known.getTime() ? at : known);

// --- Stripe's own changes -------------------------------------------------------------

/**
 * customer.subscription.updated: Stripe's whole view of the subscription,
 * applied unless a later one was applied already (`provider_updated_at`,
 * Stripe's time, so out-of-order delivery never goes back). Stripe's status
 * becomes ours (a pending cancellation of a paid plan is 'canceled' until
 * `cancel_at`); a price that names one of our plans becomes the plan. What
 * a snapshot never does is give access nobody paid for: it does not make an
 * unpaid row paid (nor revive an expired one: only a paid invoice does) and
 * does not move the end of a paid period later (the renewal's invoice.paid
 * does, once the money is in).
 */
async function subscriptionChanged(tx: Transaction, context: ApplyContext, event: EventOf<"subscription_changed">, ignore: Ignore): Promise<ApplyOutcome> {
  const linked = await lockSubscriptionByProviderId(tx, event.subscriptionId);
  if (linked === null) return ignore(`subscription ${event.subscriptionId} is not the current one of any user`);
  if (linked.providerUpdatedAt !== null && event.at.getTime() < linked.providerUpdatedAt.getTime()) {
    return ignore(`subscription ${event.subscriptionId}: a later snapshot (${linked.providerUpdatedAt.toISOString()}) was applied already`);
  }
  const log = { userId: linked.userId, subscriptionId: event.subscriptionId, providerStatus: event.providerStatus };
  if (event.status === "ended") {
    await tx
      .update(subscriptions)
      .set({ status: endedStatus(linked), isPaid: false, cancelAt: event.endedAt ?? linked.cancelAt ?? event.at, providerUpdatedAt: event.at, updatedAt: event.at })
      .where(eq(subscriptions.id, linked.id));
    context.log.info(log, "subscription ended in Stripe");
    return "applied";
  }
  const plan = event.planId === null ? null : planById(event.planId);
  // The snapshot's period, unless it ends after the paid one (a renewal not paid yet) or at or before its start (an earlier period).
  const within =
    event.periodStart !== null &&
    event.periodEnd !== null &&
    (!linked.isPaid ||
      linked.periodStart === null ||
      linked.periodEnd === null ||
      (event.periodEnd.getTime() <= linked.periodEnd.getTime() && event.periodEnd.getTime() > linked.periodStart.getTime()));
  await tx
    .update(subscriptions)
    .set({
      ...(linked.isPaid ? { status: paidStatus(linked.status, event), cancelAt: event.cancelAt } : {}),
      ...(plan === null || plan.id === linked.planId ? {} : { planId: plan.id, nickname: plan.nickname }),
      ...(within ? { periodStart: event.periodStart, periodEnd: event.periodEnd } : {}),
      providerUpdatedAt: event.at,
      updatedAt: event.at,
    })
    .where(eq(subscriptions.id, linked.id));
  context.log.info({ ...log, planId: plan?.id ?? linked.planId, cancelAt: event.cancelAt }, "subscription changed in Stripe");
  return "applied";
}

/** Our status for a paid plan after Stripe's snapshot: 'canceled' while a cancellation is pending and the plan is in good standing. */
function paidStatus(current: string, event: EventOf<"subscription_changed">): string {
  const standing = event.status ?? (current === "canceled" ? "active" : current);
  if (standing === "past_due") return "past_due";
  if (standing !== "active") return current;
  return event.cancelAt === null ? "active" : "canceled";
}

/** Records which PaymentIntent or charge paid an invoice (see `stripeInvoicePayments`); already known pairs stay as they are. */
async function linkPayments(tx: Transaction, invoiceId: string, transactionIds: ReadonlyArray<string>): Promise<void> {
  if (transactionIds.length === 0) return;
  await tx
    .insert(stripeInvoicePayments)
    .values(transactionIds.map((transactionId) => ({ transactionId, invoiceId })))
    .onConflictDoNothing();
}

/** After an invoice event of ours: its payment, when the invoice names it, is linked to it. */
async function linkingPayments(tx: Transaction, event: EventOf<"invoice_paid" | "invoice_failed">, outcome: ApplyOutcome): Promise<ApplyOutcome> {
  if (outcome === "applied") await linkPayments(tx, event.invoiceId, event.transactionIds);
  return outcome;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * The payment a refund or dispute is about: by the charge's invoice (older
 * API versions), else through the invoice its PaymentIntent or charge paid;
 * null when it is not a charge of ours. The user's subscription is locked
 * first (every event about one user applies one at a time), then the row
 * is read.
 */
async function lockChargePayment(
  tx: Transaction,
  provider: ProviderKind,
  ref: ChargeRef,
): Promise<{ payment: PaymentRow; subscription: SubscriptionRow } | null> {
  const transactions = [ref.paymentIntentId, ref.chargeId].flatMap((id) => (id === null ? [] : [id]));
  const linked =
    ref.invoiceId !== null || transactions.length === 0
      ? []
      : await tx
          .select({ invoiceId: stripeInvoicePayments.invoiceId })
          .from(stripeInvoicePayments)
          .where(inArray(stripeInvoicePayments.transactionId, transactions));
  const invoiceIds = ref.invoiceId === null ? [...new Set(linked.map((row) => row.invoiceId))] : [ref.invoiceId];
  if (invoiceIds.length === 0) return null;
  const [found] = await tx
    .select({ id: payments.id, userId: payments.userId })
    .from(payments)
    .where(and(eq(payments.provider, provider), inArray(payments.providerPaymentId, invoiceIds)))
    .limit(1);
  if (found === undefined) return null;
  const subscription = await lockSubscription(tx, found.userId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id));
  return payment === undefined ? null : { payment, subscription };
}

/**
 * Ends access now when the charge taken back paid for the plan the person
 * has now: the same Stripe subscription (when the row knows it) and a
 * period that overlaps the current one. A refund of an earlier period, or
 * of a replaced subscription's charge, leaves the plan alone.
 */
async function endAccessIfCurrent(tx: Transaction, context: ApplyContext, subscription: SubscriptionRow, payment: PaymentRow, at: Date): Promise<void> {
  const sameSubscription =
    payment.provider === subscription.provider && (payment.providerSubscriptionId === null || payment.providerSubscriptionId === subscription.providerSubscriptionId);
  const overlaps =
    payment.periodStart !== null &&
    payment.periodEnd !== null &&
    subscription.periodStart !== null &&
    subscription.periodEnd !== null &&
    payment.periodStart.getTime() < subscription.periodEnd.getTime() &&
    payment.periodEnd.getTime() > subscription.periodStart.getTime();
  if (!subscription.isPaid || !sameSubscription || !overlaps) return;
  await tx.update(subscriptions).set({ status: "refunded", isPaid: false, cancelAt: at, updatedAt: at }).where(eq(subscriptions.id, subscription.id));
  context.log.warn({ userId: subscription.userId, paymentId: payment.id }, "the charge paying the current period was taken back: the plan ends now");
}

/**
 * charge.refunded: Stripe sends the cumulative refunded amount, so the row
 * keeps the largest one seen (a late event of an earlier partial refund
 * changes nothing). Refunded in full: the row is 'refunded' and, if it paid
 * the current period, the plan ends now. In part: the plan stays.
 */
async function chargeRefunded(tx: Transaction, context: ApplyContext, event: EventOf<"charge_refunded">, ignore: Ignore, replaced: Replaced): Promise<ApplyOutcome> {
  const found = await lockChargePayment(tx, context.provider, event.charge);
  if (found === null) return ignore(`charge ${event.charge.chargeId ?? "?"} pays no invoice of ours`);
  const { payment, subscription } = found;
  if (payment.status === "failed") return ignore(`payment ${payment.id} was never paid`);
  const full = event.full || payment.status === "refunded";
  const refunded = full ? payment.amountCents : Math.min(payment.amountCents, Math.max(payment.refundedAmountCents, event.refundedCents));
  if (refunded === payment.refundedAmountCents && (!full || payment.status === "refunded")) return "applied";
  await tx
    .update(payments)
    .set({ refundedAmountCents: refunded, ...(full ? { status: "refunded" as const } : {}) })
    .where(eq(payments.id, payment.id));
  context.log.info({ userId: payment.userId, paymentId: payment.id, refundedCents: refunded, full }, "charge refunded");
  if (full && payment.status !== "refunded") await endAccessIfCurrent(tx, context, subscription, payment, event.at);
  // A credit reckoned before the refund would credit days paid back.
  replaced.staleUserId = payment.userId;
  return "applied";
}

/**
 * charge.dispute.created marks the row 'open' (access stays while the bank
 * decides); charge.dispute.closed marks it 'won' or 'lost'. A lost dispute
 * is a refund of the disputed amount, treated as a full one: the row is
 * 'refunded' and, if it paid the current period, the plan ends now. A
 * decided dispute never goes back to open (its events may arrive in any
 * order).
 */
async function chargeDisputed(tx: Transaction, context: ApplyContext, event: EventOf<"charge_disputed">, ignore: Ignore, replaced: Replaced): Promise<ApplyOutcome> {
  const found = await lockChargePayment(tx, context.provider, event.charge);
  if (found === null) return ignore(`dispute ${event.disputeId} is about no charge of ours`);
  const { payment, subscription } = found;
  if (payment.status === "failed") return ignore(`payment ${payment.id} was never paid`);
  const decided = payment.disputeStatus === "won" || payment.disputeStatus === "lost";
  if (payment.disputeStatus === event.outcome || (decided && event.outcome === "open")) return "applied";
  if (event.outcome !== "lost") {
    await tx.update(payments).set({ disputeStatus: event.outcome }).where(eq(payments.id, payment.id));
    context.log.warn({ userId: payment.userId, paymentId: payment.id, disputeId: event.disputeId, outcome: event.outcome }, "charge disputed");
    return "applied";
  }
  await tx
    .update(payments)
    .set({
      disputeStatus: "lost",
      status: "refunded",
      refundedAmountCents: Math.min(payment.amountCents, payment.refundedAmountCents + event.amountCents),
    })
    .where(eq(payments.id, payment.id));
  context.log.warn({ userId: payment.userId, paymentId: payment.id, disputeId: event.disputeId }, "dispute lost: the charge is taken back");
  if (payment.status !== "refunded") await endAccessIfCurrent(tx, context, subscription, payment, event.at);
  replaced.staleUserId = payment.userId;
  return "applied";
}
