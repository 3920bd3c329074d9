import { vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { PlanId, Subscription } from "../../../contracts/subscriptions.ts";
import type { CachedSubscription, SubscriptionContext, SubscriptionLoaded } from "../../../machines/subscription/selectors.ts";
import { initialContext, subscriptionMachine } from "../../../machines/subscription/subscription.machine.ts";

/** A fixed "now" for every machine test (fake timers set the clock to it). */
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
export const DAY = 24 * 60 * 60 * 1000;

const iso = (ms: number): string => new Date(ms).toISOString();

/** What GET /subscriptions answers for someone who never paid. */
export const FREE: Subscription = {
  id: 7,
  status: "free",
  is_free: true,
  plan_id: null,
  nickname: null,
  period_start: null,
  period_end: null,
  cancel_at: null,
  amount: null,
  currency: "mxn",
  created_at: iso(T0 - 90 * DAY),
};

/** Explora mensual, paid five days before T0. */
export const ACTIVE: Subscription = {
  ...FREE,
  status: "active",
  is_free: false,
  plan_id: "explora_monthly",
  nickname: "Explora mensual",
  period_start: iso(T0 - 5 * DAY),
  period_end: iso(T0 + 25 * DAY),
  amount: 1740,
};

/** `ACTIVE`, cancelled: access until `cancelAt` (by default the end of the period). */
export const cancelledUntil = (cancelAt: number): Subscription => ({
  ...ACTIVE,
  status: "canceled",
  cancel_at: iso(cancelAt),
});

export const CANCELLED = cancelledUntil(T0 + 25 * DAY);

/** Impulsa trimestral, cancelled until the end of its period with Explora mensual chosen to follow (a downgrade). */
export const CHANGE_SCHEDULED: Subscription = {
  ...cancelledUntil(T0 + 25 * DAY),
  plan_id: "impulsa_quarterly",
  nickname: "Impulsa trimestral",
  scheduled_plan_id: "explora_monthly",
};

/** A full refund of the current period's charge ended the plan at T0 - 1 day. */
export const REFUNDED: Subscription = { ...ACTIVE, status: "refunded", is_free: true, cancel_at: iso(T0 - DAY) };

/** What the session caches for a visitor who never paid, a paying user, a cancelled one. */
export const CACHED_FREE: CachedSubscription = { isPaidUser: false, subscriptionStatus: "free" };
export const CACHED_PAID: CachedSubscription = { isPaidUser: true, subscriptionStatus: "active" };
export const CACHED_CANCELLED: CachedSubscription = { isPaidUser: true, subscriptionStatus: "canceled" };

/** Lets settled promises reach the actor (a `fromPromise` answers a few microtasks later). */
export async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}

interface Pending<T> {
  readonly resolve: (value: T) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The two endpoints, faked: every call waits until the test answers it, so a
 * test sees the machine with the request in flight, then answers it. A call
 * whose actor was stopped (the machine left the state) is dropped, the way
 * the app's fetcher aborts.
 */
export function fakeServer() {
  const fetches: Pending<Subscription>[] = [];
  const cancels: Pending<Subscription>[] = [];
  const resumes: Pending<Subscription>[] = [];
  const schedules: Pending<Subscription>[] = [];
  const keeps: Pending<Subscription>[] = [];
  const scheduledPlans: Array<PlanId | null> = [];
  const call = (queue: Pending<Subscription>[], signal?: AbortSignal) =>
    new Promise<Subscription>((resolve, reject) => {
      const pending = { resolve, reject };
      queue.push(pending);
      signal?.addEventListener("abort", () => {
        const index = queue.indexOf(pending);
        if (index !== -1) queue.splice(index, 1);
      });
    });
  const fetchSubscription = vi.fn((signal?: AbortSignal) => call(fetches, signal));
  const cancelSubscription = vi.fn((signal?: AbortSignal) => call(cancels, signal));
  const resumeSubscription = vi.fn((signal?: AbortSignal) => call(resumes, signal));
  const schedulePlanChange = vi.fn((plan: PlanId | null, signal?: AbortSignal) => {
    scheduledPlans.push(plan);
    return call(schedules, signal);
  });
  const keepPlan = vi.fn((signal?: AbortSignal) => call(keeps, signal));
  const answer = async (queue: Pending<Subscription>[], name: string, outcome: (pending: Pending<Subscription>) => void) => {
    const [pending, ...others] = queue.splice(0);
    if (pending === undefined || others.length > 0) throw new Error(`expected one ${name} in flight, found ${queue.length}`);
    outcome(pending);
    await settle();
  };
  return {
    fetchSubscription,
    cancelSubscription,
    resumeSubscription,
    schedulePlanChange,
    keepPlan,
    /** Requests in flight (made, not answered, not abandoned). */
    inFlight: () => ({ fetches: fetches.length, cancels: cancels.length, resumes: resumes.length }),
    /** Changes of plan in flight: scheduling one, keeping the current plan. */
    changesInFlight: () => ({ schedules: schedules.length, keeps: keeps.length }),
    /** The plans the scheduling requests asked for, in order. */
    scheduledPlans,
    answerFetch: (subscription: Subscription) => answer(fetches, "fetch", (pending) => pending.resolve(subscription)),
    failFetch: (error: unknown) => answer(fetches, "fetch", (pending) => pending.reject(error)),
    answerCancel: (subscription: Subscription) => answer(cancels, "cancel", (pending) => pending.resolve(subscription)),
    failCancel: (error: unknown) => answer(cancels, "cancel", (pending) => pending.reject(error)),
    answerResume: (subscription: Subscription) => answer(resumes, "resume", (pending) => pending.resolve(subscription)),
    failResume: (error: unknown) => answer(resumes, "resume", (pending) => pending.reject(error)),
    answerSchedule: (subscription: Subscription) => answer(schedules, "schedule", (pending) => pending.resolve(subscription)),
    failSchedule: (error: unknown) => answer(schedules, "schedule", (pending) => pending.reject(error)),
    answerKeep: (subscription: Subscription) => answer(keeps, "keep", (pending) => pending.resolve(subscription)),
    failKeep: (error: unknown) => answer(keeps, "keep", (pending) => pending.reject(error)),
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

/** The machine with the fake server and spies for the three actions the app provides. */
export function spiedMachine(server: FakeServer = fakeServer()) {
  const notifySession = vi.fn<(loaded: SubscriptionLoaded) => void>();
  const logFetchError = vi.fn<(params: { error: unknown }) => void>();
  const notifyCancelFailed = vi.fn<(params: { error: unknown }) => void>();
  const notifyResumeFailed = vi.fn<(params: { error: unknown }) => void>();
  const notifyPlanChangeFailed = vi.fn<(params: { error: unknown }) => void>();
  const machine = subscriptionMachine.provide({
    actors: {
      fetchSubscription: fromPromise(({ signal }) => server.fetchSubscription(signal)),
      cancelSubscription: fromPromise(({ signal }) => server.cancelSubscription(signal)),
      resumeSubscription: fromPromise(({ signal }) => server.resumeSubscription(signal)),
      schedulePlanChange: fromPromise(({ input, signal }) => server.schedulePlanChange(input.plan, signal)),
      keepPlan: fromPromise(({ signal }) => server.keepPlan(signal)),
    },
    actions: {
      notifySession: (_, loaded) => notifySession(loaded),
      logFetchError: (_, params) => logFetchError(params),
      notifyCancelFailed: (_, params) => notifyCancelFailed(params),
      notifyResumeFailed: (_, params) => notifyResumeFailed(params),
      notifyPlanChangeFailed: (_, params) => notifyPlanChangeFailed(params),
    },
  });
  return { machine, server, notifySession, logFetchError, notifyCancelFailed, notifyResumeFailed, notifyPlanChangeFailed };
}

/** Starts the spied machine the way the app does: from the session's cache (it fetches at once). */
export function startFromCache(cached: CachedSubscription) {
  const spies = spiedMachine();
  const actor = createActor(spies.machine, { input: { cached } });
  actor.start();
  return { ...spies, actor };
}

/** The context once the server answered `subscription` (the session told). */
export function knownContext(subscription: Subscription, overrides: Partial<SubscriptionContext> = {}): SubscriptionContext {
  return {
    ...initialContext({ cached: CACHED_FREE }),
    subscription,
    cached: { isPaidUser: !subscription.is_free, subscriptionStatus: subscription.status },
    fromCache: false,
    ...overrides,
  };
}

/** The context before any answer: only the session's cache. */
export const cachedContext = (cached: CachedSubscription): SubscriptionContext => initialContext({ cached });

type RestingState = "free" | "paid" | "pastDue" | "cancelled" | "changeScheduled" | "refunded" | "confirmingCancel";

/**
 * Starts the spied machine pinned to `ready.<state>` with `context`, without
 * running entry actions (so no timer is armed and nothing is in flight).
 */
export function startPinned(state: RestingState, context: SubscriptionContext) {
  const spies = spiedMachine();
  const snapshot = spies.machine.resolveState({ value: { ready: state }, context });
  const actor = createActor(spies.machine, { snapshot, input: { cached: CACHED_FREE } });
  actor.start();
  return { ...spies, actor };
}
