import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { TestModel, getStateNodes } from "xstate/graph";
import type { Step } from "xstate/graph";
import { onboardingMachine, statusOf, type OnboardingEvent, type OnboardingSnapshot } from "../../../machines/onboarding/onboarding.machine.ts";
import {
  canSave,
  hasGrowthInterest,
  hasSellingInterest,
  mergeSaved,
  nextVisibleStep,
  previousVisibleStep,
  resumeInput,
  visibleSteps,
  withSaved,
} from "../../../machines/onboarding/selectors.ts";
import { isStepReady } from "../../../machines/onboarding/step-checks.ts";
import { EMPTY_ANSWERS, type FormStep, type NotifyTeamInput, type OnboardingInput, type SaveStepInput } from "../../../machines/onboarding/types.ts";
import { recordTransitions, replayEveryEdge, untaken } from "../graph-walk.ts";
import { COMPANY_ID, GROWTH, NEW, SELL_ALL, SELL_SHARE, fakeEndpoint, type FakeEndpoint } from "./harness.ts";

/**
 * Generated paths: xstate/graph walks the machine with representative UI
 * events (Next, Back, an edit of each section — also sent on the wrong step —,
 * each interest choice on step 3, table edits on steps 2 and 6 that make the
 * total under, exactly, over 100 and invalid), and the save's or the
 * notification's answer or failure while one is in flight. Every reachable
 * snapshot's shortest path, then every edge out of it, is replayed on a real
 * actor with fake endpoints; at every step the actor must be where the model
 * said. Together the walks must take every transition the machine defines
 * and rest in every state, from a new onboarding (both branches: the interest
 * is chosen on step 3) and from a resumed one with 'Capital para crecimiento'.
 * Resuming at each step is covered by starting once from each saved summary,
 * and after every event of every walk the seller leaves and comes back: a
 * new actor from what the fake server acknowledged must open at the first
 * visible step not saved (never past one) with exactly the saved answers.
 *
 * States are told apart by what changes behaviour: the state, the branch
 * (growth) and, on steps 2 and 6 only, the table's percentages; other answers
 * never change a transition (and a table can only be left at exactly 100),
 * so merging them keeps the graph small.
 */

let save: FakeEndpoint<SaveStepInput> = fakeEndpoint<SaveStepInput>();
let notify: FakeEndpoint<NotifyTeamInput> = fakeEndpoint<NotifyTeamInput>();
const reported: unknown[] = [];

const model = onboardingMachine.provide({
  actors: {
    saveStep: fromPromise(({ input }) => save.call(input)),
    notifyTeam: fromPromise(({ input }) => notify.call(input)),
  },
  actions: { reportFailure: (_, { error }) => void reported.push(error) },
});
const graphModel: AnyStateMachine = model;

const STEPS: readonly FormStep[] = [1, 2, 3, 4, 5, 6, 7, 8];
const invokeId = (node: AnyStateNode): string => {
  const id = node.invoke[0]?.id;
  if (id === undefined) throw new Error(`${node.id} invokes nothing`);
  return id;
};
const SAVE_IDS = new Set(STEPS.map((step) => invokeId(model.getStateNodeById(`onboarding.step${step}.saving`))));
const NOTIFY_ID = invokeId(model.getStateNodeById("onboarding.finishing"));

type Done = { readonly type: `xstate.done.actor.${string}`; readonly output: unknown };
type Failure = { readonly type: `xstate.error.actor.${string}`; readonly error: string };
type GraphEvent = OnboardingEvent | Done | Failure;

const FAILURE = "caído";
const doneOf = (id: string): Done => ({ type: `xstate.done.actor.${id}`, output: {} });
const errorOf = (id: string): Failure => ({ type: `xstate.error.actor.${id}`, error: FAILURE });

/** The step being edited or saved, or null (finishing, completed, left). */
const formStepOf = (snapshot: OnboardingSnapshot): FormStep | null =>
  STEPS.find((step) => snapshot.matches(`step${step}`)) ?? null;
const isEditing = (snapshot: OnboardingSnapshot, step: FormStep): boolean => snapshot.matches({ [`step${step}`]: "editing" });
const savingStep = (snapshot: OnboardingSnapshot): FormStep | null => STEPS.find((step) => snapshot.matches({ [`step${step}`]: "saving" })) ?? null;

const sectionEdits: readonly OnboardingEvent[] = [
  { type: "onboarding.change", section: "general", value: { name: "Tacos Don Juan" } },
  { type: "onboarding.change", section: "general", value: { name: " " } },
  { type: "onboarding.change", section: "fundingRound", value: { funding_round: "series_a", funding_round_amount: 250_000 } },
  { type: "onboarding.change", section: "fundingRound", value: { funding_round_amount: null } },
  { type: "onboarding.change", section: "investment", value: { investors: 3 } },
  { type: "onboarding.change", section: "financial", value: { yearly_sales: 1_000_000 } },
  { type: "onboarding.change", section: "characteristics", value: { funding_round_urgency: "asap" } },
];
const interestChoices: readonly OnboardingEvent[] = [[GROWTH], [SELL_SHARE], [SELL_ALL], []].map(
  (interests): OnboardingEvent => ({ type: "onboarding.change", section: "objective", value: { interests } }),
);

const equityEvents = (rows: number): OnboardingEvent[] => [
  { type: "equity.change", index: 0, row: { shareholder: "Ana", equity: 60.5 } },
  { type: "equity.change", index: 0, row: { equity: 100.01 } },
  ...(rows < 2
    ? [{ type: "equity.add" } as const]
    : [
        { type: "equity.change", index: 1, row: { shareholder: "Luis", equity: 39.5 } } as const,
        { type: "equity.change", index: 1, row: { equity: 60.5 } } as const,
        { type: "equity.remove", index: 1 } as const,
      ]),
];
const capitalUseEvents = (rows: number): OnboardingEvent[] => [
  { type: "use.change", index: 0, row: { use_name: "Maquinaria", use_percentage: 33.33 } },
  { type: "use.change", index: 0, row: { use_percentage: -1 } },
  ...(rows < 2
    ? [{ type: "use.add" } as const]
    : [
        { type: "use.change", index: 1, row: { use_name: "Personal", use_percentage: 66.67 } } as const,
        { type: "use.change", index: 1, row: { use_percentage: 80 } } as const,
        { type: "use.remove", index: 1 } as const,
      ]),
];

const eventsFor = (snapshot: OnboardingSnapshot): GraphEvent[] => {
  const saving = savingStep(snapshot);
  if (saving !== null) return [doneOf([...SAVE_IDS][saving - 1] ?? ""), errorOf([...SAVE_IDS][saving - 1] ?? "")];
  if (snapshot.matches("finishing")) return [doneOf(NOTIFY_ID), errorOf(NOTIFY_ID)];
  // A final state takes nothing more (the app has navigated away).
  if (snapshot.status === "done") return [];
  const { answers } = snapshot.context;
  return [
    { type: "onboarding.next" },
    { type: "onboarding.back" },
    ...sectionEdits,
    ...(isEditing(snapshot, 3) ? interestChoices : []),
    ...(isEditing(snapshot, 2) ? equityEvents(answers.equities.length) : []),
    ...(isEditing(snapshot, 6) ? capitalUseEvents(answers.uses.length) : []),
  ];
};

const serializeState = (snapshot: OnboardingSnapshot): string => {
  const { answers } = snapshot.context;
  const step = formStepOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    growth: hasGrowthInterest(answers),
    // Steps 1 and 4 refuse Next without their required answers (./step-checks.ts).
    ...(step === 1 || step === 4 ? { ready: isStepReady(answers, step) } : {}),
    ...(step === 2 ? { rows: answers.equities.map((row) => row.equity) } : {}),
    ...(step === 6 ? { rows: answers.uses.map((row) => row.use_percentage) } : {}),
  });
};

/**
 * What the actor must agree with the model on. The model keeps one snapshot
 * per serialized state, so other answers and the saved steps may differ
 * between two walks that merge there; the step and everything that decides a
 * transition may not.
 */
const at = (snapshot: OnboardingSnapshot) => ({ state: serializeState(snapshot), step: snapshot.context.step, status: snapshot.status });

/** What the fake server acknowledged: each step's last answered save. */
let serverHas = new Map<FormStep, SaveStepInput>();

async function take(actor: ReturnType<typeof createActor<typeof model>>, event: GraphEvent): Promise<void> {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, "");
  const endpoint = SAVE_IDS.has(id) ? save : id === NOTIFY_ID ? notify : null;
  const answered = save.calls.at(-1);
  if (endpoint === save && event.type.startsWith("xstate.done.actor.") && answered !== undefined) serverHas.set(answered.step, answered);
  if (endpoint !== null && event.type.startsWith("xstate.done.actor.")) await endpoint.answer();
  else if (endpoint !== null && event.type.startsWith("xstate.error.actor.")) await endpoint.fail((event as Failure).error);
  else actor.send(event as OnboardingEvent);
}

/** The steps saved on each walk that completed the wizard, in order. */
const completedWalks = new Set<string>();

async function replay(steps: Step<OnboardingSnapshot, GraphEvent>[], input: OnboardingInput, covered: Set<AnyTransitionDefinition>, label: string) {
  save = fakeEndpoint<SaveStepInput>();
  notify = fakeEndpoint<NotifyTeamInput>();
  reported.length = 0;
  serverHas = new Map();
  const actor = createActor(model, { input, inspect: recordTransitions(covered) });
  actor.start();
  const [first, ...rest] = steps;
  if (first !== undefined) expect(at(actor.getSnapshot()), `${label}: start`).toEqual(at(first.state));
  for (const [index, step] of rest.entries()) {
    const before = actor.getSnapshot();
    const savesBefore = save.calls.length;
    const reportedBefore = reported.length;
    await take(actor, step.event);
    const after = actor.getSnapshot();
    const where = `${label}: step ${index + 1} (${step.event.type})`;
    expect(at(after), where).toEqual(at(step.state));
    // A save starts only from Next on an editing step, and only when that step's total allows it.
    const formStep = formStepOf(before);
    const startedSave = save.calls.length - savesBefore;
    const allowed = step.event.type === "onboarding.next" && formStep !== null && isEditing(before, formStep) && canSave(before.context.answers, formStep);
    expect(startedSave, where).toBe(allowed ? 1 : 0);
    if (startedSave === 1) expect(save.calls.at(-1)?.step, where).toBe(formStep);
    // Where the wizard goes, by the sidebar's rule (selectors), not the machine's wiring.
    const afterStep = formStepOf(after);
    if (afterStep !== null) expect(visibleSteps(after.context.answers), where).toContain(afterStep);
    if (step.event.type === "onboarding.back" && formStep !== null && isEditing(before, formStep)) {
      const previous = previousVisibleStep(before.context.answers, formStep);
      expect(previous === null ? after.matches("left") : isEditing(after, previous), where).toBe(true);
    }
    const saved = savingStep(before);
    if (saved !== null && step.event.type.startsWith("xstate.done.actor.")) {
      const next = nextVisibleStep(before.context.answers, saved);
      expect(next === null ? after.matches("finishing") : isEditing(after, next), where).toBe(true);
      expect(after.context.savedSteps, where).toContain(saved);
    }
    if (saved !== null && step.event.type.startsWith("xstate.error.actor.")) expect(isEditing(after, saved), where).toBe(true);
    // Every failure is reported once, and nothing else is.
    expect(reported.length - reportedBefore, where).toBe(step.event.type.startsWith("xstate.error.actor.") ? 1 : 0);
    if (statusOf(after) === "editing") leaveAndComeBack(after, input, where);
  }
  // Whatever was saved, urgency was never missing on step 8, and selling-only answers only came with a selling interest.
  for (const call of save.calls) {
    expect(call.companyId, label).toBe(COMPANY_ID);
    if (call.step === 8) {
      expect(call.answers.funding_round_urgency, label).not.toBeNull();
    }
    if (call.step === 3 && !hasSellingInterest({ objective: call.answers })) expect(call.answers.motivation, label).toBe("");
  }
  if (actor.getSnapshot().matches("completed")) completedWalks.add(save.calls.map((call) => call.step).join());
  actor.stop();
}

/**
 * The seller leaves (logs out, closes the tab) and comes back: a new actor
 * from what the server has. It opens at the first visible step whose save
 * the server acknowledged not yet (every step before it saved: never past
 * one), and every section shows exactly what was saved, or what the input
 * had, never what was typed and not saved.
 */
function leaveAndComeBack(left: OnboardingSnapshot, input: OnboardingInput, where: string): void {
  const back = createActor(model, { input: resumeInput(left.context) });
  back.start();
  const resumed = back.getSnapshot();
  back.stop();
  let expected = mergeSaved(EMPTY_ANSWERS, input.saved?.answers ?? {});
  for (const sent of serverHas.values()) expected = withSaved(expected, sent);
  const saved = new Set<FormStep>([...(input.saved?.steps ?? []), ...serverHas.keys()]);
  expect(resumed.context.answers, `${where}, come back: answers`).toEqual(expected);
  const opensAt = visibleSteps(expected).find((step) => !saved.has(step)) ?? 8;
  expect(isEditing(resumed, opensAt), `${where}, come back at step ${opensAt}, not ${JSON.stringify(resumed.value)}`).toBe(true);
}

const RESUMES: readonly OnboardingInput[] = [
  { companyId: COMPANY_ID, saved: { answers: {}, steps: [1] } },
  { companyId: COMPANY_ID, saved: { answers: {}, steps: [1, 2] } },
  { companyId: COMPANY_ID, saved: { answers: { objective: { interests: [GROWTH], motivation: "" } }, steps: [1, 2, 3] } },
  { companyId: COMPANY_ID, saved: { answers: { objective: { interests: [GROWTH], motivation: "" } }, steps: [1, 2, 3, 4] } },
  { companyId: COMPANY_ID, saved: { answers: { objective: { interests: [GROWTH], motivation: "" } }, steps: [1, 2, 3, 4, 5] } },
  { companyId: COMPANY_ID, saved: { answers: { objective: { interests: [SELL_ALL], motivation: "" } }, steps: [1, 2, 3] } },
  { companyId: COMPANY_ID, saved: { answers: { objective: { interests: [SELL_SHARE], motivation: "" } }, steps: [1, 2, 3, 7] } },
];

/** The leaf a snapshot rests in, as a dotted path. */
const leafOf = (snapshot: OnboardingSnapshot): string =>
  typeof snapshot.value === "string" ? snapshot.value : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${String(child)}`).join();

describe("onboarding machine, generated paths", () => {
  it("reaches every state and takes every transition the machine defines, on both branches", async () => {
    const covered = new Set<AnyTransitionDefinition>();
    const rested = new Set<string>();
    let edges = 0;
    // The full walk from a new onboarding, and from one resumed on step 6 with growth.
    const growthAt6: OnboardingInput = {
      companyId: COMPANY_ID,
      saved: { answers: { objective: { interests: [GROWTH], motivation: "" } }, steps: [1, 2, 3, 4, 5] },
    };
    for (const input of [NEW, growthAt6]) {
      const walked = await replayEveryEdge(graphModel, input, { events: eventsFor, serializeState }, (steps, label) => replay(steps, input, covered, label));
      for (const path of walked.paths) rested.add(leafOf(path.state));
      edges += walked.edges;
    }
    // Each resume starts where the summary says.
    for (const input of RESUMES) {
      const start = new TestModel<OnboardingSnapshot, GraphEvent, OnboardingInput>(graphModel, { events: () => [], serializeState }).getShortestPaths({ input });
      for (const path of start) await replay(path.steps, input, covered, `resume ${JSON.stringify(input.saved?.steps)}`);
    }

    expect(edges).toBeGreaterThan(500);
    // Both branches completed: 1–8 with growth, 1, 2, 3, 7, 8 without (and the resumed one).
    expect(completedWalks).toContain("1,2,3,4,5,6,7,8");
    expect(completedWalks).toContain("1,2,3,7,8");
    expect(completedWalks).toContain("6,7,8");
    expect(untaken(model, covered), "transitions no generated path takes").toEqual([]);
    const leaves = getStateNodes(model.root)
      .filter((stateNode) => stateNode.type === "atomic" || stateNode.type === "final")
      .map((stateNode) => stateNode.path.join("."))
      .filter((path) => path !== "resuming");
    expect([...rested].sort()).toEqual(leaves.sort());
  });
});
