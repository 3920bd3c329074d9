import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { idFromPathParam, pageOf, positiveId } from "./fields.ts";

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
  /** "free", "active", "canceled" (paid, ends at `cancel_at`), "past_due", "expired", "refunded" (a full refund ended it at `cancel_at`). */
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
  /** Stripe charges it: 'Gestionar pago' opens Stripe's customer portal (card, invoices). Absent or false otherwise. */
  manages_payment: Schema.optional(Schema.Boolean),
  /** The plan the person chose for when this one ends (a downgrade): offered to pay then. Absent or null when none. */
  scheduled_plan_id: Schema.optional(Schema.NullOr(PlanId)),
});
export type Subscription = typeof Subscription.Type;

export const PLAN_REQUIRED_MESSAGE = "Elige un plan.";

export const CheckoutSessionRequest = Schema.Struct({
  // `override`: a union of literals reports one issue per literal; the person sees this one sentence instead.
  subscription_id: Schema.propertySignature(PlanId.annotations({ message: () => ({ message: UNKNOWN_PLAN_MESSAGE, override: true }) })).annotations({
    missingMessage: () => PLAN_REQUIRED_MESSAGE,
  }),
});
export type CheckoutSessionRequest = typeof CheckoutSessionRequest.Type;

/** POST /payments/portal_sessions: Stripe's customer portal for this person. */
export const BillingPortalResponse = Schema.Struct({ url: Schema.String });
export type BillingPortalResponse = typeof BillingPortalResponse.Type;

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
  /** Pesos charged, IVA included: to the centavo (a charge less an upgrade's credit has centavos). */
  amount: Schema.Number,
  currency: Schema.String,
  /**
   * "paid", "failed", "refunded" (in full, or a dispute the bank decided
   * for the person), "partially_refunded", "disputed" (a dispute open).
   */
  status: Schema.String,
  /** Pesos refunded so far, IVA included (may have centavos); null or absent when nothing was. */
  refunded_amount: Schema.optional(Schema.NullOr(Schema.Number)),
  /** An upgrade's credit for the unused days of the plan it replaced (pesos), already taken off `amount`; null when none. */
  credit_amount: Schema.optional(Schema.NullOr(Schema.Number)),
  /** The Stripe-hosted invoice, or our printable receipt page. */
  receipt_url: Schema.String,
});
export type PaymentRow = typeof PaymentRow.Type;

export const PaymentList = pageOf(PaymentRow);
export type PaymentList = typeof PaymentList.Type;

export const SUBSCRIPTION_MESSAGES = {
  alreadyPaid: "Ya tienes este plan activo.",
  downgradeAtPeriodEnd: "Bajar de plan empieza cuando termine el periodo que ya pagaste: prográmalo y ese día te pediremos el pago del nuevo plan.",
  nothingToCancel: "No tienes un plan de pago que cancelar.",
  planStillRunning: "Este plan sigue pagado hasta que termine su periodo: reanúdalo en lugar de pagarlo otra vez.",
  nothingToSchedule: "Solo puedes programar un cambio de plan mientras tienes un plan pagado, y a un plan distinto del tuyo.",
  nothingScheduled: "No tienes un cambio de plan programado.",
  noBillingPortal: "Tu plan no se cobra con tarjeta a través de nuestro procesador de pagos: no hay método de pago que gestionar.",
  nothingToResume: "No tienes un plan cancelado que reanudar: su periodo ya terminó o sigue activo.",
  paidOnly: "Para habilitar es necesario que cuentes con uno de nuestros planes",
  historyPaidOnly: "El historial de pagos está disponible con un plan de pago.",
  providerUnavailable: "No pudimos comunicarnos con el procesador de pagos. Intenta de nuevo en unos minutos.",
  badSignature: "La firma del evento de pago no es válida.",
  checkoutNotFound: "El pago no existe o ya expiró. Vuelve a elegir tu plan.",
  checkoutClosed: "Este pago ya se procesó. Revisa tu plan en Mi perfil.",
  receiptNotFound: "El recibo no existe.",
} as const;

/** The answer to Stripe (and to the local checkout) when an event was accepted, replays included. */
export const WebhookAck = Schema.Struct({ received: Schema.Boolean });

/**
 * Our checkout ids: "chk_" and 22 base64url characters (128 random bits).
 * The local checkout page is reached by this id alone, like Stripe's hosted
 * page, so it must never be guessable. The length is checked before the pattern.
 */
export const CHECKOUT_ID_PATTERN = /^chk_[\w-]{22}$/;
export const CheckoutId = Schema.String.pipe(
  Schema.length(26, { message: () => SUBSCRIPTION_MESSAGES.checkoutNotFound }),
  Schema.pattern(CHECKOUT_ID_PATTERN, { message: () => SUBSCRIPTION_MESSAGES.checkoutNotFound }),
  Schema.brand("CheckoutId"),
);
export type CheckoutId = typeof CheckoutId.Type;
export const CheckoutIdParams = Schema.Struct({ id: CheckoutId });

/** What the local checkout page's buttons send (an HTML form, `outcome=paid|declined`). */
export const LOCAL_CHECKOUT_OUTCOMES = ["paid", "declined"] as const;
export const LocalCheckoutOutcome = Schema.Literal(...LOCAL_CHECKOUT_OUTCOMES);
export type LocalCheckoutOutcome = typeof LocalCheckoutOutcome.Type;

export const PaymentId = positiveId("PaymentId", SUBSCRIPTION_MESSAGES.receiptNotFound);
export type PaymentId = typeof PaymentId.Type;
export const PaymentIdParams = Schema.Struct({ id: idFromPathParam(PaymentId, SUBSCRIPTION_MESSAGES.receiptNotFound) });

/**
 * The receipt link's signature (HMAC-SHA256, base64url, from Historial's
 * `receipt_url`): the link opens the receipt without a session, like
 * Stripe's hosted invoice. A wrong one is a 404, like a missing receipt.
 */
export const ReceiptQuery = Schema.Struct({
  signature: Schema.optional(Schema.String.pipe(Schema.maxLength(128, { message: () => SUBSCRIPTION_MESSAGES.receiptNotFound }))),
});

/** A server-rendered HTML page (text/html), for a browser tab rather than the app. */
export const HtmlPageBody = Schema.String;

const providerUnavailable = { status: 502, message: SUBSCRIPTION_MESSAGES.providerUnavailable } as const;

// --- Endpoints -------------------------------------------------------------------

/** GET /plans: the plan table (public). */
export const listPlansEndpoint = defineEndpoint({
  method: "GET",
  path: "/plans",
  summary: "The plans and their prices (MXN before IVA), from the server's one plan table.",
  access: { who: "anyone" },
  response: PlanList,
});

/** GET /subscriptions: the caller's subscription. */
export const getSubscriptionEndpoint = defineEndpoint({
  method: "GET",
  path: "/subscriptions",
  summary: "The signed-in user's subscription (free when they never paid).",
  access: { who: "signedIn" },
  response: Subscription,
});

/** DELETE /subscriptions: cancel at the end of the period paid for. */
export const cancelSubscriptionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/subscriptions",
  summary: "Cancel the paid plan: access continues until the period paid for ends (cancel_at).",
  access: { who: "signedIn" },
  response: Subscription,
  errors: { nothingToCancel: { status: 409, message: SUBSCRIPTION_MESSAGES.nothingToCancel }, providerUnavailable },
});

/** PUT /subscriptions: resume a cancelled plan whose period still runs (it renews again; nothing is charged now). */
export const resumeSubscriptionEndpoint = defineEndpoint({
  method: "PUT",
  path: "/subscriptions",
  summary: "Resume a cancelled plan still within its period: cancel_at is cleared and it renews again, with no new charge.",
  access: { who: "signedIn" },
  response: Subscription,
  errors: { nothingToResume: { status: 409, message: SUBSCRIPTION_MESSAGES.nothingToResume }, providerUnavailable },
});

export const ScheduledPlanRequest = Schema.Struct({
  plan_id: Schema.propertySignature(PlanId.annotations({ message: () => ({ message: SUBSCRIPTION_MESSAGES.nothingToSchedule, override: true }) })).annotations({
    missingMessage: () => SUBSCRIPTION_MESSAGES.nothingToSchedule,
  }),
});
export type ScheduledPlanRequest = typeof ScheduledPlanRequest.Type;

/** PUT /subscriptions/scheduled_plan: change to another plan when the one paid for ends (it stops renewing; the new one is paid then). */
export const schedulePlanChangeEndpoint = defineEndpoint({
  method: "PUT",
  path: "/subscriptions/scheduled_plan",
  summary: "Choose the plan that follows when the current period ends (a downgrade): the current plan stops renewing; nothing is charged now.",
  access: { who: "signedIn" },
  body: ScheduledPlanRequest,
  response: Subscription,
  errors: { nothingToSchedule: { status: 409, message: SUBSCRIPTION_MESSAGES.nothingToSchedule }, providerUnavailable },
});

/** DELETE /subscriptions/scheduled_plan: keep the current plan after all (it renews again while its period runs). */
export const cancelPlanChangeEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/subscriptions/scheduled_plan",
  summary: "Drop the scheduled change of plan: the current plan renews again if its period still runs.",
  access: { who: "signedIn" },
  response: Subscription,
  errors: { nothingScheduled: { status: 409, message: SUBSCRIPTION_MESSAGES.nothingScheduled }, providerUnavailable },
});

/** POST /payments/portal_sessions: 'Gestionar pago', Stripe's customer portal (card, invoices, cancellation). */
export const createBillingPortalSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/payments/portal_sessions",
  summary: "Open Stripe's customer portal for the caller's Stripe-charged plan (payment method, invoices).",
  access: { who: "signedIn" },
  response: BillingPortalResponse,
  status: 201,
  errors: { noBillingPortal: { status: 409, message: SUBSCRIPTION_MESSAGES.noBillingPortal }, providerUnavailable },
});

/** POST /payments/checkout_sessions: where to pay for a plan. */
export const createCheckoutSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/payments/checkout_sessions",
  summary: "Start paying for a plan: answers the checkout page to open (Stripe, or the local one offline).",
  access: { who: "signedIn" },
  body: CheckoutSessionRequest,
  response: CheckoutSessionResponse,
  status: 201,
  errors: {
    alreadyPaid: { status: 409, message: SUBSCRIPTION_MESSAGES.alreadyPaid },
    planStillRunning: { status: 409, message: SUBSCRIPTION_MESSAGES.planStillRunning },
    downgradeAtPeriodEnd: { status: 409, message: SUBSCRIPTION_MESSAGES.downgradeAtPeriodEnd },
    providerUnavailable,
  },
});

/** GET /payments: Historial, 5 per page, for paid users (and for one whose plan a full refund ended, to see the refund). */
export const listPaymentsEndpoint = defineEndpoint({
  method: "GET",
  path: "/payments",
  summary: "The signed-in user's payments, newest first, 5 per page (paid users, or a plan ended by a full refund).",
  // Decided by the database on each request, never the token; an admin needs a plan too.
  access: { who: "paid", refusal: "paidOnly", orRefunded: true },
  query: PaymentListQuery,
  response: PaymentList,
  errors: { paidOnly: { status: 403, message: SUBSCRIPTION_MESSAGES.historyPaidOnly } },
});

/**
 * POST /payments/webhook: Stripe's events (and the local checkout's, signed
 * the same way). The body is read raw, never parsed as our JSON: the
 * `Stripe-Signature` header signs its exact bytes. A replayed event answers
 * 200 and changes nothing.
 */
export const paymentWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/payments/webhook",
  summary: "Payment events signed by Stripe (or by the local checkout): activates plans, records payments. Raw body.",
  // The Stripe-Signature over the raw bytes is the permission.
  access: { who: "token" },
  response: WebhookAck,
  errors: { badSignature: { status: 400, message: SUBSCRIPTION_MESSAGES.badSignature } },
});

/** GET /payments/local-checkout/:id: the offline checkout page (HTML), when Stripe is not configured. */
export const localCheckoutPageEndpoint = defineEndpoint({
  method: "GET",
  path: "/payments/local-checkout/:id",
  summary: "The local (offline) checkout page: plan, amount with IVA, 'Pagar' and 'Simular pago rechazado'. HTML.",
  // The checkout id (128 random bits) is the permission, like Stripe's page.
  access: { who: "token" },
  params: CheckoutIdParams,
  response: HtmlPageBody,
  errors: {
    notFound: { status: 404, message: SUBSCRIPTION_MESSAGES.checkoutNotFound },
    closed: { status: 409, message: SUBSCRIPTION_MESSAGES.checkoutClosed },
  },
});

/**
 * POST /payments/local-checkout/:id: the page's form (`outcome=paid|declined`).
 * Signs a Stripe-shaped event, hands it to the webhook handler, and answers
 * 303 to /pago-exitoso?session_id=… or /pago-error.
 */
export const localCheckoutSubmitEndpoint = defineEndpoint({
  method: "POST",
  path: "/payments/local-checkout/:id",
  summary: "The local checkout's form: pay or simulate a declined payment; answers 303 to /pago-exitoso or /pago-error. Form body.",
  // The checkout id is the permission, like Stripe's page.
  access: { who: "token" },
  params: CheckoutIdParams,
  response: HtmlPageBody,
  errors: {
    notFound: { status: 404, message: SUBSCRIPTION_MESSAGES.checkoutNotFound },
    closed: { status: 409, message: SUBSCRIPTION_MESSAGES.checkoutClosed },
  },
});

/** GET /payments/:id/receipt: our printable receipt (HTML), for its owner (session or the link's signature). */
export const paymentReceiptEndpoint = defineEndpoint({
  method: "GET",
  path: "/payments/:id/receipt",
  summary: "A printable receipt of one of our payments (HTML): its owner's session or the signed link from Historial; 404 for anyone else.",
  // The link's signature, or its owner's session (the handler); anyone else gets a missing receipt.
  access: { who: "token" },
  params: PaymentIdParams,
  query: ReceiptQuery,
  response: HtmlPageBody,
  errors: { notFound: { status: 404, message: SUBSCRIPTION_MESSAGES.receiptNotFound } },
});
