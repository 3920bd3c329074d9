import { Either, Schema } from "effect";
import type { PlanId } from "../../contracts/subscriptions.ts";
import { toPlanId } from "./plans.ts";

/**
 * The events we act on, read out of a verified Stripe event (or the local
 * checkout's, which has the same shape). Each object is decoded with a
 * schema of the few fields we use: a signed event is authentic, not
 * necessarily what this code expects (another API version, a field that is
 * an expanded object), and an event we cannot read is acknowledged and
 * logged, never half applied.
 */
export type PaymentEvent =
  | {
      readonly kind: "checkout_paid";
      readonly at: Date;
      readonly providerSessionId: string;
      /** Our checkout id from the session's metadata (absent on sessions we did not open). */
      readonly checkoutId: string | null;
      readonly amountCents: number | null;
      readonly currency: string | null;
      /** Stripe's first invoice of the subscription (the payment's key); null locally. */
      readonly invoiceId: string | null;
      readonly customerId: string | null;
      readonly subscriptionId: string | null;
    }
  | {
      readonly kind: "checkout_failed";
      readonly at: Date;
      readonly providerSessionId: string;
      readonly checkoutId: string | null;
      readonly amountCents: number | null;
      readonly currency: string | null;
      readonly invoiceId: string | null;
    }
  | ({ readonly kind: "invoice_paid" } & InvoiceFields)
  | ({ readonly kind: "invoice_failed" } & InvoiceFields)
  | { readonly kind: "subscription_ended"; readonly at: Date; readonly subscriptionId: string }
  | SubscriptionChanged
  | ChargeRefunded
  | ChargeDisputed
  | PaymentLinked
  | { readonly kind: "ignored"; readonly reason: string };

/**
 * customer.subscription.updated: Stripe's whole view of a subscription at
 * `at` (the event's `created`), after a change in Stripe's customer portal,
 * in its dashboard, or by Stripe itself (a failed renewal's retries).
 */
export interface SubscriptionChanged {
  readonly kind: "subscription_changed";
  readonly at: Date;
  readonly subscriptionId: string;
  /** Stripe's status read as ours ("ended": canceled or incomplete_expired); null for one we leave alone (incomplete, paused). */
  readonly status: "active" | "past_due" | "ended" | null;
  /** Stripe's own status, for the log. */
  readonly providerStatus: string;
  /** When a pending cancellation takes effect (`cancel_at`, else the period's end when `cancel_at_period_end`); null when none is pending. */
  readonly cancelAt: Date | null;
  /** When an ended subscription ended (`ended_at`, else `canceled_at`). */
  readonly endedAt: Date | null;
  /** Our plan, when an item's price names one of ours (metadata `plan_id`, else its lookup key); null for a price we do not know. */
  readonly planId: PlanId | null;
  /** The current billing period (the items' in the current API, the subscription's in older versions). */
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
}

/** charge.refunded: a charge refunded in full or in part (Stripe sends the cumulative amount). */
export interface ChargeRefunded {
  readonly kind: "charge_refunded";
  readonly at: Date;
  readonly charge: ChargeRef;
  /** Centavos of the charge, and refunded so far (cumulative). */
  readonly amountCents: number;
  readonly refundedCents: number;
  /** Refunded in full (Stripe's `refunded`, or nothing left). */
  readonly full: boolean;
}

/** charge.dispute.created / charge.dispute.closed: a chargeback opened, or decided. */
export interface ChargeDisputed {
  readonly kind: "charge_disputed";
  readonly at: Date;
  readonly disputeId: string;
  readonly charge: ChargeRef;
  /** Centavos disputed. */
  readonly amountCents: number;
  /** "open" (created), "lost" (closed, the money goes back), "won" (closed any other way). */
  readonly outcome: "open" | "won" | "lost";
}

/** invoice_payment.paid: which PaymentIntent (or charge) paid which invoice. */
export interface PaymentLinked {
  readonly kind: "payment_linked";
  readonly invoiceId: string;
  readonly transactionIds: ReadonlyArray<string>;
}

/** How a refund or dispute names the charge: its id, its PaymentIntent, and its invoice (older API versions only). */
export interface ChargeRef {
  readonly chargeId: string | null;
  readonly paymentIntentId: string | null;
  readonly invoiceId: string | null;
}

/** What an invoice event (a subscription's charge, paid or failed) tells us. */
export interface InvoiceFields {
  readonly at: Date;
  readonly invoiceId: string;
  readonly subscriptionId: string | null;
  /** Our checkout id from the subscription's metadata. */
  readonly checkoutId: string | null;
  readonly customerId: string | null;
  readonly amountCents: number;
  readonly currency: string;
  /** The service period the invoice charges for (its lines). */
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  /** Stripe's hosted invoice page. */
  readonly receiptUrl: string | null;
  /** The PaymentIntent or charge that paid it, when the invoice names them (older API versions, or an expanded `payments`). */
  readonly transactionIds: ReadonlyArray<string>;
}

/** A Stripe reference: an id, or the expanded object that has one. */
const Ref = Schema.optionalWith(
  Schema.NullOr(Schema.Union(Schema.String, Schema.Struct({ id: Schema.String }))).pipe(
    Schema.transform(Schema.NullOr(Schema.String), {
      strict: true,
      decode: (value) => (value === null ? null : typeof value === "string" ? value : value.id),
      encode: (value) => value,
    }),
  ),
  { default: () => null },
);

const Metadata = Schema.optionalWith(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.String })), { default: () => null });

const CheckoutSessionObject = Schema.Struct({
  id: Schema.String,
  payment_status: Schema.String,
  amount_total: Schema.optionalWith(Schema.NullOr(Schema.Int), { default: () => null }),
  currency: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  metadata: Metadata,
  customer: Ref,
  subscription: Ref,
  invoice: Ref,
});

const Period = Schema.Struct({ start: Schema.Int, end: Schema.Int });

/** What paid an invoice (an InvoicePayment's `payment`): a PaymentIntent, or a charge without one. */
const InvoicePaymentTarget = Schema.Struct({ payment_intent: Ref, charge: Ref });

const InvoiceObject = Schema.Struct({
  id: Schema.String,
  amount_paid: Schema.Int,
  amount_due: Schema.Int,
  currency: Schema.String,
  customer: Ref,
  hosted_invoice_url: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  // The current API puts the subscription under parent.subscription_details; older versions at the top.
  parent: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        subscription_details: Schema.optionalWith(Schema.NullOr(Schema.Struct({ subscription: Ref, metadata: Metadata })), {
          default: () => null,
        }),
      }),
    ),
    { default: () => null },
  ),
  subscription: Ref,
  subscription_details: Schema.optionalWith(Schema.NullOr(Schema.Struct({ metadata: Metadata })), { default: () => null }),
  lines: Schema.optionalWith(Schema.NullOr(Schema.Struct({ data: Schema.Array(Schema.Struct({ period: Schema.optional(Period) })) })), {
    default: () => null,
  }),
  status_transitions: Schema.optionalWith(
    Schema.NullOr(Schema.Struct({ paid_at: Schema.optionalWith(Schema.NullOr(Schema.Int), { default: () => null }) })),
    { default: () => null },
  ),
  // Older API versions name the invoice's payment; the current one only in `payments` (when expanded).
  payment_intent: Ref,
  charge: Ref,
  payments: Schema.optionalWith(Schema.NullOr(Schema.Struct({ data: Schema.Array(Schema.Struct({ payment: Schema.optional(InvoicePaymentTarget) })) })), {
    default: () => null,
  }),
});

const SubscriptionObject = Schema.Struct({ id: Schema.String });

const OptionalInt = Schema.optionalWith(Schema.NullOr(Schema.Int), { default: () => null });

/** A price (or, in older API versions, a plan): our plan id is in its metadata or its lookup key. */
const PriceObject = Schema.optionalWith(
  Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      lookup_key: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
      metadata: Metadata,
    }),
  ),
  { default: () => null },
);

const UpdatedSubscriptionObject = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  cancel_at_period_end: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  cancel_at: OptionalInt,
  canceled_at: OptionalInt,
  ended_at: OptionalInt,
  // Older API versions keep the period on the subscription; the current one on each item.
  current_period_start: OptionalInt,
  current_period_end: OptionalInt,
  items: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        data: Schema.Array(Schema.Struct({ price: PriceObject, plan: PriceObject, current_period_start: OptionalInt, current_period_end: OptionalInt })),
      }),
    ),
    { default: () => null },
  ),
});

const ChargeObject = Schema.Struct({
  id: Schema.String,
  amount: Schema.Int,
  amount_refunded: Schema.Int,
  refunded: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  payment_intent: Ref,
  invoice: Ref,
});

const DisputeObject = Schema.Struct({
  id: Schema.String,
  amount: Schema.Int,
  status: Schema.String,
  charge: Ref,
  payment_intent: Ref,
});

const InvoicePaymentObject = Schema.Struct({
  invoice: Schema.Union(Schema.String, Schema.Struct({ id: Schema.String })),
  payment: InvoicePaymentTarget,
});

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

const decode = <A, I>(schema: Schema.Schema<A, I>, value: unknown): A | null => Either.getOrNull(Schema.decodeUnknownEither(schema)(value));

/** Payment statuses Stripe gives a completed session whose money is in (or that needs none). */
const SETTLED = new Set(["paid", "no_payment_required"]);

/** Stripe's subscription statuses, read as ours: what the subscription still does for the person. */
function statusOf(providerStatus: string): SubscriptionChanged["status"] {
  switch (providerStatus) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "ended";
    default:
      // incomplete (its first payment is still being made), paused, or a status newer than this code.
      return null;
  }
}

/** Our plan named by a price: its metadata's `plan_id`, else its lookup key; null when neither is one of ours. */
const planOfPrice = (price: { readonly lookup_key: string | null; readonly metadata: Readonly<Record<string, string>> | null } | null): PlanId | null =>
  price === null ? null : (toPlanId(price.metadata?.plan_id) ?? toPlanId(price.lookup_key));

const distinct = (values: ReadonlyArray<string | null>): ReadonlyArray<string> => [...new Set(values.flatMap((value) => (value === null ? [] : [value])))];

/** A verified event's envelope: its type, its time (Unix seconds) and its object. */
export interface EventEnvelope {
  readonly type: string;
  readonly created: number;
  readonly data: { readonly object: unknown };
}

/** What a verified event means for us. */
export function readPaymentEvent(event: EventEnvelope): PaymentEvent {
  const at = fromUnix(event.created);
  const object: unknown = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed": {
      const session = decode(CheckoutSessionObject, object);
      if (session === null) return { kind: "ignored", reason: `unreadable ${event.type}` };
      const common = {
        at,
        providerSessionId: session.id,
        checkoutId: session.metadata?.checkout_id ?? null,
        amountCents: session.amount_total,
        currency: session.currency,
        invoiceId: session.invoice,
      };
      if (event.type === "checkout.session.async_payment_failed") return { kind: "checkout_failed", ...common };
      // An asynchronous method still pending: its own event (async_payment_succeeded) comes later.
      if (!SETTLED.has(session.payment_status)) return { kind: "ignored", reason: `checkout ${session.id} not paid yet` };
      return { kind: "checkout_paid", ...common, customerId: session.customer, subscriptionId: session.subscription };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = decode(InvoiceObject, object);
      if (invoice === null) return { kind: "ignored", reason: `unreadable ${event.type}` };
      const details = invoice.parent?.subscription_details ?? null;
      const metadata = details?.metadata ?? invoice.subscription_details?.metadata ?? null;
      const periods = (invoice.lines?.data ?? []).flatMap((line) => (line.period === undefined ? [] : [line.period]));
      const start = periods.length === 0 ? null : Math.min(...periods.map((period) => period.start));
      const end = periods.length === 0 ? null : Math.max(...periods.map((period) => period.end));
      const paid = event.type === "invoice.paid";
      const fields: InvoiceFields = {
        at: paid && invoice.status_transitions?.paid_at != null ? fromUnix(invoice.status_transitions.paid_at) : at,
        invoiceId: invoice.id,
        subscriptionId: details?.subscription ?? invoice.subscription,
        checkoutId: metadata?.checkout_id ?? null,
        customerId: invoice.customer,
        amountCents: paid ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        periodStart: start === null ? null : fromUnix(start),
        periodEnd: end === null ? null : fromUnix(end),
        receiptUrl: invoice.hosted_invoice_url,
        transactionIds: distinct([
          invoice.payment_intent,
          invoice.charge,
          ...(invoice.payments?.data ?? []).flatMap((entry) => (entry.payment === undefined ? [] : [entry.payment.payment_intent ?? entry.payment.charge])),
        ]),
      };
      return paid ? { kind: "invoice_paid", ...fields } : { kind: "invoice_failed", ...fields };
    }
    case "customer.subscription.deleted": {
      const subscription = decode(SubscriptionObject, object);
      if (subscription === null) return { kind: "ignored", reason: "unreadable customer.subscription.deleted" };
      return { kind: "subscription_ended", at, subscriptionId: subscription.id };
    }
    case "customer.subscription.updated": {
      const subscription = decode(UpdatedSubscriptionObject, object);
      if (subscription === null) return { kind: "ignored", reason: "unreadable customer.subscription.updated" };
      const items = subscription.items?.data ?? [];
      const starts = items.flatMap((item) => (item.current_period_start === null ? [] : [item.current_period_start]));
      const ends = items.flatMap((item) => (item.current_period_end === null ? [] : [item.current_period_end]));
      const start = starts.length > 0 ? Math.min(...starts) : subscription.current_period_start;
      const end = ends.length > 0 ? Math.max(...ends) : subscription.current_period_end;
      const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? end : null);
      const endedAt = subscription.ended_at ?? subscription.canceled_at;
      return {
        kind: "subscription_changed",
        at,
        subscriptionId: subscription.id,
        status: statusOf(subscription.status),
        providerStatus: subscription.status,
        cancelAt: cancelAt === null ? null : fromUnix(cancelAt),
        endedAt: endedAt === null ? null : fromUnix(endedAt),
        planId: items.map((item) => planOfPrice(item.price) ?? planOfPrice(item.plan)).find((id) => id !== null) ?? null,
        periodStart: start === null ? null : fromUnix(start),
        periodEnd: end === null ? null : fromUnix(end),
      };
    }
    case "charge.refunded": {
      const charge = decode(ChargeObject, object);
      if (charge === null) return { kind: "ignored", reason: "unreadable charge.refunded" };
      return {
        kind: "charge_refunded",
        at,
        charge: { chargeId: charge.id, paymentIntentId: charge.payment_intent, invoiceId: charge.invoice },
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
        full: charge.refunded || charge.amount_refunded >= charge.amount,
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = decode(DisputeObject, object);
      if (dispute === null) return { kind: "ignored", reason: `unreadable ${event.type}` };
      const outcome = event.type === "charge.dispute.created" ? "open" : dispute.status === "lost" ? "lost" : "won";
      return {
        kind: "charge_disputed",
        at,
        disputeId: dispute.id,
        charge: { chargeId: dispute.charge, paymentIntentId: dispute.payment_intent, invoiceId: null },
        amountCents: dispute.amount,
        outcome,
      };
    }
    case "invoice_payment.paid": {
      const payment = decode(InvoicePaymentObject, object);
      if (payment === null) return { kind: "ignored", reason: "unreadable invoice_payment.paid" };
      const transactionIds = distinct([payment.payment.payment_intent ?? payment.payment.charge]);
      if (transactionIds.length === 0) return { kind: "ignored", reason: "invoice_payment.paid names no PaymentIntent or charge" };
      return { kind: "payment_linked", invoiceId: typeof payment.invoice === "string" ? payment.invoice : payment.invoice.id, transactionIds };
    }
    default:
      return { kind: "ignored", reason: `event type ${event.type} is not used` };
  }
}
