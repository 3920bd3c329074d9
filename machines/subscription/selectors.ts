/**
 * The subscription machine's context (its shape and the pure rules read from
 * it) and the selector that turns a snapshot into what the views need;
 * components never read context.
 *
 * Like ../session/selectors.ts, this module imports nothing at run time
 * (types only): the machine sorts its states with the same rules the view
 * reads (`isPaidContext`, `isCancelledContext`), so the two cannot disagree.
 */
import type { PlanId, Subscription } from "../../contracts/subscriptions.ts";
import type { SubscriptionSnapshot } from "./subscription.machine.ts";

/**
 * What the session caches of the subscription (spec section 3): `isPaidUser`
 * and `subscriptionStatus`, from the token's `is_paid`/`status` at login or
 * from the last load. `subscriptionStatus` is `null` for a visitor who never
 * signed in.
 */
export interface CachedSubscription {
  readonly isPaidUser: boolean;
  readonly subscriptionStatus: string | null;
}

/**
 * What `notifySession` receives: exactly the fields of the session machine's
 * `session.subscriptionLoaded` event, so the app forwards it as is.
 */
export interface SubscriptionLoaded {
  readonly isPaidUser: boolean;
  readonly subscriptionStatus: string;
}

export interface SubscriptionContext {
  /**
   * The subscription as the server last answered it (GET or DELETE
   * /subscriptions), made free locally once its `cancel_at` passed; `null`
   * while only the session's cached fields are known.
   */
  readonly subscription: Subscription | null;
  /**
   * The session's cached fields: the input at first, then every value sent
   * with `notifySession`. Once `subscription` is known they are the fields
   * derived from it (`loadedFrom`).
   */
  readonly cached: CachedSubscription;
  /** True until a fetch or a cancel answers: what is known is the session's cache. */
  readonly fromCache: boolean;
  /** Fetches made while confirming the current payment (0 outside `confirmingPayment`). */
  readonly paymentChecks: number;
  /** The last payment confirmation gave up while the server still said free. */
  readonly paymentUnconfirmed: boolean;
  /** The plan `subscription.changeScheduled` asked for, while that request is in flight. */
  readonly requestedPlan: PlanId | null;
}

/** The status a subscription takes locally when its `cancel_at` passes (contract: "expired"). */
export const LAPSED_STATUS = "expired";

/** `cancel_at` in ms since the epoch, or `null` when unset or not a date. */
export function cancelAtMs(subscription: Subscription): number | null {
  if (subscription.cancel_at === null) return null;
  const ms = Date.parse(subscription.cancel_at);
  return Number.isFinite(ms) ? ms : null;
}

/** The subscription once its `cancel_at` has passed: free, status `LAPSED_STATUS`. */
export function lapsed(subscription: Subscription): Subscription {
  return { ...subscription, is_free: true, status: LAPSED_STATUS };
}

/**
 * The subscription as it stands at `now`: a paid one whose `cancel_at` has
 * passed is free (status `LAPSED_STATUS`); anything else is unchanged (the
 * same object).
 */
export function lapsedAt(subscription: Subscription, now: number): Subscription {
  const cancelAt = cancelAtMs(subscription);
  if (subscription.is_free || cancelAt === null || cancelAt > now) return subscription;
  return lapsed(subscription);
}

/** The session's fields for a subscription: paid is `!is_free` (spec section 4). */
export function loadedFrom(subscription: Subscription): SubscriptionLoaded {
  return { isPaidUser: !subscription.is_free, subscriptionStatus: subscription.status };
}

/** Access now: from `is_free` once fetched, from the cached `isPaidUser` before. */
export function isPaidContext(context: SubscriptionContext): boolean {
  return context.subscription === null ? context.cached.isPaidUser : !context.subscription.is_free;
}

/** Paid, but its last renewal failed: Stripe retries while access lasts its grace (server/auth/subscription-access.ts). */
export function isPastDueContext(context: SubscriptionContext): boolean {
  if (!isPaidContext(context)) return false;
  return (context.subscription?.status ?? context.cached.subscriptionStatus) === "past_due";
}

/** Free because a full refund of the current period's charge ended the plan (status "refunded"). */
export function isRefundedContext(context: SubscriptionContext): boolean {
  if (isPaidContext(context)) return false;
  return (context.subscription?.status ?? context.cached.subscriptionStatus) === "refunded";
}

/**
 * Paid but cancelled: `cancel_at` is set (the machine makes the subscription
 * free when it passes, so a paid one's `cancel_at` is in the future). From
 * the cache alone, the status says it ("canceled") but not until when.
 */
export function isCancelledContext(context: SubscriptionContext): boolean {
  if (!isPaidContext(context)) return false;
  return context.subscription === null
    ? context.cached.subscriptionStatus === "canceled"
    : context.subscription.cancel_at !== null;
}

// ---------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------

/** The texts of the 'Planes' tab and of /pago-exitoso. */
export const SUBSCRIPTION_TEXT = {
  free: "Estás en el plan gratuito.",
  active: (nickname: string) => `Tu plan ${nickname} está activo.`,
  /** Paid, from the cache: the plan's name is not known yet. */
  activeUnnamed: "Tienes un plan de pago activo.",
  cancelled: (date: string) => `Cancelaste tu plan; conservas el acceso hasta el ${date}.`,
  /** Cancelled, from the cache: the date is not known yet. */
  cancelledUndated: "Cancelaste tu plan; conservas el acceso hasta que termine el periodo pagado.",
  /** The last renewal failed; Stripe tries again while access lasts. */
  pastDue: (nickname: string | null) =>
    `No pudimos cobrar la renovación de tu plan${nickname === null ? "" : ` ${nickname}`}. Lo intentaremos de nuevo en los próximos días; revisa tu método de pago para no perder el acceso.`,
  confirmingPayment: "Estamos confirmando tu pago…",
  /** A full refund ended the plan. */
  refunded: (date: string | null) =>
    `Reembolsamos el pago de tu plan, así que terminó${date === null ? "" : ` el ${date}`}. Puedes ver el reembolso en Historial y elegir un plan cuando quieras.`,
  /** Cancelled, with the plan that follows chosen. */
  changeScheduled: (date: string) => `Tu plan actual sigue hasta el ${date}; después cambiará al plan que elegiste.`,
  paymentUnconfirmed:
    "Aún no recibimos la confirmación de tu pago. Si ya se hizo el cargo, tu plan se activará en unos minutos.",
} as const;

const accessDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });

/** "15 de febrero de 2025": a date as people in Mexico read it (Mexico City's calendar day). */
export function formatAccessDate(iso: string): string {
  return accessDate.format(new Date(iso));
}

/** Everything the views need from the subscription. */
export interface SubscriptionView {
  /** The first fetch (or a refresh) is in flight; what is shown meanwhile is the last known value. */
  readonly isLoading: boolean;
  /** What is shown is the session's cache: no fetch has answered yet (or they all failed). */
  readonly fromCache: boolean;
  /** Access now (the cancelled keep it until `accessUntil`). */
  readonly isPaid: boolean;
  /** Paid, cancelled, access until `accessUntil` (when known). */
  readonly isCancelled: boolean;
  /** Paid, but the last renewal failed (a grace while it is retried). */
  readonly isPastDue: boolean;
  /** `cancel_at` (ISO) while cancelled with a known date; `null` otherwise. */
  readonly accessUntil: string | null;
  /** "Explora mensual" while paid and known; `null` on the free plan or from the cache. */
  readonly planNickname: string | null;
  /** One line for the 'Planes' tab. */
  readonly statusText: string;
  /** For /pago-exitoso: confirming, or gave up confirming; `null` otherwise. */
  readonly paymentText: string | null;
  /** The plan's id while paid and known (the plans page marks it); `null` on the free plan or from the cache. */
  readonly planId: PlanId | null;
  /** `period_end` (ISO) while paid and known: when the period paid for ends (and a renewing plan renews). */
  readonly periodEnd: string | null;
  /** The plan chosen for when this one ends (a downgrade), if any; it stays after the period ends, to offer its payment. */
  readonly scheduledPlanId: PlanId | null;
  /** Stripe charges the plan: 'Gestionar pago' opens its customer portal. */
  readonly managesPayment: boolean;
  /** The "Cancelar plan" button: paid, not cancelled, nothing in flight. */
  readonly canCancel: boolean;
  /** The "Reanudar plan" button: cancelled and still within the period paid for, nothing in flight. */
  readonly canResume: boolean;
  /** 'Cambiar al terminar el periodo': paid, nothing in flight. */
  readonly canScheduleChange: boolean;
  /** 'Mantener mi plan actual': a change is scheduled, nothing in flight. */
  readonly canKeepPlan: boolean;
  /** Scheduling or dropping a change of plan (or the reload after a failed one) is in flight. */
  readonly isChangingPlan: boolean;
  /** A full refund ended the plan: free, with the refund in Historial. */
  readonly isRefunded: boolean;
  /** The resume request, or the reload after a failed one, is in flight. */
  readonly isResuming: boolean;
  /** The confirmation modal is open. */
  readonly isConfirmingCancel: boolean;
  /** The cancel request, or the reload after it, is in flight (spinner in the modal). */
  readonly isCancelling: boolean;
  /** Back from the checkout: waiting for the server to say paid. */
  readonly isConfirmingPayment: boolean;
  /** The last payment confirmation gave up while the server still said free. */
  readonly paymentConfirmationFailed: boolean;
  /** Historial is for paid users (spec section 2), and for one whose plan a full refund ended, to see the refund. */
  readonly canSeeHistory: boolean;
}

function statusTextOf(context: SubscriptionContext, accessUntil: string | null, planNickname: string | null): string {
  if (isRefundedContext(context)) {
    const endedAt = context.subscription?.cancel_at ?? null;
    return SUBSCRIPTION_TEXT.refunded(endedAt === null ? null : formatAccessDate(endedAt));
  }
  if (!isPaidContext(context)) return SUBSCRIPTION_TEXT.free;
  if (isCancelledContext(context) && accessUntil !== null && (context.subscription?.scheduled_plan_id ?? null) !== null) {
    return SUBSCRIPTION_TEXT.changeScheduled(formatAccessDate(accessUntil));
  }
  if (isCancelledContext(context)) {
    return accessUntil === null ? SUBSCRIPTION_TEXT.cancelledUndated : SUBSCRIPTION_TEXT.cancelled(formatAccessDate(accessUntil));
  }
  if (isPastDueContext(context)) return SUBSCRIPTION_TEXT.pastDue(planNickname);
  return planNickname === null ? SUBSCRIPTION_TEXT.activeUnnamed : SUBSCRIPTION_TEXT.active(planNickname);
}

/** Pure: the view of a snapshot. */
export function viewOf(snapshot: SubscriptionSnapshot): SubscriptionView {
  const { context } = snapshot;
  const { subscription } = context;
  const isPaid = isPaidContext(context);
  const isCancelled = isCancelledContext(context);
  const accessUntil =
    isCancelled && subscription !== null && cancelAtMs(subscription) !== null ? subscription.cancel_at : null;
  const planNickname = isPaid ? (subscription?.nickname ?? null) : null;
  const isConfirmingPayment = snapshot.matches("confirmingPayment");
  return {
    isLoading: snapshot.matches("loading"),
    fromCache: context.fromCache,
    isPaid,
    isCancelled,
    isPastDue: isPastDueContext(context),
    accessUntil,
    planNickname,
    statusText: statusTextOf(context, accessUntil, planNickname),
    paymentText: isConfirmingPayment
      ? SUBSCRIPTION_TEXT.confirmingPayment
      : context.paymentUnconfirmed
        ? SUBSCRIPTION_TEXT.paymentUnconfirmed
        : null,
    planId: isPaid ? (subscription?.plan_id ?? null) : null,
    periodEnd: isPaid ? (subscription?.period_end ?? null) : null,
    managesPayment: subscription?.manages_payment === true,
    scheduledPlanId: subscription?.scheduled_plan_id ?? null,
    canCancel: snapshot.matches({ ready: "paid" }) || snapshot.matches({ ready: "pastDue" }),
    canResume: snapshot.matches({ ready: "cancelled" }),
    canScheduleChange:
      snapshot.matches({ ready: "paid" }) ||
      snapshot.matches({ ready: "pastDue" }) ||
      snapshot.matches({ ready: "cancelled" }) ||
      snapshot.matches({ ready: "changeScheduled" }),
    canKeepPlan: snapshot.matches({ ready: "changeScheduled" }),
    isChangingPlan: snapshot.matches("changingPlan"),
    isRefunded: isRefundedContext(context),
    isResuming: snapshot.matches("resuming"),
    isConfirmingCancel: snapshot.matches({ ready: "confirmingCancel" }),
    isCancelling: snapshot.matches("cancelling"),
    isConfirmingPayment,
    paymentConfirmationFailed: context.paymentUnconfirmed,
    // And after a full refund ended the plan, to see the refund (the server allows it too).
    canSeeHistory: isPaid || isRefundedContext(context),
  };
}

const views = new WeakMap<SubscriptionSnapshot, SubscriptionView>();

/** Pure: the same snapshot always gives the same (cached) view object. */
export function selectSubscription(snapshot: SubscriptionSnapshot): SubscriptionView {
  let view = views.get(snapshot);
  if (view === undefined) {
    view = viewOf(snapshot);
    views.set(snapshot, view);
  }
  return view;
}
