import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { TestModel, adjacencyMapToArray, getAdjacencyMap, getStateNodes, serializeSnapshot } from "xstate/graph";
import type { Step } from "xstate/graph";
import type { Subscription } from "../../../contracts/subscriptions.ts";
import { cancelAtMs, loadedFrom, type CachedSubscription, type SubscriptionLoaded } from "../../../machines/subscription/selectors.ts";
import {
  MAX_TIMER_DELAY,
  subscriptionMachine,
  type SubscriptionEvent,
  type SubscriptionInput,
  type SubscriptionSnapshot,
} from "../../../machines/subscription/subscription.machine.ts";
import {
  ACTIVE,
  CACHED_CANCELLED,
  CACHED_FREE,
  CACHED_PAID,
  DAY,
  CHANGE_SCHEDULED,
  FREE,
  REFUNDED,
  T0,
  cancelledUntil,
  fakeServer,
  type FakeServer,
} from "./harness.ts";

/**
 * Generated path tests: xstate/graph walks the machine with every UI event,
 * every answer the two actors can give (a few subscriptions, or a failure)
 * while they are in flight, and the two timers while they run. The walk gives
 * every reachable snapshot and every edge between them; each snapshot's
 * shortest path is replayed on a real actor with the fake server, then each
 * edge out of it. At every step the actor must be where the model said, the
 * session's fields (as `notifySession` left them) must be those of the
 * subscription as now known, never sent twice, and every fetch failure must
 * have been logged. The transitions the actor actually
 * took (seen through `inspect`) must be every transition the machine
 * defines: one added later without an event here to reach it fails this
 * suite.
 *
 * Time: as in the session's path tests, the model swaps the named delays for
 * 1 s and models what a fired `untilCancelAt` timer means: `cancel_at` has
 * passed if the real timer (clamped to MAX_TIMER_DELAY) covered the time left
 * from T0. The answers' `cancel_at` are days away from T0 (or days past), so
 * replaying a path (1 s per fired timer) never changes what the model
 * predicted. The model also gives up on a payment after 2 checks instead of
 * PAYMENT_CHECKS, to keep the graph small; the real delays, guard and count
 * are tested against the clock in subscription.expiry.test.ts and
 * subscription.payment.test.ts.
 */

const MODEL_TIMER = 1_000;
const MODEL_PAYMENT_CHECKS = 2;

/** The server of the replay running now: the model's actors call it. */
let server: FakeServer = fakeServer();
const notified: SubscriptionLoaded[] = [];
const logged: unknown[] = [];

const model = subscriptionMachine.provide({
  delays: { untilCancelAt: MODEL_TIMER, paymentRetry: MODEL_TIMER },
  guards: {
    hasLapsed: ({ context }) => {
      const cancelAt = context.subscription === null ? null : cancelAtMs(context.subscription);
      return cancelAt !== null && cancelAt - T0 <= MAX_TIMER_DELAY;
    },
    hasPaymentChecksLeft: ({ context }) => context.paymentChecks < MODEL_PAYMENT_CHECKS,
  },
  actors: {
    fetchSubscription: fromPromise(({ signal }) => server.fetchSubscription(signal)),
    cancelSubscription: fromPromise(({ signal }) => server.cancelSubscription(signal)),
    resumeSubscription: fromPromise(({ signal }) => server.resumeSubscription(signal)),
    schedulePlanChange: fromPromise(({ input, signal }) => server.schedulePlanChange(input.plan, signal)),
    keepPlan: fromPromise(({ signal }) => server.keepPlan(signal)),
  },
  actions: {
    notifySession: (_, loaded) => {
      notified.push(loaded);
    },
    logFetchError: (_, { error }) => {
      logged.push(error);
    },
  },
});

/**
 * The same machine seen by the graph walker, which also sends the actors'
 * answers and the timers' events: the public `SubscriptionEvent` type
 * rightly does not list them.
 */
const graphModel: AnyStateMachine = model;

// ---------------------------------------------------------------------------
// The events, read from the definition where the machine names them
// ---------------------------------------------------------------------------

const stateNode = (...path: string[]): AnyStateNode => {
  const node = path.reduce<AnyStateNode | undefined>((parent, key) => parent?.states[key], model.root);
  if (node === undefined) throw new Error(`no state ${path.join(".")}`);
  return node;
};

/** The event a state's (only) `after` timer sends. */
const timerEvent = (...path: string[]): string => {
  const delayed = stateNode(...path).after[0];
  if (delayed === undefined) throw new Error(`${path.join(".")} has no \`after\` timer`);
  return delayed.eventType;
};

/** The id of a state's (only) invoked actor. */
const invokeId = (...path: string[]): string => {
  const invoked = stateNode(...path).invoke[0];
  if (invoked === undefined) throw new Error(`${path.join(".")} invokes nothing`);
  return invoked.id;
};

const LAPSE_TIMER = timerEvent("ready", "cancelled");
const SCHEDULED_LAPSE_TIMER = timerEvent("ready", "changeScheduled");
const RETRY_TIMER = timerEvent("confirmingPayment", "waiting");
const FETCH_ID = invokeId("loading");
const CANCEL_ID = invokeId("cancelling", "requesting");
const RESUME_ID = invokeId("resuming", "requesting");
const SCHEDULE_ID = invokeId("changingPlan", "scheduling");
const KEEP_ID = invokeId("changingPlan", "keeping");
// Every fetch is invoked under the same id, so one set of answers serves them all.
expect(invokeId("cancelling", "reloading")).toBe(FETCH_ID);
expect(invokeId("resuming", "reloading")).toBe(FETCH_ID);
expect(invokeId("changingPlan", "reloading")).toBe(FETCH_ID);
expect(invokeId("confirmingPayment", "checking")).toBe(FETCH_ID);

type Answer = { readonly type: `xstate.done.actor.${string}`; readonly output: Subscription };
type Failure = { readonly type: `xstate.error.actor.${string}`; readonly error: string };
type Timer = { readonly type: string & { readonly __timer?: never } };
type GraphEvent = SubscriptionEvent | Answer | Failure | Timer;

const done = (id: string, output: Subscription): Answer => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): Failure => ({ type: `xstate.error.actor.${id}`, error: `el servidor no contestó (${id})` });
const isAnswer = (event: GraphEvent, id: string): event is Answer => event.type === `xstate.done.actor.${id}`;
const isFailure = (event: GraphEvent, id: string): event is Failure => event.type === `xstate.error.actor.${id}`;

/**
 * What GET /subscriptions may answer: free, active, past due, cancelled
 * (lapsing before or after the longest timer, already lapsed), cancelled
 * with a change scheduled, ended by a refund.
 */
const answers: readonly Subscription[] = [
  FREE,
  ACTIVE,
  { ...ACTIVE, status: "past_due" },
  cancelledUntil(T0 + 10 * DAY),
  cancelledUntil(T0 + 40 * DAY),
  cancelledUntil(T0 - DAY),
  CHANGE_SCHEDULED,
  { ...CHANGE_SCHEDULED, cancel_at: cancelledUntil(T0 + 10 * DAY).cancel_at },
  REFUNDED,
];

const uiEvents: readonly SubscriptionEvent[] = [
  { type: "subscription.refresh" },
  { type: "subscription.cancelRequested" },
  { type: "subscription.cancelConfirmed" },
  { type: "subscription.cancelDismissed" },
  { type: "subscription.resumeRequested" },
  { type: "subscription.paymentReturned" },
  { type: "subscription.changeScheduled", plan: "explora_monthly" },
  { type: "subscription.scheduledChangeDropped" },
];

/** Every UI event anywhere; answers only while a request is in flight; timers only while they run. */
const eventsFor = (snapshot: SubscriptionSnapshot): GraphEvent[] => [
  ...uiEvents,
  ...(snapshot.matches("loading") ||
  snapshot.matches({ cancelling: "reloading" }) ||
  snapshot.matches({ resuming: "reloading" }) ||
  snapshot.matches({ changingPlan: "reloading" }) ||
  snapshot.matches({ confirmingPayment: "checking" })
    ? [...answers.map((answer) => done(FETCH_ID, answer)), failed(FETCH_ID)]
    : []),
  ...(snapshot.matches({ cancelling: "requesting" }) ? [done(CANCEL_ID, cancelledUntil(T0 + 10 * DAY)), failed(CANCEL_ID)] : []),
  ...(snapshot.matches({ resuming: "requesting" }) ? [done(RESUME_ID, ACTIVE), failed(RESUME_ID)] : []),
  ...(snapshot.matches({ changingPlan: "scheduling" }) ? [done(SCHEDULE_ID, CHANGE_SCHEDULED), failed(SCHEDULE_ID)] : []),
  ...(snapshot.matches({ changingPlan: "keeping" }) ? [done(KEEP_ID, { ...CHANGE_SCHEDULED, status: "active", cancel_at: null, scheduled_plan_id: null }), failed(KEEP_ID)] : []),
  ...(snapshot.matches({ ready: "cancelled" }) ? [{ type: LAPSE_TIMER }] : []),
  ...(snapshot.matches({ ready: "changeScheduled" }) ? [{ type: SCHEDULED_LAPSE_TIMER }] : []),
  ...(snapshot.matches({ confirmingPayment: "waiting" }) ? [{ type: RETRY_TIMER }] : []),
];

const serializeState = (snapshot: SubscriptionSnapshot): string => serializeSnapshot(snapshot);

// ---------------------------------------------------------------------------
// The machine's own definition, to check coverage against
// ---------------------------------------------------------------------------

const describeTransition = (transition: AnyTransitionDefinition): string =>
  `${transition.source.id} --${transition.eventType || "(always)"}--> ${
    transition.target?.map((target) => target.id).join(",") ?? "(stays)"
  }${transition.guard === undefined ? "" : " [guarded]"}`;

/** Every transition the machine defines, read from its state nodes. */
const definedTransitions = (): AnyTransitionDefinition[] =>
  [model.root, ...getStateNodes(model.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);

/** A state node's parents, up to the root. */
const ancestors = (node: AnyStateNode): AnyStateNode[] => (node.parent === undefined ? [] : [node.parent, ...ancestors(node.parent)]);

/** The state nodes entering `targets` enters: the targets, their parents and, down from each compound one, its initial children. */
const entering = (targets: readonly AnyStateNode[]): AnyStateNode[] =>
  targets.flatMap((target) => [target, ...ancestors(target), ...(target.type === "compound" ? entering(target.initial.target) : [])]);

// ---------------------------------------------------------------------------
// Replaying on a real actor
// ---------------------------------------------------------------------------

interface Replay {
  readonly covered: Set<AnyTransitionDefinition>;
  readonly finalValues: Set<string>;
}

const at = (snapshot: SubscriptionSnapshot) => ({ value: snapshot.value, context: snapshot.context });
const sameFields = (a: CachedSubscription, b: CachedSubscription) =>
  a.isPaidUser === b.isPaidUser && a.subscriptionStatus === b.subscriptionStatus;

/** Makes the real actor take `event`: a UI event is sent, an answer answers the fake server, a timer runs out. */
async function take(event: GraphEvent): Promise<void> {
  if (isAnswer(event, FETCH_ID)) await server.answerFetch(event.output);
  else if (isFailure(event, FETCH_ID)) await server.failFetch(event.error);
  else if (isAnswer(event, CANCEL_ID)) await server.answerCancel(event.output);
  else if (isFailure(event, CANCEL_ID)) await server.failCancel(event.error);
  else if (isAnswer(event, RESUME_ID)) await server.answerResume(event.output);
  else if (isFailure(event, RESUME_ID)) await server.failResume(event.error);
  else if (isAnswer(event, SCHEDULE_ID)) await server.answerSchedule(event.output);
  else if (isFailure(event, SCHEDULE_ID)) await server.failSchedule(event.error);
  else if (isAnswer(event, KEEP_ID)) await server.answerKeep(event.output);
  else if (isFailure(event, KEEP_ID)) await server.failKeep(event.error);
  else if (event.type === LAPSE_TIMER || event.type === SCHEDULED_LAPSE_TIMER || event.type === RETRY_TIMER) vi.advanceTimersByTime(MODEL_TIMER);
  else actor?.send(event as SubscriptionEvent);
}

let actor: ReturnType<typeof createActor<typeof model>> | undefined;

/** Replays `steps` on a real actor and checks, at every step, that it is where the model said. */
async function replay(steps: Step<SubscriptionSnapshot, GraphEvent>[], input: SubscriptionInput, into: Replay, label: string) {
  vi.setSystemTime(T0);
  server = fakeServer();
  notified.length = 0;
  logged.length = 0;
  const started = createActor(model, {
    input,
    inspect: (inspection) => {
      if (inspection.type === "@xstate.microstep") {
        for (const transition of inspection._transitions) into.covered.add(transition);
      }
    },
  });
  actor = started;
  started.start();
  const [first, ...rest] = steps;
  if (first !== undefined) expect(at(started.getSnapshot()), `${label}: start`).toEqual(at(first.state));
  // What the session machine holds: the cache it started with, then what it was sent.
  let session: CachedSubscription = input.cached;
  for (const [index, step] of rest.entries()) {
    const where = `${label}: step ${index + 1} (${step.event.type})`;
    const notifiedBefore = notified.length;
    const loggedBefore = logged.length;
    await take(step.event);
    const now = started.getSnapshot();
    expect(at(now), where).toEqual(at(step.state));
    // The session follows at once: its fields are those of the subscription as
    // now known, and it hears only of changes, once each.
    for (const loaded of notified.slice(notifiedBefore)) {
      expect(sameFields(loaded, session), `${where}: told the session what it already held`).toBe(false);
      session = loaded;
    }
    const { subscription } = now.context;
    expect(session, where).toEqual(subscription === null ? input.cached : loadedFrom(subscription));
    // A failed fetch is logged, once; nothing else is.
    expect(logged.slice(loggedBefore), where).toEqual(isFailure(step.event, FETCH_ID) ? [step.event.error] : []);
  }
  into.finalValues.add(JSON.stringify(started.getSnapshot().value));
  started.stop();
  actor = undefined;
}

const inputs: ReadonlyArray<readonly [string, SubscriptionInput]> = [
  ["a free user's cache", { cached: CACHED_FREE }],
  ["a paying user's cache", { cached: CACHED_PAID }],
  ["a cancelled user's cache", { cached: CACHED_CANCELLED }],
  ["a visitor's cache (no status)", { cached: { isPaidUser: false, subscriptionStatus: null } }],
];

describe("subscription machine, generated paths", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reaches every state and takes every transition the machine defines", async () => {
    const result: Replay = { covered: new Set(), finalValues: new Set() };
    // An edge out of a snapshot another start already reached is replayed once.
    const edgesReplayed = new Set<string>();

    for (const [name, input] of inputs) {
      const testModel = new TestModel<SubscriptionSnapshot, GraphEvent, SubscriptionInput>(graphModel, {
        events: eventsFor,
        serializeState,
      });
      // One path per snapshot, prefixes of longer ones included: each is the way to its snapshot.
      const paths = testModel.getShortestPaths({ input, allowDuplicatePaths: true });
      expect(paths.length, name).toBeGreaterThan(40);
      const pathTo = new Map(paths.map((path) => [serializeState(path.state), path]));

      // Every snapshot the walk found, by its shortest path...
      for (const path of paths) await replay(path.steps, input, result, `${name}: ${path.description}`);

      // ...and every edge out of it: the shortest path, then the edge.
      const adjacency = getAdjacencyMap<SubscriptionSnapshot, GraphEvent, SubscriptionInput>(graphModel, {
        input,
        events: eventsFor,
        serializeState,
      });
      expect(Object.keys(adjacency).sort(), `${name}: every snapshot has a shortest path`).toEqual([...pathTo.keys()].sort());
      for (const { state: from, event, nextState } of adjacencyMapToArray(adjacency)) {
        const edge = `${serializeState(from)} ${JSON.stringify(event)}`;
        if (edgesReplayed.has(edge)) continue;
        const path = pathTo.get(serializeState(from));
        if (path === undefined) throw new Error(`no path to ${serializeState(from)}`);
        await replay([...path.steps, { event, state: nextState }], input, result, `${name}: ${path.description}, then ${event.type}`);
        edgesReplayed.add(edge);
      }
    }
    expect(edgesReplayed.size).toBeGreaterThan(2000);

    const defined = definedTransitions();
    const missing = defined.filter((transition) => !result.covered.has(transition)).map(describeTransition);
    expect(missing, "transitions no generated path takes").toEqual([]);
    expect(defined.length).toBeGreaterThanOrEqual(33);

    // Every state node is entered on some path...
    const entered = new Set([
      model.root,
      ...entering(model.root.initial.target),
      ...[...result.covered].flatMap((transition) => entering(transition.target ?? [])),
    ]);
    const unreached = getStateNodes(model.root)
      .filter((node) => !entered.has(node))
      .map((node) => node.id);
    expect(unreached, "states no generated path enters").toEqual([]);
    // ...and every resting state is where some path ends (`ready.deciding` never rests).
    expect([...result.finalValues].sort()).toEqual(
      [
        '"loading"',
        '{"ready":"free"}',
        '{"ready":"paid"}',
        '{"ready":"pastDue"}',
        '{"ready":"cancelled"}',
        '{"ready":"changeScheduled"}',
        '{"ready":"refunded"}',
        '{"ready":"confirmingCancel"}',
        '{"changingPlan":"scheduling"}',
        '{"changingPlan":"keeping"}',
        '{"changingPlan":"reloading"}',
        '{"cancelling":"requesting"}',
        '{"cancelling":"reloading"}',
        '{"resuming":"requesting"}',
        '{"resuming":"reloading"}',
        '{"confirmingPayment":"checking"}',
        '{"confirmingPayment":"waiting"}',
      ].sort(),
    );
    // Generating and replaying every path is CPU work: seconds alone, more on a busy CI machine.
  }, 120_000);

  it("every simple path from an active plan to a cancelled one goes through the confirmation and a reload", async () => {
    const input: SubscriptionInput = { cached: CACHED_PAID };
    // Only the active plan is ever answered, so `cancelled` is reached only by cancelling.
    const events = (snapshot: SubscriptionSnapshot): GraphEvent[] =>
      eventsFor(snapshot).filter(
        (event) =>
          !(isAnswer(event, FETCH_ID) && event.output !== ACTIVE && !snapshot.matches({ cancelling: "reloading" })) &&
          event.type !== "subscription.paymentReturned" &&
          // Scheduling a change of plan is the other way to stop renewing (tested above and in the transitions).
          event.type !== "subscription.changeScheduled" &&
          event.type !== "subscription.scheduledChangeDropped",
      );
    const simple = new TestModel<SubscriptionSnapshot, GraphEvent, SubscriptionInput>(graphModel, {
      events,
      serializeState,
    }).getSimplePaths({ input, toState: (snapshot) => snapshot.matches({ ready: "cancelled" }) });
    expect(simple.length).toBeGreaterThan(5);
    const result: Replay = { covered: new Set(), finalValues: new Set() };
    for (const path of simple) {
      const types = path.steps.map((step) => step.event.type);
      const confirmed = types.indexOf("subscription.cancelConfirmed");
      expect(confirmed, path.description).toBeGreaterThan(types.indexOf("subscription.cancelRequested"));
      expect(types.indexOf("subscription.cancelRequested"), path.description).toBeGreaterThanOrEqual(0);
      // After confirming: the cancel's outcome, then the reload's.
      expect(path.steps[confirmed + 1]?.state.matches({ cancelling: "reloading" }), path.description).toBe(true);
      expect(path.steps.at(-1)?.event.type, path.description).toMatch(new RegExp(`^xstate\\.(done|error)\\.actor\\.${FETCH_ID}$`));
      await replay(path.steps, input, result, path.description);
    }
    expect([...result.finalValues]).toEqual(['{"ready":"cancelled"}']);
  }, 60_000);
});
