import { createActor, fromPromise, type ActorRefFrom } from "xstate";
import type { SubscriptionLoaded } from "../../../../machines/subscription/selectors.ts";
import { subscriptionMachine, type SubscriptionInput } from "../../../../machines/subscription/subscription.machine.ts";
import { toastApiError } from "../../../lib/toast.ts";
import { inspectOption } from "../../../lib/xstate-inspect.ts";
import { cancelSubscription } from "../api/cancel-subscription.ts";
import { getSubscription } from "../api/get-subscription.ts";
import { resumeSubscription } from "../api/resume-subscription.ts";
import { cancelPlanChange, schedulePlanChange } from "../api/scheduled-plan.ts";

/**
 * The subscription actor: the machine (machines/subscription/) given the
 * app's side effects, as src/lib/session-actor.ts does for the session.
 * - `fetchSubscription` / `cancelSubscription`: GET and DELETE /subscriptions
 *   through the real fetchers (decoded with the contract).
 * - `notifySession`: the session follows at once (`session.subscriptionLoaded`),
 *   so the navbar and the profile show the new plan without a new login.
 * - `logFetchError`: a log line only (spec section 8, "Subscription fetch
 *   error: only logged"); the cached value stays on screen.
 * - `schedulePlanChange` / `keepPlan`: PUT and DELETE /subscriptions/scheduled_plan.
 * - `notifyCancelFailed` / `notifyResumeFailed` / `notifyPlanChangeFailed`: the error toast (spec section 8).
 *
 * ./subscription-store.ts decides when an actor is created and stopped (one
 * per signed-in session); components use ./use-subscription.ts.
 */

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;

export interface SubscriptionActorOptions extends SubscriptionInput {
  /** Gives the session the fields it caches (`session.subscriptionLoaded`). */
  readonly notifySession: (loaded: SubscriptionLoaded) => void;
}

/** Creates and wires the actor; the caller starts it (events sent before then are queued). */
export function createSubscriptionActor({ cached, notifySession }: SubscriptionActorOptions): SubscriptionActor {
  const machine = subscriptionMachine.provide({
    actors: {
      fetchSubscription: fromPromise(() => getSubscription()),
      cancelSubscription: fromPromise(() => cancelSubscription()),
      resumeSubscription: fromPromise(() => resumeSubscription()),
      schedulePlanChange: fromPromise(({ input }) =>
        input.plan === null ? Promise.reject(new Error("No plan was chosen to schedule")) : schedulePlanChange(input.plan),
      ),
      keepPlan: fromPromise(() => cancelPlanChange()),
    },
    actions: {
      notifySession: (_, loaded) => notifySession(loaded),
      // Silent for the user: what the session cached stays on screen.
      logFetchError: (_, { error }) => console.warn("Error al obtener la suscripción:", error),
      notifyCancelFailed: (_, { error }) => toastApiError(error),
      notifyResumeFailed: (_, { error }) => toastApiError(error),
      notifyPlanChangeFailed: (_, { error }) => toastApiError(error),
    },
  });
  // The Stately inspector in development, on request (src/lib/xstate-inspect.ts).
  return createActor(machine, { input: { cached }, ...inspectOption });
}
