import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";

// --- Payments -------------------------------------------------------------------

/**
 * One subscription record per user. A user without a paid plan has
 * status 'free' and is_paid false; `plan_id` is one of the spec's plan ids.
 * Written by the payment webhook (server/payments/apply-event.ts) and by a
 * cancellation; what a user may do right now is derived from it with the
 * clock (`subscriptionAccess`, server/auth/subscription-access.ts): a
 * cancelled plan past `cancel_at` is free whatever `status` says.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id"),
    nickname: text("nickname"),
    /** 'free', 'active', 'canceled' (paid until cancel_at), 'past_due' (a renewal failed), 'expired', 'refunded' (the current period's charge taken back in full). */
    status: text("status").notNull().default("free"),
    isPaid: boolean("is_paid").notNull().default(false),
    /** Whole pesos of the last charge, IVA included. */
    amount: integer("amount"),
    currency: text("currency").notNull().default("mxn"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    /** A change the person chose for when this plan ends (a downgrade): offered to pay then; cleared when a plan is paid. */
    scheduledPlanId: text("scheduled_plan_id"),
    /** Who charges it: 'local' (the offline checkout) or 'stripe'; null on the free plan. */
    provider: text("provider"),
    /** Stripe's customer (cus_…) and subscription (sub_…), when Stripe charges it. */
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    /**
     * Stripe's time (the event's `created`) of the latest snapshot of the
     * Stripe subscription applied here (customer.subscription.updated or
     * .deleted): an older snapshot delivered late changes nothing. Reset
     * when a new Stripe subscription replaces the old one.
     */
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("subscriptions_provider_subscription_id_idx").on(table.providerSubscriptionId),
    check("subscriptions_status_check", sql`${table.status} in ('free', 'active', 'canceled', 'past_due', 'expired', 'refunded')`),
    check("subscriptions_provider_check", sql`${table.provider} in ('local', 'stripe')`),
  ],
);

/**
 * A checkout we opened (docs/decisions/013-payments.md): who pays which plan
 * and how much. Only events about a checkout of ours activate a plan. `id`
 * is ours ("chk_" + 128 random bits), sent to Stripe as metadata; the local
 * checkout page is reached by it.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    /** Stripe's cs_… id, or our own id for the local checkout; null until the provider answered. */
    providerSessionId: text("provider_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** Centavos, IVA included: what this checkout charges now (the plan's price less `creditCents`). */
    amountCents: integer("amount_cents").notNull(),
    /** An upgrade's credit: what the unused days of the plan it replaces cost (decision 013). */
    creditCents: integer("credit_cents").notNull().default(0),
    currency: text("currency").notNull().default("mxn"),
    status: text("status", { enum: ["open", "completed", "failed", "expired"] })
      .notNull()
      .default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("checkout_sessions_user_id_idx").on(table.userId),
    check("checkout_sessions_provider_check", sql`${table.provider} in ('local', 'stripe')`),
    check("checkout_sessions_status_check", sql`${table.status} in ('open', 'completed', 'failed', 'expired')`),
    check("checkout_sessions_credit_check", sql`${table.creditCents} >= 0`),
  ],
);

/**
 * Every charge (Historial): one row per Stripe invoice, or per local
 * checkout. `provider_payment_id` makes recording a charge idempotent.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkoutSessionId: text("checkout_session_id").references(() => checkoutSessions.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    nickname: text("nickname").notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    /** Stripe's invoice (in_…), or the checkout id when there is no invoice (local). */
    providerPaymentId: text("provider_payment_id").notNull(),
    /** Centavos, IVA included. */
    amountCents: integer("amount_cents").notNull(),
    /** The credit of the plan this charge replaced (an upgrade), already taken off `amountCents`. */
    creditCents: integer("credit_cents").notNull().default(0),
    currency: text("currency").notNull().default("mxn"),
    /** 'refunded': refunded in full, or a dispute lost (the money went back); a partial refund stays 'paid'. */
    status: text("status", { enum: ["paid", "failed", "refunded"] }).notNull(),
    /** Centavos refunded so far (Stripe's cumulative `amount_refunded`, or a lost dispute's amount). */
    refundedAmountCents: integer("refunded_amount_cents").notNull().default(0),
    /** A dispute (chargeback) of the charge: 'open', then 'won' or 'lost'; null when there was none. */
    disputeStatus: text("dispute_status", { enum: ["open", "won", "lost"] }),
    /** The Stripe subscription (sub_…) the charge belongs to; null for local charges and rows written before it was kept. */
    providerSubscriptionId: text("provider_subscription_id"),
    /** The period this charge pays for. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** Stripe's hosted invoice page; null means our own receipt page. */
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("payments_provider_payment_unique").on(table.provider, table.providerPaymentId),
    // Historial: one user's payments newest first.
    index("payments_user_paid_at_idx").on(table.userId, table.paidAt.desc(), table.id.desc()),
    check("payments_provider_check", sql`${table.provider} in ('local', 'stripe')`),
    check("payments_status_check", sql`${table.status} in ('paid', 'failed', 'refunded')`),
    check("payments_amount_check", sql`${table.amountCents} >= 0`),
    check("payments_refunded_amount_check", sql`${table.refundedAmountCents} between 0 and ${table.amountCents}`),
    check("payments_dispute_status_check", sql`${table.disputeStatus} in ('open', 'won', 'lost')`),
  ],
);

/**
 * Which Stripe payment paid which invoice: the PaymentIntent (pi_…), or the
 * charge (ch_…) when there is none. Refunds and disputes name the charge
 * and its PaymentIntent, never the invoice (since API version 2025-03-31),
 * so this is how charge.refunded and charge.dispute.* find the payments
 * row (keyed by the invoice). Written from invoice_payment.paid, and from
 * invoice.paid when the invoice names its payment (older API versions).
 */
export const stripeInvoicePayments = pgTable("stripe_invoice_payments", {
  transactionId: text("transaction_id").primaryKey(),
  invoiceId: text("invoice_id").notNull(),
  createdAt: createdAt(),
});

/**
 * Webhook events already applied, by the provider's event id (evt_…): the
 * row is written in the same transaction as the event's effects, so a
 * replayed or concurrently redelivered event changes nothing.
 */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
