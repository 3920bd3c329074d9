import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { AnyStateMachine, AnyTransitionDefinition } from "xstate";
import { TestModel, getShortestPaths, getStateNodes, serializeSnapshot } from "xstate/graph";
import type { StatePath } from "xstate/graph";
import { DEFAULT_PERSISTED_SESSION, type PersistedSession } from "../../../machines/session/selectors.ts";
import {
  MAX_TIMER_DELAY,
  sessionMachine,
  type SessionEvent,
  type SessionInput,
  type SessionSnapshot,
} from "../../../machines/session/session.machine.ts";
import { HOUR, makeToken, rawToken } from "./jwt.ts";

/**
 * Generated path tests: xstate/graph walks the machine with a fixed set of
 * events (good and bad tokens for each role, every session event, and the
 * expiry timer), every generated path is replayed on a real actor, and the
 * transitions the actor actually took (seen through `inspect`) must be every
 * transition the machine defines. A transition added later without an event
 * here to reach it fails this suite.
 *
 * Time: the timer is the only thing that depends on the clock, so the model
 * swaps the named delay for 1 s and models what a fired timer means: the
 * token has expired if the real timer (clamped to MAX_TIMER_DELAY) covered
 * its whole remaining life from T0. Logins stay valid for an hour, so replaying
 * a path (1 s per fired timer) never changes what the model predicted. The
 * real delay and guard are tested against the clock in session.expiry.test.ts.
 */

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const MODEL_TIMER = 1_000;

const model = sessionMachine.provide({
  delays: { untilExpiry: MODEL_TIMER },
  guards: {
    hasExpired: ({ context }) => context.expiresAt === null || context.expiresAt - T0 <= MAX_TIMER_DELAY,
  },
});

/**
 * The same machine seen by the graph walker, which also sends the internal
 * timer event: the public `SessionEvent` type rightly does not list it.
 */
const graphModel: AnyStateMachine = model;

/** The event the `after` timer of `signedIn` sends, read from the definition. */
const EXPIRY_EVENT_TYPE = (() => {
  const delayed = model.states.signedIn?.after[0];
  if (delayed === undefined) throw new Error("signedIn has no `after` timer");
  return delayed.eventType;
})();

type ExpiryEvent = { readonly type: string & { readonly __expiry?: never } };
type GraphEvent = SessionEvent | ExpiryEvent;
const isExpiry = (event: GraphEvent): event is ExpiryEvent => event.type === EXPIRY_EVENT_TYPE;

const tokens = {
  admin: makeToken(T0, { sub: "1", roles: ["admin"], name: "Ana Admin", email: "ana@puente.mx" }),
  seller: makeToken(T0, { sub: "2", roles: ["seller"], is_paid: true, status: "active" }),
  // Lives longer than one timer can wait: the timer has to start again.
  longSeller: makeToken(T0, { sub: "3", exp: Math.floor((T0 + 40 * 24 * HOUR) / 1000) }),
  buyer: makeToken(T0, { sub: "4", roles: ["buyer"], phone: null }),
  expired: makeToken(T0, { sub: "5", exp: Math.floor((T0 - 60_000) / 1000) }),
  nonNumericSub: makeToken(T0, { sub: "abc" }),
  missingClaims: rawToken({ sub: "6", email: "x@example.mx" }),
  garbage: "no-es-un-token",
} as const;

const sessionEvents: readonly SessionEvent[] = [
  ...Object.values(tokens).map((token) => ({ type: "session.login", token }) as const),
  { type: "session.logout" },
  { type: "session.unauthorized" },
  { type: "session.deactivated" },
  { type: "session.profileUpdated", name: "Lucía H.", phone: "+525599999999" },
  { type: "session.onboardingCompleted" },
  { type: "session.demoToggled" },
  { type: "session.subscriptionLoaded", isPaidUser: true, subscriptionStatus: "active" },
];
// The timer goes last so that, at equal length, paths prefer the other events.
const graphEvents: readonly GraphEvent[] = [...sessionEvents, { type: EXPIRY_EVENT_TYPE }];

/**
 * One vertex per (state, incoming event, previous state value), so that every
 * edge, self-loops included, leads to a vertex of its own that some shortest
 * path must reach.
 */
const serializeState = (
  snapshot: SessionSnapshot,
  event: GraphEvent | undefined,
  previous?: SessionSnapshot,
): string =>
  `${serializeSnapshot(snapshot)} via ${event === undefined ? "start" : JSON.stringify(event)} from ${
    previous === undefined ? "nowhere" : JSON.stringify(previous.value)
  }`;

const testModel = new TestModel<SessionSnapshot, GraphEvent, SessionInput>(graphModel, {
  events: graphEvents,
  serializeState,
});

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

interface Replay {
  readonly covered: Set<AnyTransitionDefinition>;
  readonly finalValues: Set<string>;
}

/** Replays `path` on a real actor and checks it is where the model said at every step. */
function replay(path: StatePath<SessionSnapshot, GraphEvent>, input: SessionInput, into: Replay, label: string) {
  vi.setSystemTime(T0);
  const actor = createActor(model, {
    input,
    inspect: (inspection) => {
      if (inspection.type === "@xstate.microstep") {
        for (const transition of inspection._transitions) into.covered.add(transition);
      }
    },
  });
  actor.start();
  const [first, ...rest] = path.steps;
  const at = (snapshot: SessionSnapshot) => ({ value: snapshot.value, context: snapshot.context });
  if (first !== undefined) expect(at(actor.getSnapshot()), `${label}: start`).toEqual(at(first.state));
  rest.forEach((step, index) => {
    const { event } = step;
    if (isExpiry(event)) vi.advanceTimersByTime(MODEL_TIMER);
    else actor.send(event);
    expect(at(actor.getSnapshot()), `${label}: step ${index + 1} (${event.type})`).toEqual(at(step.state));
  });
  into.finalValues.add(JSON.stringify(actor.getSnapshot().value));
  actor.stop();
}

const signedInPersisted: PersistedSession = {
  ...DEFAULT_PERSISTED_SESSION,
  id: 1,
  name: "Ana Admin",
  email: "ana@puente.mx",
  roles: ["admin"],
  token: tokens.admin,
  demoMode: false,
};
const restoreInputs: ReadonlyArray<readonly [string, SessionInput]> = [
  ["nothing stored", { persisted: DEFAULT_PERSISTED_SESSION, now: T0 }],
  ["a live admin session", { persisted: signedInPersisted, now: T0 }],
  ["an expired session", { persisted: { ...signedInPersisted, token: tokens.expired }, now: T0 }],
];

describe("session machine, generated paths", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reaches every state and takes every transition the machine defines", () => {
    const result: Replay = { covered: new Set(), finalValues: new Set() };

    // Full walk from a visitor with nothing stored: every event from every state.
    const [, firstInput] = restoreInputs[0] ?? [];
    if (firstInput === undefined) throw new Error("no input");
    const paths = testModel.getShortestPaths({ input: firstInput });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) replay(path, firstInput, result, path.description);

    // The other ways to start: a walk of one step (sign out) from each.
    for (const [name, input] of restoreInputs.slice(1)) {
      const restorePaths = getShortestPaths(model, {
        input,
        events: [{ type: "session.logout" }],
        serializeState: (snapshot) => serializeSnapshot(snapshot),
      });
      for (const path of restorePaths) replay(path, input, result, `restoring ${name}`);
    }

    const defined = definedTransitions();
    const missing = defined.filter((transition) => !result.covered.has(transition)).map(describeTransition);
    expect(missing, "transitions no generated path takes").toEqual([]);
    expect(defined.length).toBeGreaterThanOrEqual(12);

    // Every state node is the initial one or the target of a transition taken...
    const entered = new Set([...result.covered].flatMap((transition) => transition.target ?? []));
    const unreached = getStateNodes(model.root)
      .filter((node) => node !== model.root.initial.target[0] && !entered.has(node))
      .map((node) => node.id);
    expect(unreached, "states no generated path enters").toEqual([]);
    // ...and every resting state is where some path ends.
    expect([...result.finalValues].sort()).toEqual(['"signedIn"', '"signedOut"']);
    // Generating and replaying every path is CPU work: seconds alone, more on a busy CI machine.
  }, 60_000);

  it("every simple path to signedIn goes through a login and replays on a real actor", () => {
    const input = restoreInputs[0]?.[1];
    if (input === undefined) throw new Error("no input");
    const simple = new TestModel<SessionSnapshot, GraphEvent, SessionInput>(graphModel, {
      events: [
        { type: "session.login", token: tokens.admin },
        { type: "session.login", token: tokens.garbage },
        { type: "session.logout" },
      ],
      serializeState: (snapshot) => serializeSnapshot(snapshot),
    }).getSimplePaths({ input, toState: (snapshot) => snapshot.matches("signedIn") });
    expect(simple.length).toBeGreaterThan(0);
    const result: Replay = { covered: new Set(), finalValues: new Set() };
    for (const path of simple) {
      const logins = path.steps.filter((step) => step.event.type === "session.login").length;
      expect(logins).toBeGreaterThanOrEqual(1);
      replay(path, input, result, path.description);
    }
    expect([...result.finalValues]).toEqual(['"signedIn"']);
  });
});
