import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { getStateNodes, serializeSnapshot } from "xstate/graph";
import type { Step } from "xstate/graph";
import type { KybResponse } from "../../../contracts/kyb.ts";
import { kybMachine, type KybEvent, type KybInput, type KybSnapshot } from "../../../machines/kyb/kyb.machine.ts";
import { recordTransitions, replayEveryEdge, untaken } from "../graph-walk.ts";
import { FREE, PAID, RESULT, fakeKybServer, type FakeKybServer } from "./harness.ts";

/**
 * Generated paths: xstate/graph walks the machine with every UI event (a
 * few RFCs: too short, wrong check digit, valid, valid but untrimmed), the
 * actor's answer or failure while it is in flight, and the timers while they
 * run. Every reachable snapshot's shortest path, then every edge out of it,
 * is replayed on a real actor with the fake server and fake timers; at every
 * step the actor must be where the model said. The transitions the actor
 * took must be every transition the machine defines, and every state must be
 * entered. The model's delays are the real ones: fake timers move 8 s or 2 s.
 */

let server: FakeKybServer = fakeKybServer();
const toasts: KybResponse[] = [];
const logged: unknown[] = [];

const model = kybMachine.provide({
  actors: { submitKyb: fromPromise(({ input }) => server.call(input)) },
  actions: {
    notifySuccess: (_, { result }) => void toasts.push(result),
    logFailure: (_, { error }) => void logged.push(error),
  },
});
const graphModel: AnyStateMachine = model;

const node = (key: string): AnyStateNode => {
  const found = model.root.states[key];
  if (found === undefined) throw new Error(`no state ${key}`);
  return found;
};
/** A state's (only) timer: its event, and its named delay's length from the machine's implementations. */
const timerOf = (key: string) => {
  const delayed = node(key).after[0];
  if (delayed === undefined) throw new Error(`${key} has no timer`);
  const ms = model.implementations.delays[String(delayed.delay)];
  if (typeof ms !== "number") throw new Error(`${key}: delay ${String(delayed.delay)} is not a fixed number`);
  return { type: delayed.eventType, ms };
};
const SUCCESS_TIMER = timerOf("succeeded");
const FAILURE_TIMER = timerOf("failed");
const SUBMIT_ID = node("submitting").invoke[0]?.id ?? "";
expect([SUCCESS_TIMER.ms, FAILURE_TIMER.ms]).toEqual([8_000, 2_000]);

type Answer = { readonly type: `xstate.done.actor.${string}`; readonly output: KybResponse };
type Failure = { readonly type: `xstate.error.actor.${string}`; readonly error: string };
type Timer = { readonly type: string & { readonly __timer?: never } };
type GraphEvent = KybEvent | Answer | Failure | Timer;

const uiEvents: readonly KybEvent[] = [
  { type: "kyb.open" },
  { type: "kyb.close" },
  { type: "kyb.submit" },
  { type: "kyb.change", rfc: "ABC" },
  { type: "kyb.change", rfc: "GODE561231GR9" },
  { type: "kyb.change", rfc: " abc680524p73 " },
  { type: "kyb.paidChanged", isPaid: true },
  { type: "kyb.paidChanged", isPaid: false },
];

const eventsFor = (snapshot: KybSnapshot): GraphEvent[] => [
  ...uiEvents,
  ...(snapshot.matches("submitting") ? [{ type: `xstate.done.actor.${SUBMIT_ID}`, output: RESULT } as Answer, { type: `xstate.error.actor.${SUBMIT_ID}`, error: "caído" } as Failure] : []),
  ...(snapshot.matches("succeeded") ? [{ type: SUCCESS_TIMER.type }] : []),
  ...(snapshot.matches("failed") ? [{ type: FAILURE_TIMER.type }] : []),
];

const serializeState = (snapshot: KybSnapshot): string => serializeSnapshot(snapshot);

const at = (snapshot: KybSnapshot) => ({ value: snapshot.value, context: snapshot.context });

async function take(actor: ReturnType<typeof createActor<typeof model>>, event: GraphEvent): Promise<void> {
  if (event.type === `xstate.done.actor.${SUBMIT_ID}`) await server.answer((event as Answer).output);
  else if (event.type === `xstate.error.actor.${SUBMIT_ID}`) await server.fail((event as Failure).error);
  else if (event.type === SUCCESS_TIMER.type) vi.advanceTimersByTime(SUCCESS_TIMER.ms);
  else if (event.type === FAILURE_TIMER.type) vi.advanceTimersByTime(FAILURE_TIMER.ms);
  else actor.send(event as KybEvent);
}

async function replay(steps: Step<KybSnapshot, GraphEvent>[], input: KybInput, covered: Set<AnyTransitionDefinition>, label: string) {
  server = fakeKybServer();
  toasts.length = 0;
  logged.length = 0;
  const actor = createActor(model, { input, inspect: recordTransitions(covered) });
  actor.start();
  const [first, ...rest] = steps;
  if (first !== undefined) expect(at(actor.getSnapshot()), `${label}: start`).toEqual(at(first.state));
  for (const [index, step] of rest.entries()) {
    const toastsBefore = toasts.length;
    await take(actor, step.event);
    const where = `${label}: step ${index + 1} (${step.event.type})`;
    expect(at(actor.getSnapshot()), where).toEqual(at(step.state));
    // The toast comes with a success and only then.
    expect(toasts.length - toastsBefore, where).toBe(step.event.type === `xstate.done.actor.${SUBMIT_ID}` ? 1 : 0);
  }
  // Whatever was sent, it was checked first: never an invalid or untrimmed RFC.
  for (const call of server.calls) expect(call, label).toEqual({ companyId: 42, rfc: "ABC680524P73" });
  actor.stop();
}

describe("kyb machine, generated paths", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reaches every state and takes every transition the machine defines", async () => {
    const covered = new Set<AnyTransitionDefinition>();
    const entered = new Set<string>();
    let edges = 0;
    for (const input of [PAID, FREE]) {
      const walked = await replayEveryEdge(graphModel, input, { events: eventsFor, serializeState }, (steps, label) => replay(steps, input, covered, label));
      for (const path of walked.paths) entered.add(String(path.state.value));
      edges += walked.edges;
    }
    expect(edges).toBeGreaterThan(100);
    expect(untaken(model, covered), "transitions no generated path takes").toEqual([]);
    expect([...entered].sort()).toEqual(["closed", "editing", "failed", "submitting", "succeeded"]);
    expect(getStateNodes(model.root).map((stateNode) => stateNode.key).sort()).toEqual(["closed", "editing", "failed", "submitting", "succeeded"]);
  });
});
