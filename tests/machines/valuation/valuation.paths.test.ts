import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { AnyStateMachine, AnyTransitionDefinition } from "xstate";
import { getStateNodes } from "xstate/graph";
import type { Step } from "xstate/graph";
import type { ValuationResponse } from "../../../contracts/valuations.ts";
import { isStepFilled, isStepValid, toRequest, valuationView } from "../../../machines/valuation/selectors.ts";
import { statusOf, type ValuationEvent, type ValuationSnapshot } from "../../../machines/valuation/valuation.machine.ts";
import { FIELDS_OF_STEP, type FormStep } from "../../../machines/valuation/types.ts";
import { recordTransitions, replayEveryEdge, untaken } from "../graph-walk.ts";
import { RESULT, fakeValuationServer, providedMachine, type FakeValuationServer } from "./harness.ts";

/**
 * Generated paths: xstate/graph walks the machine with representative UI
 * events (Next, Back, 'Ver mi valuación', and per step edits that leave it
 * unanswered, answered but invalid, and valid; on step 3, the optional
 * figures blank, valid and invalid (EBITDA above sales, growth out of its
 * domain), with Next gated by the sales alone; plus edits the machine must
 * refuse: another step's field, two decimals, commas, letters), the
 * request's answer or failure while it is in flight, and the 2 s timer while
 * it runs. Every reachable snapshot's shortest path, then every edge out of
 * it, is replayed on a real actor with the fake server and fake timers; at
 * every step the actor must be where the model said. The transitions the
 * actors took must be every transition the machine defines, and every leaf
 * state must be rested in.
 *
 * States are told apart by the state and, on a form step, the step's own
 * answers and whether its messages show. The walk reaches each state first
 * by a shortest path, so its other answers are those of that path.
 */

let server: FakeValuationServer = fakeValuationServer();
const logged: unknown[] = [];
const model = providedMachine((input) => server.call(input), logged);
const graphModel: AnyStateMachine = model;

const waiting = model.getStateNodeById("valuation.step4.waiting");
const TIMER = (() => {
  const delayed = waiting.after[0];
  const ms = delayed === undefined ? undefined : model.implementations.delays[String(delayed.delay)];
  if (delayed === undefined || typeof ms !== "number") throw new Error("step4.waiting has no fixed timer");
  return { type: delayed.eventType, ms };
})();
const REQUEST_ID = model.getStateNodeById("valuation.step4.requesting").invoke[0]?.id ?? "";
expect(TIMER.ms).toBe(2_000);

type Done = { readonly type: `xstate.done.actor.${string}`; readonly output: ValuationResponse };
type Failure = { readonly type: `xstate.error.actor.${string}`; readonly error: string };
type Timer = { readonly type: string & { readonly __timer?: never } };
type GraphEvent = ValuationEvent | Done | Failure | Timer;

const change = (event: ValuationEvent) => event;
/** Per step: edits to unanswered, to invalid, to valid, and values the machine must refuse. */
const EDITS: Readonly<Record<FormStep, readonly ValuationEvent[]>> = {
  1: [
    change({ type: "valuation.change", field: "email", value: "" }),
    change({ type: "valuation.change", field: "email", value: "ana@ejemplo" }),
    change({ type: "valuation.change", field: "email", value: "ana@ejemplo.mx" }),
    change({ type: "valuation.change", field: "firstName", value: "Ana" }),
    change({ type: "valuation.change", field: "lastName", value: "López" }),
    change({ type: "valuation.change", field: "revenue", value: "100" }),
  ],
  2: [
    change({ type: "valuation.change", field: "industryId", value: 7 }),
    change({ type: "valuation.change", field: "industryId", value: null }),
    change({ type: "valuation.change", field: "location", value: 1 }),
    change({ type: "valuation.change", field: "location", value: 12 }),
    change({ type: "valuation.change", field: "email", value: "otro@ejemplo.mx" }),
  ],
  3: [
    change({ type: "valuation.change", field: "revenue", value: "" }),
    change({ type: "valuation.change", field: "revenue", value: "1000000" }),
    change({ type: "valuation.change", field: "revenue", value: "12.34" }),
    change({ type: "valuation.change", field: "ebitda", value: "2000000" }),
    change({ type: "valuation.change", field: "ebitda", value: "200000.5" }),
    change({ type: "valuation.change", field: "ebitda", value: "1,000" }),
    // The optional figures: cleared (blank is a valid answer), and a growth out of its domain.
    change({ type: "valuation.change", field: "ebitda", value: "" }),
    change({ type: "valuation.change", field: "growth", value: "-5" }),
    change({ type: "valuation.change", field: "growth", value: "2000" }),
    change({ type: "valuation.change", field: "reason", value: 3 }),
    change({ type: "valuation.change", field: "website", value: "mi empresa" }),
    change({ type: "valuation.change", field: "website", value: "" }),
  ],
};

const FORM_STEPS: readonly FormStep[] = [1, 2, 3];
const formStepOf = (snapshot: ValuationSnapshot): FormStep | null => FORM_STEPS.find((step) => snapshot.matches(`step${step}`)) ?? null;

const eventsFor = (snapshot: ValuationSnapshot): GraphEvent[] => {
  if (snapshot.matches({ step4: "waiting" })) return [{ type: TIMER.type }, { type: "valuation.back" }, { type: "valuation.submit" }];
  if (snapshot.matches({ step4: "requesting" })) return [{ type: `xstate.done.actor.${REQUEST_ID}`, output: RESULT } as Done, { type: `xstate.error.actor.${REQUEST_ID}`, error: "caído" } as Failure];
  const step = formStepOf(snapshot);
  return [{ type: "valuation.next" }, { type: "valuation.back" }, { type: "valuation.submit" }, ...(step === null ? EDITS[1].slice(0, 1) : EDITS[step])];
};

/** On a form step: its own answers (a handful of values each) and whether its messages show. */
const serializeState = (snapshot: ValuationSnapshot): string => {
  const step = formStepOf(snapshot);
  const { answers, showErrors } = snapshot.context;
  const own = step === null ? {} : Object.fromEntries(FIELDS_OF_STEP[step].map((field) => [field, answers[field]]));
  return JSON.stringify({ value: snapshot.value, ...(step === null ? {} : { own, showErrors }) });
};

/** What the actor must agree with the model on (other answers may differ between walks that merge in one state). */
const at = (snapshot: ValuationSnapshot) => ({ state: serializeState(snapshot), step: snapshot.context.step });

async function take(actor: ReturnType<typeof createActor<typeof model>>, event: GraphEvent): Promise<void> {
  if (event.type === `xstate.done.actor.${REQUEST_ID}`) await server.answer((event as Done).output);
  else if (event.type === `xstate.error.actor.${REQUEST_ID}`) await server.fail((event as Failure).error);
  else if (event.type === TIMER.type) vi.advanceTimersByTime(TIMER.ms);
  else actor.send(event as ValuationEvent);
}

const rested = new Set<string>();

async function replay(steps: Step<ValuationSnapshot, GraphEvent>[], covered: Set<AnyTransitionDefinition>, label: string) {
  server = fakeValuationServer();
  logged.length = 0;
  const actor = createActor(model, { inspect: recordTransitions(covered) });
  actor.start();
  const [first, ...rest] = steps;
  if (first !== undefined) expect(at(actor.getSnapshot()), `${label}: start`).toEqual(at(first.state));
  for (const [index, step] of rest.entries()) {
    const before = actor.getSnapshot();
    const callsBefore = server.calls.length;
    const loggedBefore = logged.length;
    await take(actor, step.event);
    const after = actor.getSnapshot();
    const where = `${label}: step ${index + 1} (${step.event.type})`;
    expect(at(after), where).toEqual(at(step.state));
    rested.add(JSON.stringify(after.value));
    // A form step is left forward only when it is valid, and its fields are the only ones that ever change on it.
    const formStep = formStepOf(before);
    if (formStep !== null && step.event.type === "valuation.next") {
      const valid = isStepValid(before.context.answers, formStep);
      expect(formStepOf(after) !== formStep, where).toBe(valid);
      // Refused: the messages show only when the step was answered (gating says nothing), and then there is one at least.
      if (!valid) expect(after.context.showErrors, where).toBe(before.context.showErrors || isStepFilled(before.context.answers, formStep));
      if (!valid && isStepFilled(before.context.answers, formStep)) expect(Object.keys(valuationView(statusOf(after), after.context).errors), where).not.toEqual([]);
      // Step 3 is gated by the sales alone: Next is enabled exactly when they are given.
      if (formStep === 3) expect(valuationView(statusOf(before), before.context).canGoNext, where).toBe(before.context.answers.revenue.trim() !== "");
    }
    if (formStep !== null) {
      const fields: readonly string[] = FIELDS_OF_STEP[formStep];
      for (const [field, value] of Object.entries(after.context.answers)) {
        if (!fields.includes(field)) expect(value, `${where}: ${field}`).toEqual(before.context.answers[field as keyof typeof before.context.answers]);
      }
    }
    // The request goes only when the 2 s are up, once, with the answers as the contract wants them.
    const sent = server.calls.length - callsBefore;
    expect(sent, where).toBe(step.event.type === TIMER.type ? 1 : 0);
    if (sent === 1) expect(server.calls.at(-1), where).toEqual(toRequest(before.context.answers));
    // A failure is logged once and nothing else is; it shows nothing.
    const failed = step.event.type === `xstate.error.actor.${REQUEST_ID}`;
    expect(logged.length - loggedBefore, where).toBe(failed ? 1 : 0);
    if (failed) expect(valuationView(statusOf(after), after.context), where).toMatchObject({ status: "reviewing", isLoading: false, result: null, errors: {} });
  }
  actor.stop();
}

describe("valuation machine, generated paths", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reaches every state and takes every transition the machine defines", async () => {
    const covered = new Set<AnyTransitionDefinition>();
    const { edges } = await replayEveryEdge(graphModel, undefined, { events: eventsFor, serializeState }, (steps, label) => replay(steps, covered, label));
    expect(edges).toBeGreaterThan(900);
    expect(untaken(model, covered), "transitions no generated path takes").toEqual([]);
    const leaves = getStateNodes(model.root)
      .filter((stateNode) => stateNode.type === "atomic")
      .map((stateNode) => JSON.stringify(stateNode.path.length === 1 ? stateNode.path[0] : { [stateNode.path[0] ?? ""]: stateNode.path[1] }));
    expect([...rested].sort()).toEqual(leaves.sort());
  });
});
