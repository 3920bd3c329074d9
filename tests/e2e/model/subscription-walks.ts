import { fromPromise } from "xstate";
import type { AnyStateMachine } from "xstate";
import { adjacencyMapToArray, getAdjacencyMap, TestModel } from "xstate/graph";
import type { PlanId, Subscription } from "../../../contracts/subscriptions.ts";
import { selectSubscription } from "../../../machines/subscription/selectors.ts";
import { subscriptionMachine, type SubscriptionEvent, type SubscriptionInput, type SubscriptionSnapshot } from "../../../machines/subscription/subscription.machine.ts";
import { pathTo, type Edge as EdgeOf, type Walk as WalkOf, type WalkStep as WalkStepOf } from "./walk-paths.ts";

/**
 * The subscription machine's paths as a paying seller walks them in
 * Configuración › Planes and /planes (issue 27, model-based UI tests):
 * cancel (asked first, kept or confirmed), resume, and a downgrade chosen
 * for the end of the period and dropped again; the server's answers are events
 * the real server gives in the browser. xstate/graph walks the machine; the
 * walk returned rests at least once in every state these screens can show,
 * and predicts after every event what the page shows. Every edge of the
 * machine, failures included, is replayed without a browser in
 * tests/machines/subscription/subscription.paths.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

/** What the real server answers, in the shape the model needs (the dates are the model's, not the server's). */
const ACTIVE: Subscription = {
  id: 1,
  status: "active",
  is_free: false,
  plan_id: "impulsa_monthly",
  nickname: "Impulsa mensual",
  period_start: iso(T0),
  period_end: iso(T0 + 30 * DAY),
  cancel_at: null,
  amount: 11600,
  currency: "mxn",
  created_at: iso(T0),
};
const CANCELLED: Subscription = { ...ACTIVE, status: "canceled", cancel_at: ACTIVE.period_end };
/** Explora mensual chosen for when Impulsa ends (a downgrade): Impulsa stops renewing. */
const CHANGE_SCHEDULED: Subscription = { ...CANCELLED, scheduled_plan_id: "explora_monthly" };

/** A seller who just paid Impulsa mensual (the session's cache says paid). */
export const PAYING_SELLER: SubscriptionInput = { cached: { isPaidUser: true, subscriptionStatus: "active" } };

// The graph takes the server's answers as events, so the actors never settle on their own.
const model: AnyStateMachine = subscriptionMachine.provide({
  actors: {
    fetchSubscription: fromPromise<Subscription>(() => new Promise(() => {})),
    cancelSubscription: fromPromise<Subscription>(() => new Promise(() => {})),
    resumeSubscription: fromPromise<Subscription>(() => new Promise(() => {})),
    schedulePlanChange: fromPromise<Subscription, { plan: PlanId | null }>(() => new Promise(() => {})),
    keepPlan: fromPromise<Subscription>(() => new Promise(() => {})),
  },
});

const invokeId = (path: string): string => {
  const id = subscriptionMachine.getStateNodeById(`subscription.${path}`).invoke[0]?.id;
  if (id === undefined) throw new Error(`${path} invokes nothing`);
  return id;
};
const FETCH = invokeId("loading");
const CANCEL = invokeId("cancelling.requesting");
const RESUME = invokeId("resuming.requesting");
const SCHEDULE = invokeId("changingPlan.scheduling");
const KEEP = invokeId("changingPlan.keeping");

type Answered = { readonly type: `xstate.done.actor.${string}`; readonly output: Subscription };
export type WalkEvent = SubscriptionEvent | Answered;
const answered = (id: string, output: Subscription): Answered => ({ type: `xstate.done.actor.${id}`, output });

const eventsFor = (snapshot: SubscriptionSnapshot): WalkEvent[] => {
  // A fetch answers what the server holds: what the last answer said, or the plan just paid.
  if (snapshot.matches("loading") || snapshot.matches({ cancelling: "reloading" })) return [answered(FETCH, snapshot.context.subscription ?? ACTIVE)];
  if (snapshot.matches({ cancelling: "requesting" })) return [answered(CANCEL, CANCELLED)];
  if (snapshot.matches({ resuming: "requesting" })) return [answered(RESUME, ACTIVE)];
  if (snapshot.matches({ changingPlan: "scheduling" })) return [answered(SCHEDULE, CHANGE_SCHEDULED)];
  // Keeping the plan while its period runs resumes it (PUT-like): it renews again.
  if (snapshot.matches({ changingPlan: "keeping" })) return [answered(KEEP, ACTIVE)];
  const downgrade: WalkEvent = { type: "subscription.changeScheduled", plan: "explora_monthly" };
  if (snapshot.matches({ ready: "paid" })) return [{ type: "subscription.cancelRequested" }, downgrade];
  if (snapshot.matches({ ready: "confirmingCancel" })) return [{ type: "subscription.cancelConfirmed" }, { type: "subscription.cancelDismissed" }];
  if (snapshot.matches({ ready: "cancelled" })) return [{ type: "subscription.resumeRequested" }, downgrade];
  if (snapshot.matches({ ready: "changeScheduled" })) return [{ type: "subscription.scheduledChangeDropped" }];
  return [];
};

const serializeState = (snapshot: SubscriptionSnapshot): string => JSON.stringify(snapshot.value);

/** What the page must show: the plan's status line and which of its buttons and the modal are there; in flight, nothing yet. */
export type Expected =
  | { readonly kind: "busy" }
  | {
      readonly kind: "shown";
      readonly cancelled: boolean;
      /** Cancelled with the plan that follows chosen (a downgrade). */
      readonly changeScheduled: boolean;
      readonly canCancel: boolean;
      readonly canResume: boolean;
      readonly modalOpen: boolean;
    };

export const expectedOf = (snapshot: SubscriptionSnapshot): Expected => {
  const view = selectSubscription(snapshot);
  if (view.isLoading || view.isResuming || view.isChangingPlan || snapshot.matches("cancelling")) return { kind: "busy" };
  return {
    kind: "shown",
    cancelled: view.isCancelled,
    changeScheduled: view.canKeepPlan,
    canCancel: view.canCancel,
    canResume: view.canResume,
    modalOpen: view.isConfirmingCancel,
  };
};

export type WalkStep = WalkStepOf<WalkEvent, Expected>;
export type Walk = WalkOf<WalkEvent, Expected>;
type Edge = EdgeOf<WalkEvent, SubscriptionSnapshot>;

/** One walk from a paying seller's start through every state these screens show (each walk costs a new seller). */
export function subscriptionWalk(): { readonly walk: Walk; readonly states: number } {
  const all = adjacencyMapToArray(getAdjacencyMap<SubscriptionSnapshot, WalkEvent, SubscriptionInput>(model, { input: PAYING_SELLER, events: eventsFor, serializeState }));
  const adjacency = new Map<string, Map<string, Edge>>();
  const states = new Set<string>();
  for (const { state, event, nextState } of all) {
    const edges = adjacency.get(serializeState(state)) ?? new Map<string, Edge>();
    edges.set(JSON.stringify(event), { event, state: nextState });
    adjacency.set(serializeState(state), edges);
    states.add(serializeState(state)).add(serializeState(nextState));
  }
  const initial = new TestModel<SubscriptionSnapshot, WalkEvent, SubscriptionInput>(model, { events: () => [], serializeState }).getShortestPaths({ input: PAYING_SELLER })[0]?.state;
  if (initial === undefined) throw new Error("the machine has no initial state");
  const unseen = new Set(states);
  unseen.delete(serializeState(initial));
  const steps: WalkStep[] = [];
  // Edges taken too: both answers of the modal.
  const untakenEdges = new Set(all.map(({ state, event }) => `${serializeState(state)} ${JSON.stringify(event)}`));
  for (let at = serializeState(initial); ; ) {
    const path =
      pathTo(adjacency, serializeState, at, (state) => unseen.has(state)) ??
      pathTo(adjacency, serializeState, at, (state) => [...(adjacency.get(state)?.keys() ?? [])].some((event) => untakenEdges.has(`${state} ${event}`)));
    if (path === null) break;
    for (const [from, eventKey] of path) {
      const next = adjacency.get(from)?.get(eventKey);
      if (next === undefined) throw new Error(`no edge ${eventKey} from ${from}`);
      untakenEdges.delete(`${from} ${eventKey}`);
      at = serializeState(next.state);
      unseen.delete(at);
      steps.push({ event: next.event, expected: expectedOf(next.state) });
    }
    // The state reached: take one of its edges not taken yet, if any.
    const open = [...(adjacency.get(at)?.entries() ?? [])].find(([eventKey]) => untakenEdges.has(`${at} ${eventKey}`));
    if (open !== undefined) {
      untakenEdges.delete(`${at} ${open[0]}`);
      at = serializeState(open[1].state);
      unseen.delete(at);
      steps.push({ event: open[1].event, expected: expectedOf(open[1].state) });
    }
    if (unseen.size === 0 && untakenEdges.size === 0) break;
  }
  return { walk: { name: "paying seller", start: expectedOf(initial), steps }, states: states.size };
}
