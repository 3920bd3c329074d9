/**
 * The signed-in user's subscription (spec sections 3 "Subscription", 4
 * "Subscription" and 8 "Silent failures"; contract: contracts/subscriptions.ts).
 *
 * What it knows: the subscription as last known. At first that is the
 * session's cache (`input.cached`: `isPaidUser` and `subscriptionStatus`, from
 * the token's `is_paid`/`status` or the last load), and `fromCache` is true;
 * once GET or DELETE /subscriptions answers, it is that `Subscription`, made
 * free on arrival if its `cancel_at` has already passed. Paid is `!is_free`
 * (or the cached `isPaidUser`). The input has no `now`: the cache carries no
 * date, so nothing at the start depends on the time; the timer and the
 * checks on arrival read `Date.now()`, as the session machine's do.
 *
 * States:
 * - `loading` (initial; again on `subscription.refresh`): fetches (actor
 *   `fetchSubscription`). A failed fetch keeps what is known and is only
 *   logged (`logFetchError`): spec section 8, a silent failure.
 * - `ready`, the resting states. On entry, a known `cancel_at` that passed
 *   while the machine was elsewhere (a slow or failed fetch) ends access at
 *   once (`lapseIfDue`); then the transient `ready.deciding` sorts:
 *   - `free`;
 *   - `paid`: paid and not cancelled, where cancelling starts;
 *   - `pastDue`: paid, but the last renewal failed and is being retried
 *     (access lasts the server's grace); cancelling starts here too;
 *   - `cancelled`: paid with `cancel_at` set, access continues until then.
 *     The `untilCancelAt` timer (`cancel_at - Date.now()`, clamped to 0 and to
 *     the longest timer, like the session's `untilExpiry`) makes the
 *     subscription free at `cancel_at` without a fetch (`is_free` true, status
 *     "expired"); if the clamp cut it short (over ~24.8 days), it starts
 *     again. From the cache alone (status "canceled", no date) it only
 *     re-arms: the next fetch tells the date;
 *   - `changeScheduled`: cancelled like `cancelled` (the same timer), with a
 *     plan chosen for when it ends (`scheduled_plan_id`, a downgrade): it is
 *     offered to pay then. 'Mantener mi plan actual' drops the choice;
 *   - `refunded`: free, because a full refund of the current period's charge
 *     ended the plan (status "refunded"); Historial stays open to show it;
 *   - `confirmingCancel`: the confirmation modal is open.
 * - `cancelling.requesting` (actor `cancelSubscription`), then
 *   `cancelling.reloading` (actor `fetchSubscription`): the spec reloads the
 *   subscription after cancelling. A failed cancel calls `notifyCancelFailed`
 *   (the app shows the error) and reloads all the same, since the request may
 *   have reached the server.
 * - `resuming.requesting` (actor `resumeSubscription`, from `ready.cancelled`
 *   on `subscription.resumeRequested`): the plan renews again and no new
 *   charge is made; the answer is kept. A failed resume calls
 *   `notifyResumeFailed` and reloads (`resuming.reloading`), like cancelling.
 * - `changingPlan.scheduling` (actor `schedulePlanChange`, the plan kept in
 *   `requestedPlan`; from any paid state on `subscription.changeScheduled`)
 *   and `changingPlan.keeping` (actor `keepPlan`, from `ready.changeScheduled`
 *   on `subscription.scheduledChangeDropped`): the answer is kept; a failure
 *   calls `notifyPlanChangeFailed` and reloads (`changingPlan.reloading`).
 * - `confirmingPayment.checking` / `.waiting`: back from the checkout
 *   (/pago-exitoso) the payment webhook may land a moment after the user
 *   does, so the machine fetches up to `PAYMENT_CHECKS` times,
 *   `PAYMENT_RETRY_DELAY` apart, while the server still says free; then it
 *   gives up and sets `paymentUnconfirmed` (a later paid answer clears it).
 *   Failed fetches count as checks and are logged.
 *
 * Events (the UI's):
 * - `subscription.refresh`: fetch again (from `ready`).
 * - `subscription.cancelRequested`: open the confirmation (from `ready.paid`).
 * - `subscription.cancelConfirmed` / `subscription.cancelDismissed`: the
 *   modal's buttons.
 * - `subscription.resumeRequested`: 'Reanudar plan' (from `ready.cancelled`).
 * - `subscription.changeScheduled`: 'Cambiar al terminar el periodo' (a
 *   downgrade, from a paid state).
 * - `subscription.scheduledChangeDropped`: 'Mantener mi plan actual' (from
 *   `ready.changeScheduled`).
 * - `subscription.paymentReturned`: the user is back on /pago-exitoso (from
 *   `loading` or `ready`).
 *
 * The session follows at once: whenever what is known changes the session's
 * fields (`isPaidUser`, `subscriptionStatus`), the action `notifySession`
 * gets them, exactly the fields of the session machine's
 * `session.subscriptionLoaded` event.
 *
 * Supplied by the app with `subscriptionMachine.provide(...)`:
 * - actors `fetchSubscription` (GET /subscriptions) and `cancelSubscription`
 *   (DELETE /subscriptions), both `fromPromise` answering a `Subscription`
 *   (they get the `signal` that aborts when the machine leaves the state);
 *   the placeholders here reject, so a test must provide fakes;
 * - actions `notifySession`, `logFetchError` and `notifyCancelFailed`,
 *   no-ops here.
 *
 * The context's shape, the rules read from it and the view live in
 * ./selectors.ts.
 */
import { assign, fromPromise, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import type { PlanId, Subscription } from "../../contracts/subscriptions.ts";
import {
  cancelAtMs,
  isCancelledContext,
  isPaidContext,
  isPastDueContext,
  isRefundedContext,
  lapsed,
  lapsedAt,
  loadedFrom,
  type CachedSubscription,
  type SubscriptionContext,
  type SubscriptionLoaded,
} from "./selectors.ts";

export interface SubscriptionInput {
  /** The session's cached fields (`isPaidUser`, `subscriptionStatus`). */
  readonly cached: CachedSubscription;
}

export type SubscriptionEvent =
  | { readonly type: "subscription.refresh" }
  | { readonly type: "subscription.cancelRequested" }
  | { readonly type: "subscription.cancelConfirmed" }
  | { readonly type: "subscription.cancelDismissed" }
  | { readonly type: "subscription.resumeRequested" }
  | { readonly type: "subscription.changeScheduled"; readonly plan: PlanId }
  | { readonly type: "subscription.scheduledChangeDropped" }
  | { readonly type: "subscription.paymentReturned" };

/** Browsers and Node fire at once (or warn) when a timer is longer than this. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** How many fetches confirm a payment before giving up. */
export const PAYMENT_CHECKS = 5;

/** The pause between two of them (ms). */
export const PAYMENT_RETRY_DELAY = 2_000;

/** The starting context: what the session cached, nothing fetched yet. */
export function initialContext({ cached }: SubscriptionInput): SubscriptionContext {
  return {
    subscription: null,
    cached: { isPaidUser: cached.isPaidUser, subscriptionStatus: cached.subscriptionStatus },
    fromCache: true,
    paymentChecks: 0,
    paymentUnconfirmed: false,
    requestedPlan: null,
  };
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} was not provided: use subscriptionMachine.provide({ actors: { ${name} } })`));

/** Keep a server answer (`event.output`) and let the session follow. */
const rememberAnswer = [
  { type: "remember", params: ({ event }: { event: { output: Subscription } }) => ({ subscription: event.output }) },
  "syncSession",
] as const;

const logFetchError = {
  type: "logFetchError",
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** After a cancel or a failed resume: what the server holds now, then back to `ready` (a failed fetch keeps what is known). */
const reloadThenReady = {
  invoke: {
    id: "fetch",
    src: "fetchSubscription",
    onDone: { target: "#subscription.ready", actions: rememberAnswer },
    onError: { target: "#subscription.ready", actions: logFetchError },
  },
} as const;

/** A cancelled plan's timer: free at `cancel_at` without a fetch (`state` is the state that holds it). */
const lapsesAtCancelAt = (state: "cancelled" | "changeScheduled") =>
  ({
    untilCancelAt: [
      { guard: "hasLapsed", target: "free", actions: ["lapse", "syncSession"] },
      // The timer was clamped short of cancel_at, or the date is not known: start it again.
      { target: state, reenter: true },
    ],
  }) as const;

/** 'Cambiar al terminar el periodo', from any state with a paid plan. */
const scheduleChange = {
  "subscription.changeScheduled": {
    target: "#subscription.changingPlan.scheduling",
    actions: { type: "rememberRequestedPlan", params: ({ event }: { event: { plan: PlanId } }) => ({ plan: event.plan }) },
  },
} as const;

const subscriptionSetup = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
  },
  actors: {
    /** GET /subscriptions (the app provides it). */
    fetchSubscription: fromPromise<Subscription>(notProvided("fetchSubscription")),
    /** DELETE /subscriptions (the app provides it). */
    cancelSubscription: fromPromise<Subscription>(notProvided("cancelSubscription")),
    /** PUT /subscriptions: resume a cancelled plan (the app provides it). */
    resumeSubscription: fromPromise<Subscription>(notProvided("resumeSubscription")),
    /** PUT /subscriptions/scheduled_plan: `plan` follows when the period ends (the app provides it). */
    schedulePlanChange: fromPromise<Subscription, { plan: PlanId | null }>(notProvided("schedulePlanChange")),
    /** DELETE /subscriptions/scheduled_plan: keep the current plan after all (the app provides it). */
    keepPlan: fromPromise<Subscription>(notProvided("keepPlan")),
  },
  actions: {
    /** Send `session.subscriptionLoaded` with these fields (the app provides it). */
    notifySession: (_, _loaded: SubscriptionLoaded) => {},
    /** Log a failed fetch; nothing is shown (spec section 8; the app provides it). */
    logFetchError: (_, _params: { error: unknown }) => {},
    /** Show why cancelling failed (the app provides it). */
    notifyCancelFailed: (_, _params: { error: unknown }) => {},
    /** Show why resuming failed (the app provides it). */
    notifyResumeFailed: (_, _params: { error: unknown }) => {},
    /** Show why scheduling (or dropping) a change of plan failed (the app provides it). */
    notifyPlanChangeFailed: (_, _params: { error: unknown }) => {},
    /** The plan `subscription.changeScheduled` asks for, until the request ends. */
    rememberRequestedPlan: assign((_, params: { plan: PlanId }) => ({ requestedPlan: params.plan })),
    forgetRequestedPlan: assign({ requestedPlan: null }),
    /** An answer from the server, as it stands now (made free if its `cancel_at` already passed). */
    remember: assign(({ context }, params: { subscription: Subscription }) => {
      const subscription = lapsedAt(params.subscription, Date.now());
      return {
        subscription,
        fromCache: false,
        paymentUnconfirmed: subscription.is_free && context.paymentUnconfirmed,
      };
    }),
    /** `cancel_at` passed (the timer fired): free, without asking the server. */
    lapse: assign(({ context }) => ({
      subscription: context.subscription === null ? null : lapsed(context.subscription),
    })),
    /** Free if `cancel_at` passed while the machine was away from `ready` (e.g. a fetch that failed). */
    lapseIfDue: assign(({ context }) => ({
      subscription: context.subscription === null ? null : lapsedAt(context.subscription, Date.now()),
    })),
    startPaymentConfirmation: assign({ paymentChecks: 0, paymentUnconfirmed: false }),
    countPaymentCheck: assign(({ context }) => ({ paymentChecks: context.paymentChecks + 1 })),
    endPaymentConfirmation: assign({ paymentChecks: 0 }),
    giveUpPaymentConfirmation: assign({ paymentUnconfirmed: true }),
  },
  guards: {
    isPaid: ({ context }) => isPaidContext(context),
    isCancelled: ({ context }) => isCancelledContext(context),
    isPastDue: ({ context }) => isPastDueContext(context),
    isRefunded: ({ context }) => isRefundedContext(context),
    /** Cancelled, with a plan chosen for when it ends. */
    hasScheduledChange: ({ context }) => isCancelledContext(context) && (context.subscription?.scheduled_plan_id ?? null) !== null,
    /** The known `cancel_at` has passed. */
    hasLapsed: ({ context }) => {
      const cancelAt = context.subscription === null ? null : cancelAtMs(context.subscription);
      return cancelAt !== null && cancelAt <= Date.now();
    },
    /** The server's answer says paid. */
    answersPaid: (_, params: { subscription: Subscription }) => !lapsedAt(params.subscription, Date.now()).is_free,
    hasPaymentChecksLeft: ({ context }) => context.paymentChecks < PAYMENT_CHECKS,
  },
  delays: {
    untilCancelAt: ({ context }) => {
      const cancelAt = context.subscription === null ? null : cancelAtMs(context.subscription);
      if (cancelAt === null) return MAX_TIMER_DELAY;
      return Math.min(MAX_TIMER_DELAY, Math.max(0, cancelAt - Date.now()));
    },
    paymentRetry: PAYMENT_RETRY_DELAY,
  },
});

/**
 * After every change of what is known: tell the session when its fields
 * differ from what it holds, and remember what it was told. Made with the
 * setup's own `enqueueActions`, so that it can enqueue `notifySession` by name
 * (and the app's implementation runs).
 */
const syncSession = subscriptionSetup.enqueueActions(({ context, enqueue }) => {
  if (context.subscription === null) return;
  const loaded = loadedFrom(context.subscription);
  const { cached } = context;
  if (loaded.isPaidUser === cached.isPaidUser && loaded.subscriptionStatus === cached.subscriptionStatus) return;
  enqueue.assign({ cached: loaded });
  enqueue({ type: "notifySession", params: loaded });
});

export const subscriptionMachine = subscriptionSetup.extend({ actions: { syncSession } }).createMachine({
  id: "subscription",
  context: ({ input }) => initialContext(input),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "fetch",
        src: "fetchSubscription",
        onDone: { target: "ready", actions: rememberAnswer },
        // The cached (last known) value stays.
        onError: { target: "ready", actions: logFetchError },
      },
      on: {
        "subscription.paymentReturned": { target: "confirmingPayment" },
      },
    },
    ready: {
      // Before `deciding` sorts: what is known, as it stands now.
      entry: ["lapseIfDue", "syncSession"],
      initial: "deciding",
      on: {
        "subscription.refresh": { target: "loading" },
        "subscription.paymentReturned": { target: "confirmingPayment" },
      },
      states: {
        deciding: {
          always: [
            { guard: "hasScheduledChange", target: "changeScheduled" },
            { guard: "isCancelled", target: "cancelled" },
            { guard: "isPastDue", target: "pastDue" },
            { guard: "isPaid", target: "paid" },
            { guard: "isRefunded", target: "refunded" },
            { target: "free" },
          ],
        },
        free: {},
        // A full refund ended the plan: free, with the refund to see in Historial.
        refunded: {},
        paid: {
          on: {
            "subscription.cancelRequested": { target: "confirmingCancel" },
            ...scheduleChange,
          },
        },
        // A renewal failed: access lasts its grace while it is retried; cancelling is still possible.
        pastDue: {
          on: {
            "subscription.cancelRequested": { target: "confirmingCancel" },
            ...scheduleChange,
          },
        },
        confirmingCancel: {
          on: {
            "subscription.cancelConfirmed": { target: "#subscription.cancelling" },
            // Back to paid or past due, whichever it was.
            "subscription.cancelDismissed": { target: "deciding" },
          },
        },
        cancelled: {
          on: {
            "subscription.resumeRequested": { target: "#subscription.resuming" },
            ...scheduleChange,
          },
          after: lapsesAtCancelAt("cancelled"),
        },
        // Cancelled, with the plan that follows chosen: another can be chosen, or the current one kept.
        changeScheduled: {
          on: {
            "subscription.scheduledChangeDropped": { target: "#subscription.changingPlan.keeping" },
            ...scheduleChange,
          },
          after: lapsesAtCancelAt("changeScheduled"),
        },
      },
    },
    cancelling: {
      initial: "requesting",
      states: {
        requesting: {
          invoke: {
            id: "cancel",
            src: "cancelSubscription",
            onDone: { target: "reloading", actions: rememberAnswer },
            // The request may have reached the server all the same: reload.
            onError: {
              target: "reloading",
              actions: { type: "notifyCancelFailed", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloading: reloadThenReady,
      },
    },
    resuming: {
      initial: "requesting",
      states: {
        requesting: {
          invoke: {
            id: "resume",
            src: "resumeSubscription",
            // The answer is the subscription as it now stands: nothing to reload.
            onDone: { target: "#subscription.ready", actions: rememberAnswer },
            // The request may have reached the server all the same: reload.
            onError: {
              target: "reloading",
              actions: { type: "notifyResumeFailed", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloading: reloadThenReady,
      },
    },
    changingPlan: {
      initial: "scheduling",
      exit: "forgetRequestedPlan",
      states: {
        scheduling: {
          invoke: {
            id: "schedule",
            src: "schedulePlanChange",
            input: ({ context }) => ({ plan: context.requestedPlan }),
            onDone: { target: "#subscription.ready", actions: rememberAnswer },
            onError: {
              target: "reloading",
              actions: { type: "notifyPlanChangeFailed", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        keeping: {
          invoke: {
            id: "keep",
            src: "keepPlan",
            onDone: { target: "#subscription.ready", actions: rememberAnswer },
            onError: {
              target: "reloading",
              actions: { type: "notifyPlanChangeFailed", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The request may have reached the server all the same.
        reloading: reloadThenReady,
      },
    },
    confirmingPayment: {
      initial: "checking",
      entry: "startPaymentConfirmation",
      exit: "endPaymentConfirmation",
      states: {
        checking: {
          entry: "countPaymentCheck",
          invoke: {
            id: "fetch",
            src: "fetchSubscription",
            onDone: [
              {
                guard: { type: "answersPaid", params: ({ event }) => ({ subscription: event.output }) },
                target: "#subscription.ready",
                actions: rememberAnswer,
              },
              // Still free: the webhook has not landed yet.
              { guard: "hasPaymentChecksLeft", target: "waiting", actions: rememberAnswer },
              { target: "#subscription.ready", actions: [...rememberAnswer, "giveUpPaymentConfirmation"] },
            ],
            onError: [
              { guard: "hasPaymentChecksLeft", target: "waiting", actions: logFetchError },
              { target: "#subscription.ready", actions: [logFetchError, "giveUpPaymentConfirmation"] },
            ],
          },
        },
        waiting: {
          after: {
            paymentRetry: { target: "checking" },
          },
        },
      },
    },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;
export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;
