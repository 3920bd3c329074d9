import { fromPromise, transition } from "xstate";
import type { AnyStateMachine } from "xstate";
import { TestModel, adjacencyMapToArray, getAdjacencyMap } from "xstate/graph";
import { onboardingMachine, statusOf, type OnboardingEvent, type OnboardingSnapshot } from "../../../machines/onboarding/onboarding.machine.ts";
import { canGoNext, hasSellingInterest, resumeStep, visibleSteps } from "../../../machines/onboarding/selectors.ts";
import { isStepReady } from "../../../machines/onboarding/step-checks.ts";
import { EMPTY_ANSWERS, type CatalogueItem, type FormStep, type NotifyTeamInput, type OnboardingInput, type SaveStepInput } from "../../../machines/onboarding/types.ts";
import { sellerSignUp } from "../../server/samples.ts";
import { pathTo, type Edge as EdgeOf, type Walk as WalkOf, type WalkStep as WalkStepOf } from "./walk-paths.ts";

/**
 * The onboarding machine's paths as a person walks them in the browser
 * (issue 13, model-based UI tests). The events are the ones the page can
 * cause: Next, Back, an interest choice on step 3, a table that adds up to
 * 100 on steps 2 and 6, and the server's answer to a save or to the team
 * notice (the real server answers; failures are covered by the machine's own
 * generated paths and the wizard's error e2e). xstate/graph walks the machine
 * with them; the walks returned here rest at least once in every state the
 * page can tell apart (the machine's state and what it predicts on screen),
 * and each predicts, after every event, the step the page must show and
 * where it ends. Every edge is replayed without a browser in
 * tests/machines/onboarding/onboarding.paths.test.ts.
 */

/** Catalogue ids are fixed by the seed (server/seed/catalogue-data.ts INTERESTS). */
export const INTEREST_CHOICES: readonly CatalogueItem[] = [
  { id: 1, name: "Capital para crecimiento" },
  { id: 2, name: "Vender participación" },
  { id: 3, name: "Vender 100%" },
  { id: 4, name: "Fusión" },
];

/**
 * A seller who just signed up (tests/server/samples.ts `sellerSignUp`): the
 * wizard starts with the company's name and the interest chosen at sign-up
 * filled in (decision 017), nothing saved.
 */
const signUp = sellerSignUp("modelo@ejemplo.mx");
const signUpInterest = INTEREST_CHOICES.find((interest) => interest.id === signUp.interest_id);
if (signUpInterest === undefined) throw new Error(`interest ${signUp.interest_id} is not one of the wizard's choices`);
export const NEW_SELLER: OnboardingInput = {
  companyId: 1,
  saved: { answers: { general: { ...EMPTY_ANSWERS.general, name: signUp.name }, objective: { interests: [signUpInterest], motivation: "" } }, steps: [] },
};

// The graph takes the server's answers as events, so the actors never settle on their own.
const model: AnyStateMachine = onboardingMachine.provide({
  actors: {
    saveStep: fromPromise<unknown, SaveStepInput>(() => new Promise(() => {})),
    notifyTeam: fromPromise<unknown, NotifyTeamInput>(() => new Promise(() => {})),
  },
});

const SAVE_ID = (step: FormStep): string => {
  const id = onboardingMachine.getStateNodeById(`onboarding.step${step}.saving`).invoke[0]?.id;
  if (id === undefined) throw new Error(`step ${step} saves nothing`);
  return id;
};
const NOTIFY_ID = onboardingMachine.getStateNodeById("onboarding.finishing").invoke[0]?.id ?? "";
const STEPS: readonly FormStep[] = [1, 2, 3, 4, 5, 6, 7, 8];

type Answered = { readonly type: `xstate.done.actor.${string}`; readonly output: unknown };
export type WalkEvent = OnboardingEvent | Answered;

const formStepOf = (snapshot: OnboardingSnapshot): FormStep | null => STEPS.find((step) => snapshot.matches(`step${step}`)) ?? null;
const savingStep = (snapshot: OnboardingSnapshot): FormStep | null => STEPS.find((step) => snapshot.matches({ [`step${step}`]: "saving" })) ?? null;

/** Step 4's answers: Next refuses the step until both are given (machines/onboarding/step-checks.ts). */
export const ROUND = { funding_round: "series_a", funding_round_amount: 2_500_000 } as const;

const eventsFor = (snapshot: OnboardingSnapshot): WalkEvent[] => {
  const saving = savingStep(snapshot);
  if (saving !== null) return [{ type: `xstate.done.actor.${SAVE_ID(saving)}`, output: {} }];
  if (snapshot.matches("finishing")) return [{ type: `xstate.done.actor.${NOTIFY_ID}`, output: {} }];
  if (snapshot.status === "done") return [];
  const step = formStepOf(snapshot);
  const events: WalkEvent[] = [{ type: "onboarding.next" }, { type: "onboarding.back" }];
  if (step === 2) events.push({ type: "equity.change", index: 0, row: { shareholder: "Ana", equity: 100 } });
  if (step === 4) events.push({ type: "onboarding.change", section: "fundingRound", value: ROUND });
  if (step === 3) for (const interest of INTEREST_CHOICES) events.push({ type: "onboarding.change", section: "objective", value: { interests: [interest] } });
  if (step === 6) events.push({ type: "use.change", index: 0, row: { use_name: "Maquinaria", use_percentage: 100 } });
  return events;
};

// Everything that decides what the page shows or allows: the state, the
// interests (branch and selling questions) and whether each table is at 100
// (Back leaves a table as it is, so that is carried from step to step).
const serializeState = (snapshot: OnboardingSnapshot): string => {
  const { answers } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    interests: answers.objective.interests.map((interest) => interest.id),
    equities: canGoNext(answers, 2),
    uses: canGoNext(answers, 6),
    round: isStepReady(answers, 4),
  });
};

/** What the page must show after an event: the wizard on a step, or the page it left to. */
export type Expected =
  | {
      readonly kind: "step";
      readonly step: FormStep;
      readonly sidebar: readonly FormStep[];
      readonly sellingQuestions: boolean;
      readonly canGoNext: boolean;
      /**
       * Leaving and coming back (a reload: the page starts again from the
       * server's summary) shows this same step, sidebar and all: what was
       * saved is what is shown. False where the server would open elsewhere
       * (after Back, or with answers typed and not saved).
       */
      readonly comesBackHere: boolean;
    }
  | { readonly kind: "saving"; readonly step: FormStep }
  | { readonly kind: "finishing" }
  | { readonly kind: "completed" }
  | { readonly kind: "left" };

export const expectedOf = (snapshot: OnboardingSnapshot): Expected => {
  const status = statusOf(snapshot);
  if (status === "completed") return { kind: "completed" };
  if (status === "left") return { kind: "left" };
  if (status === "finishing") return { kind: "finishing" };
  const step = formStepOf(snapshot);
  if (step === null) throw new Error(`no step in ${JSON.stringify(snapshot.value)}`);
  if (status === "saving") return { kind: "saving", step };
  const { answers, savedAnswers, savedSteps } = snapshot.context;
  const shown = { sidebar: visibleSteps(answers), sellingQuestions: hasSellingInterest(answers) };
  const comesBackHere =
    resumeStep(savedAnswers, savedSteps) === step && JSON.stringify(shown) === JSON.stringify({ sidebar: visibleSteps(savedAnswers), sellingQuestions: hasSellingInterest(savedAnswers) });
  return { kind: "step", step, ...shown, canGoNext: canGoNext(answers, step), comesBackHere };
};

export type WalkStep = WalkStepOf<WalkEvent, Expected>;
export type Walk = WalkOf<WalkEvent, Expected>;
type Edge = EdgeOf<WalkEvent, OnboardingSnapshot>;

/**
 * The walk's predictions from its own events: the graph merges snapshots
 * that differ only in what was saved, so what coming back would show is
 * read from the machine run along this walk, not from the merged state.
 */
function predicted(initial: OnboardingSnapshot, steps: readonly WalkStep[]): WalkStep[] {
  let snapshot = initial;
  return steps.map(({ event }) => {
    snapshot = transition(model, snapshot, event)[0];
    return { event, expected: expectedOf(snapshot) };
  });
}

/**
 * Walks that together rest in every state of the graph: each starts from a
 * new onboarding and goes the shortest way to the nearest state no walk has
 * shown yet, keeping the states that end the wizard (completed, left) for
 * last, until nothing new is reachable. Every edge is replayed without a
 * browser in tests/machines/onboarding (onboarding.paths.test.ts); the
 * browser proves that the page shows each state as the machine predicts,
 * with few walks because each costs a new seller.
 */
export function onboardingWalks(): { readonly walks: readonly Walk[]; readonly states: number; readonly edges: number } {
  const all = adjacencyMapToArray(getAdjacencyMap<OnboardingSnapshot, WalkEvent, OnboardingInput>(model, { input: NEW_SELLER, events: eventsFor, serializeState }));
  const adjacency = new Map<string, Map<string, Edge>>();
  // A state as the page shows it: the machine's state and what it predicts on screen.
  const shownAs = new Map<string, string>();
  const ending = new Set<string>();
  for (const { state, event, nextState } of all) {
    const from = serializeState(state);
    const edges = adjacency.get(from) ?? new Map<string, Edge>();
    edges.set(JSON.stringify(event), { event, state: nextState });
    adjacency.set(from, edges);
    for (const snapshot of [state, nextState]) shownAs.set(serializeState(snapshot), JSON.stringify([snapshot.value, expectedOf(snapshot)]));
    // Finishing leads only to the end: kept for last like the end itself.
    if (nextState.status === "done" || nextState.matches("finishing")) ending.add(serializeState(nextState));
  }
  const shown = (state: string): string => shownAs.get(state) ?? state;
  const states = new Set(shownAs.keys());
  const initial = new TestModel<OnboardingSnapshot, WalkEvent, OnboardingInput>(model, { events: () => [], serializeState }).getShortestPaths({ input: NEW_SELLER })[0]?.state;
  if (initial === undefined) throw new Error("the machine has no initial state");
  const unseen = new Set([...states].map(shown));
  unseen.delete(shown(serializeState(initial)));
  const walks: Walk[] = [];
  while (unseen.size > 0) {
    const steps: WalkStep[] = [];
    for (let at = serializeState(initial); ; ) {
      const path =
        pathTo(adjacency, serializeState, at, (state) => unseen.has(shown(state)) && !ending.has(state)) ?? pathTo(adjacency, serializeState, at, (state) => unseen.has(shown(state)));
      if (path === null) break;
      for (const [from, eventKey] of path) {
        const next = adjacency.get(from)?.get(eventKey);
        if (next === undefined) throw new Error(`no edge ${eventKey} from ${from}`);
        at = serializeState(next.state);
        unseen.delete(shown(at));
        steps.push({ event: next.event, expected: expectedOf(next.state) });
      }
    }
    if (steps.length === 0) throw new Error(`states no walk from the start reaches: ${[...unseen].join("; ")}`);
    walks.push({ name: `walk ${walks.length + 1}`, start: expectedOf(initial), steps: predicted(initial, steps) });
  }
  return { walks, states: states.size, edges: all.length };
}
