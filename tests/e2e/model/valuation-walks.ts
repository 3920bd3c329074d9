import { fromPromise } from "xstate";
import type { AnyStateMachine } from "xstate";
import { TestModel, adjacencyMapToArray, getAdjacencyMap } from "xstate/graph";
import type { ValuationAssumption, ValuationResponse } from "../../../contracts/valuations.ts";
import { valuationView, type AnswerErrors, type ValuationRequestBody, type ValuationStatus } from "../../../machines/valuation/selectors.ts";
import type { FormStep } from "../../../machines/valuation/types.ts";
import { statusOf, valuationMachine, type ValuationEvent, type ValuationSnapshot } from "../../../machines/valuation/valuation.machine.ts";
import { pathTo, type Edge as EdgeOf, type Walk as WalkOf, type WalkStep as WalkStepOf } from "./walk-paths.ts";

/**
 * The valuation machine's paths as a person walks them in the browser
 * (issue 25, model-based UI tests, like ./onboarding-walks.ts). The events
 * are the ones the page can cause, with a few values each: on step 1 a
 * malformed and a valid e-mail, the names; on step 2 an industry and a
 * location; on step 3 the sales, an EBITDA above them and the EBITDA cleared,
 * a growth out of its domain and the growth cleared (so the refusals of
 * invalid optional values, and Next gated by the sales alone); Next and Back;
 * 'Ver mi valuación'; the 2 s timer; and the server's answer or failure.
 * xstate/graph walks the real machine with them; the walks returned here
 * rest at least once in every state the page can tell apart (the machine's
 * state and what it predicts on screen) and predict, after every event, what
 * the page must show. Every edge (with more values) is replayed without a
 * browser in tests/machines/valuation/valuation.paths.test.ts.
 */

/** Seeded catalogue (server/seed/catalogue-data.ts INDUSTRIES): id 2 is 'Manufactura'. */
export const INDUSTRY = { id: 2, name: "Manufactura" } as const;
/** contracts/valuations.ts VALUATION_LOCATIONS: 1 is México (MXN). */
export const LOCATION = { id: 1, name: "México" } as const;

// The graph takes the timer and the server's answer as events, so the actor never settles on its own.
const model: AnyStateMachine = valuationMachine.provide({
  actors: { createValuation: fromPromise<ValuationResponse, ValuationRequestBody>(() => new Promise(() => {})) },
});

const waitingNode = valuationMachine.getStateNodeById("valuation.step4.waiting");
/** The 2 s timer's event type (`xstate.after.sendDelay...`). */
export const TIMER_EVENT = waitingNode.after[0]?.eventType ?? "";
const REQUEST_ID = valuationMachine.getStateNodeById("valuation.step4.requesting").invoke[0]?.id ?? "";
export const ANSWERED = `xstate.done.actor.${REQUEST_ID}`;
export const FAILED = `xstate.error.actor.${REQUEST_ID}`;

/** Any answer: the page shows the real server's; what it must show is predicted from the answers. */
const SOME_RESULT: ValuationResponse = {
  profit_result: 12,
  valuation_result: 1,
  multiple: 1,
  annual_percentage_growth: 0,
  gross_revenue: 1,
  industry_name: INDUSTRY.name,
  net_profit: 1,
  upperEstimate: 1,
  lowerEstimate: 1,
  currency: "MXN",
  assumptions: [],
};

export type WalkEvent = ValuationEvent | { readonly type: string; readonly output?: unknown; readonly error?: unknown };

const change = (event: ValuationEvent): WalkEvent => event;
const EDITS: Readonly<Record<FormStep, readonly WalkEvent[]>> = {
  1: [
    change({ type: "valuation.change", field: "email", value: "ana@ejemplo" }),
    change({ type: "valuation.change", field: "email", value: "ana@ejemplo.mx" }),
    change({ type: "valuation.change", field: "firstName", value: "Ana" }),
    change({ type: "valuation.change", field: "lastName", value: "López" }),
  ],
  2: [
    change({ type: "valuation.change", field: "industryId", value: INDUSTRY.id }),
    change({ type: "valuation.change", field: "location", value: LOCATION.id }),
  ],
  3: [
    change({ type: "valuation.change", field: "revenue", value: "1000000" }),
    change({ type: "valuation.change", field: "ebitda", value: "2000000" }),
    change({ type: "valuation.change", field: "ebitda", value: "" }),
    change({ type: "valuation.change", field: "growth", value: "2000" }),
    change({ type: "valuation.change", field: "growth", value: "" }),
  ],
};

const FORM_STEPS: readonly FormStep[] = [1, 2, 3];
const formStepOf = (snapshot: ValuationSnapshot): FormStep | null => FORM_STEPS.find((step) => snapshot.matches(`step${step}`)) ?? null;

const eventsFor = (snapshot: ValuationSnapshot): WalkEvent[] => {
  if (snapshot.matches({ step4: "waiting" })) return [{ type: TIMER_EVENT }];
  if (snapshot.matches({ step4: "requesting" })) return [{ type: ANSWERED, output: SOME_RESULT }, { type: FAILED, error: "caído" }];
  if (snapshot.matches({ step4: "reviewing" })) return [{ type: "valuation.submit" }, { type: "valuation.back" }];
  if (snapshot.matches("step5")) return [{ type: "valuation.back" }];
  const step = formStepOf(snapshot);
  if (step === null) return [];
  return [{ type: "valuation.next" }, ...(step > 1 ? [{ type: "valuation.back" }] : []), ...EDITS[step]];
};

// Everything that decides what the page shows or allows next: the state, the answers, whether messages show.
const serializeState = (snapshot: ValuationSnapshot): string =>
  JSON.stringify({ value: snapshot.value, answers: snapshot.context.answers, showErrors: snapshot.context.showErrors });

/** What the page must show after an event. */
export type Expected =
  | { readonly kind: "form"; readonly step: FormStep; readonly canGoNext: boolean; readonly errors: AnswerErrors; readonly refusals: number }
  | { readonly kind: "review" }
  | { readonly kind: "loading"; readonly status: Extract<ValuationStatus, "waiting" | "requesting"> }
  | { readonly kind: "result"; readonly assumptions: readonly ValuationAssumption[] };

export const expectedOf = (snapshot: ValuationSnapshot): Expected => {
  const status = statusOf(snapshot);
  const view = valuationView(status, snapshot.context);
  const { answers } = snapshot.context;
  switch (status) {
    case "editing": {
      if (view.formStep === null) throw new Error(`no form step in ${JSON.stringify(snapshot.value)}`);
      return { kind: "form", step: view.formStep, canGoNext: view.canGoNext, errors: view.errors, refusals: view.refusals };
    }
    case "reviewing":
      return { kind: "review" };
    case "waiting":
    case "requesting":
      return { kind: "loading", status };
    case "result": {
      // What the engine reports for the blanks (docs/decisions/029-valuation-optional-inputs.md), in the contract's order.
      const assumptions: ValuationAssumption[] = [];
      if (answers.ebitda.trim() === "") assumptions.push("typicalMargin");
      if (answers.growth.trim() === "") assumptions.push("neutralGrowth");
      if (answers.reason === null) assumptions.push("noReason");
      return { kind: "result", assumptions };
    }
  }
};

/** What the page shows, without the refusal count (which moves the focus but is not a state the page shows). */
const shownOf = (snapshot: ValuationSnapshot): string => {
  const expected = expectedOf(snapshot);
  return JSON.stringify([snapshot.value, expected.kind === "form" ? { ...expected, refusals: 0 } : expected]);
};

export type WalkStep = WalkStepOf<WalkEvent, Expected>;
export type Walk = WalkOf<WalkEvent, Expected>;
type Edge = EdgeOf<WalkEvent, ValuationSnapshot>;

/**
 * Walks that together rest in every state the page can tell apart: each
 * starts on a new wizard and goes the shortest way to the nearest state no
 * walk has shown yet, until none is left (nothing ends the wizard, so one
 * walk usually does it). Walking on from where it is keeps the walks few,
 * each costing seconds in the browser: a state cover, not an edge cover
 * (the edges are the machine test's).
 */
export function valuationWalks(): { readonly walks: readonly Walk[]; readonly states: number; readonly shown: number; readonly edges: number } {
  const all = adjacencyMapToArray(getAdjacencyMap<ValuationSnapshot, WalkEvent, undefined>(model, { events: eventsFor, serializeState }));
  const adjacency = new Map<string, Map<string, Edge>>();
  const shownAs = new Map<string, string>();
  for (const { state, event, nextState } of all) {
    const from = serializeState(state);
    const edges = adjacency.get(from) ?? new Map<string, Edge>();
    // Self-loops (a disabled Next, an edit to the same value) show nothing new.
    if (serializeState(nextState) !== from) edges.set(JSON.stringify(event), { event, state: nextState });
    adjacency.set(from, edges);
    for (const snapshot of [state, nextState]) shownAs.set(serializeState(snapshot), shownOf(snapshot));
  }
  const shown = (state: string): string => shownAs.get(state) ?? state;
  const initial = new TestModel<ValuationSnapshot, WalkEvent, undefined>(model, { events: () => [], serializeState }).getShortestPaths()[0]?.state;
  if (initial === undefined) throw new Error("the machine has no initial state");
  const unseen = new Set(shownAs.values());
  unseen.delete(shownOf(initial));
  const shownCount = unseen.size + 1;
  // The failure shows nothing new (back to the review), yet the page must be seen to survive it: a walk takes it once.
  const failureKey = (state: string): string | undefined => [...(adjacency.get(state)?.keys() ?? [])].find((key) => key.includes(FAILED));
  let failureTaken = false;
  const walks: Walk[] = [];
  while (unseen.size > 0 || !failureTaken) {
    const steps: WalkStep[] = [];
    const take = (from: string, eventKey: string): string => {
      const next = adjacency.get(from)?.get(eventKey);
      if (next === undefined) throw new Error(`no edge ${eventKey} from ${from}`);
      const to = serializeState(next.state);
      unseen.delete(shown(to));
      steps.push({ event: next.event, expected: expectedOf(next.state) });
      return to;
    };
    for (let at = serializeState(initial); ; ) {
      const failure = failureTaken ? undefined : failureKey(at);
      if (failure !== undefined) {
        at = take(at, failure);
        failureTaken = true;
        continue;
      }
      const path = pathTo(adjacency, serializeState, at, (state) => unseen.has(shown(state)) || (!failureTaken && failureKey(state) !== undefined));
      if (path === null) break;
      for (const [from, eventKey] of path) at = take(from, eventKey);
    }
    if (steps.length === 0) throw new Error(`states no walk from the start reaches: ${[...unseen].join("; ")}`);
    walks.push({ name: `walk ${walks.length + 1}`, start: expectedOf(initial), steps });
  }
  return { walks, states: shownAs.size, shown: shownCount, edges: all.length };
}
