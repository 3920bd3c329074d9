import { Either, Schema } from "effect";

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
  | { readonly kind: "ignored"; readonly reason: string };

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
});

const SubscriptionObject = Schema.Struct({ id: Schema.String });

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

const decode = <A, I>(schema: Schema.Schema<A, I>, value: unknown): A | null => Either.getOrNull(Schema.decodeUnknownEither(schema)(value));

/** Payment statuses Stripe gives a completed session whose money is in (or that needs none). */
const SETTLED = new Set(["paid", "no_payment_required"]);

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
      };
      return paid ? { kind: "invoice_paid", ...fields } : { kind: "invoice_failed", ...fields };
    }
    case "customer.subscription.deleted": {
      const subscription = decode(SubscriptionObject, object);
      if (subscription === null) return { kind: "ignored", reason: "unreadable customer.subscription.deleted" };
      return { kind: "subscription_ended", at, subscriptionId: subscription.id };
    }
    default:
      return { kind: "ignored", reason: `event type ${event.type} is not used` };
  }
}
