import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";

/**
 * Plans, payments and subscriptions (spec sections 2, 3, 4, 7 and 9).
 *
 * The plan table lives on the server (server/payments/plans.ts) and is the
 * only source of prices: the plans page, the checkout and Historial all show
 * what GET /plans answers. Prices are whole pesos (MXN) before IVA, as the
 * plans page states them; success fees are shown, never charged online.
 */

export const PLAN_IDS = ["explora_monthly", "impulsa_monthly", "explora_quarterly", "impulsa_quarterly"] as const;
export const PlanId = Schema.Literal(...PLAN_IDS);
export type PlanId = typeof PlanId.Type;

export const UNKNOWN_PLAN_MESSAGE = "El plan elegido no existe. Elige uno de la lista.";

export const Plan = Schema.Struct({
  id: PlanId,
  /** "Explora", "Impulsa". */
  name: Schema.String,
  /** "Explora mensual" — what Historial and the checkout call it. */
  nickname: Schema.String,
  interval: Schema.Literal("month", "quarter"),
  /** Whole pesos, before IVA. */
  amount_mxn: Schema.Int,
  /** Percent of the deal, plus IVA; shown, not charged online. */
  success_fee_percent: Schema.Number,
  /** Whether IVA is added on top of `amount_mxn` (it is: the plans page says so). */
  plus_iva: Schema.Boolean,
  is_most_popular: Schema.Boolean,
});
export type Plan = typeof Plan.Type;

export const PlanList = Schema.Array(Plan);

/** Spec section 3, "Subscription": the caller's subscription (a free one when they never paid). */
export const Subscription = Schema.Struct({
  id: Schema.Int,
  /** "free", "active", "canceled" (paid, ends at `cancel_at`), "past_due", "expired". */
  status: Schema.String,
  is_free: Schema.Boolean,
  plan_id: Schema.NullOr(PlanId),
  nickname: Schema.NullOr(Schema.String),
  period_start: Schema.NullOr(Schema.String),
  period_end: Schema.NullOr(Schema.String),
  /** Set when cancelled: access continues until then. */
  cancel_at: Schema.NullOr(Schema.String),
  /** Whole pesos of the last charge, IVA included; null on the free plan. */
  amount: Schema.NullOr(Schema.Int),
  currency: Schema.String,
  created_at: Schema.String,
});
export type Subscription = typeof Subscription.Type;

export const CheckoutSessionRequest = Schema.Struct({
  subscription_id: PlanId.annotations({ message: () => UNKNOWN_PLAN_MESSAGE }),
});
export type CheckoutSessionRequest = typeof CheckoutSessionRequest.Type;

export const CheckoutSessionResponse = Schema.Struct({
  /** Stripe's hosted checkout, or our local checkout page when Stripe is not configured. */
  checkout_url: Schema.String,
});

export const BILLING_PAGE_SIZE = 5;

export const PaymentListQuery = Schema.Struct({
  page: Schema.optional(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 10_000)).annotations({ message: () => "La página solicitada no es válida." }),
  ),
});

/** One row of Historial: date, plan, amount in MXN, status, and where the receipt is. */
export const PaymentRow = Schema.Struct({
  id: Schema.Int,
  paid_at: Schema.String,
  plan_id: PlanId,
  nickname: Schema.String,
  /** Whole pesos, IVA included. */
  amount: Schema.Int,
  currency: Schema.String,
  /** "paid", "failed", "refunded". */
  status: Schema.String,
  /** The Stripe-hosted invoice, or our printable receipt page. */
  receipt_url: Schema.String,
});
export type PaymentRow = typeof PaymentRow.Type;

export const PaymentList = Schema.Struct({
  items: Schema.Array(PaymentRow),
  total: Schema.Int,
  page: Schema.Int,
  per_page: Schema.Int,
});
export type PaymentList = typeof PaymentList.Type;

export const SUBSCRIPTION_MESSAGES = {
  alreadyPaid: "Ya tienes un plan activo. Cancélalo antes de elegir otro.",
  nothingToCancel: "No tienes un plan de pago que cancelar.",
  paidOnly: "Para habilitar es necesario que cuentes con uno de nuestros planes",
  historyPaidOnly: "El historial de pagos está disponible con un plan de pago.",
} as const;

// --- Endpoints -------------------------------------------------------------------

/** GET /plans: the plan table (public). */
export const listPlansEndpoint = defineEndpoint({
  method: "GET",
  path: "/plans",
  summary: "The plans and their prices (MXN before IVA), from the server's one plan table.",
  response: PlanList,
});

/** GET /subscriptions: the caller's subscription. */
export const getSubscriptionEndpoint = defineEndpoint({
  method: "GET",
  path: "/subscriptions",
  summary: "The signed-in user's subscription (free when they never paid).",
  response: Subscription,
});

/** DELETE /subscriptions: cancel at the end of the period paid for. */
export const cancelSubscriptionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/subscriptions",
  summary: "Cancel the paid plan: access continues until the period paid for ends (cancel_at).",
  response: Subscription,
  errors: { nothingToCancel: { status: 409, message: SUBSCRIPTION_MESSAGES.nothingToCancel } },
});

/** POST /payments/checkout_sessions: where to pay for a plan. */
export const createCheckoutSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/payments/checkout_sessions",
  summary: "Start paying for a plan: answers the checkout page to open (Stripe, or the local one offline).",
  body: CheckoutSessionRequest,
  response: CheckoutSessionResponse,
  status: 201,
  errors: { alreadyPaid: { status: 409, message: SUBSCRIPTION_MESSAGES.alreadyPaid } },
});

/** GET /payments: Historial, 5 per page, for paid users. */
export const listPaymentsEndpoint = defineEndpoint({
  method: "GET",
  path: "/payments",
  summary: "The signed-in user's payments, newest first, 5 per page (paid users).",
  query: PaymentListQuery,
  response: PaymentList,
  errors: { paidOnly: { status: 403, message: SUBSCRIPTION_MESSAGES.historyPaidOnly } },
});
