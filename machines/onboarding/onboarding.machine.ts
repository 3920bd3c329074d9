/**
 * The onboarding wizard (spec sections 4, 5, 7 and 9; /onboarding/{id}).
 *
 * States:
 * - `resuming` (initial, transient): goes at once to the first visible step
 *   the input says was not saved yet (step 1 for a new onboarding; step 8
 *   when all were saved, since step 8's Next is what completes it).
 * - `step1` … `step8`, one per form step, each `editing` or `saving`:
 *   - `editing` takes the step's own edits only (`onboarding.change` for its
 *     section; `equity.*` on step 2, `use.*` on step 6). `onboarding.next`
 *     goes to `saving` if `canGoNext` (steps 2 and 6: total exactly 100,
 *     counted in hundredths; steps 1, 4 and 5: ./step-checks.ts, whose
 *     messages the app shows at the fields). `onboarding.back` goes to the previous visible
 *     step; on step 1 it goes to `left`.
 *   - `saving` invokes `saveStep` with the step and its answers (defaults
 *     applied: urgency not_urgent). Success marks the step saved and goes to
 *     the next visible step (step 3 jumps to 7 without 'Capital para
 *     crecimiento'); failure goes back to `editing` with the error kept in
 *     context and `reportFailure` (the app toasts it).
 * - `finishing` (the wizard's step 9 view, progress 90%): after step 8 saved,
 *   `notifyTeam` (POST slack-onboarding). Success completes; failure goes
 *   back to step 8 with the error (Next saves and notifies again).
 * - `completed` (final; step 10, progress 100%): the app marks the session's
 *   onboarding completed and navigates to /onboarding-completado.
 * - `left` (final): Back on step 1; the app navigates to /compra-una-empresa.
 *
 * Steps 9 and 10 are therefore the two views after the form steps (finishing
 * and done); the sidebar never lists them (./selectors.ts `visibleSteps`).
 *
 * Supplied by the app with `onboardingMachine.provide(...)`: the actors
 * `saveStep` and `notifyTeam` (rejecting placeholders here) and the action
 * `reportFailure` (a no-op here).
 */
import { assign, fromPromise, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import {
  answersToSave,
  canAddEquity,
  canAddUse,
  canSave,
  hasGrowthInterest,
  isValidPercent,
  mergeSaved,
  resumeStep,
  withSaved,
  type OnboardingStatus,
} from "./selectors.ts";
import {
  EMPTY_ANSWERS,
  type EquityRow,
  type FieldSection,
  type FormStep,
  type NotifyTeamInput,
  type OnboardingAnswers,
  type OnboardingContext,
  type OnboardingInput,
  type SaveStepInput,
  type UseRow,
} from "./types.ts";

/** An edit of one field section: the section and the fields that change. */
export type OnboardingChange = {
  readonly [S in FieldSection]: { readonly type: "onboarding.change"; readonly section: S; readonly value: Partial<OnboardingAnswers[S]> };
}[FieldSection];

export type OnboardingEvent =
  | { readonly type: "onboarding.next" }
  | { readonly type: "onboarding.back" }
  | OnboardingChange
  | { readonly type: "equity.add" }
  | { readonly type: "equity.remove"; readonly index: number }
  | { readonly type: "equity.change"; readonly index: number; readonly row: Partial<EquityRow> }
  | { readonly type: "use.add" }
  | { readonly type: "use.remove"; readonly index: number }
  | { readonly type: "use.change"; readonly index: number; readonly row: Partial<UseRow> };

export const initialOnboardingContext = ({ companyId, saved }: OnboardingInput): OnboardingContext => {
  const answers = saved === undefined ? EMPTY_ANSWERS : mergeSaved(EMPTY_ANSWERS, saved.answers);
  return {
    companyId,
    step: 1,
    answers,
    savedSteps: saved === undefined ? [] : [...new Set(saved.steps)].sort((a, b) => a - b),
    savedAnswers: answers,
    error: null,
  };
};

const replaceAt = <Row>(rows: readonly Row[], index: number, patch: Partial<Row>): Row[] =>
  rows.map((row, at) => (at === index ? { ...row, ...patch } : row));
const removeAt = <Row>(rows: readonly Row[], index: number): Row[] => rows.filter((_, at) => at !== index);
const inRange = (rows: readonly unknown[], index: number): boolean => Number.isInteger(index) && index >= 0 && index < rows.length;

export type { OnboardingContext };

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    /** Saves one step (the app maps it to the step's endpoint(s), spec section 7). */
    saveStep: fromPromise<unknown, SaveStepInput>(() =>
      Promise.reject(new Error("saveStep was not provided: use onboardingMachine.provide({ actors: { saveStep } })")),
    ),
    /** POST slack-onboarding with {company_id}. */
    notifyTeam: fromPromise<unknown, NotifyTeamInput>(() =>
      Promise.reject(new Error("notifyTeam was not provided: use onboardingMachine.provide({ actors: { notifyTeam } })")),
    ),
  },
  actions: {
    /** Tell the person a save or the notification failed (the app toasts it). */
    reportFailure: (_, _params: { error: unknown }) => {},
    setStep: assign((_, params: { step: number }) => ({ step: params.step })),
    clearError: assign({ error: null }),
    markSaved: assign(({ context }, params: { step: FormStep }) => ({
      savedSteps: [...new Set([...context.savedSteps, params.step])].sort((a, b) => a - b),
      savedAnswers: withSaved(context.savedAnswers, answersToSave(context.answers, params.step)),
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    change: assign(({ context, event }) => {
      if (event.type !== "onboarding.change") return {};
      // The guard `isSection` matched the step's section; the spread keeps the section's other fields.
      const section = event.section;
      return { answers: { ...context.answers, [section]: { ...context.answers[section], ...event.value } } };
    }),
    addEquity: assign(({ context }) => ({ answers: { ...context.answers, equities: [...context.answers.equities, { shareholder: "", equity: null }] } })),
    removeEquity: assign(({ context }, params: { index: number }) => ({ answers: { ...context.answers, equities: removeAt(context.answers.equities, params.index) } })),
    changeEquity: assign(({ context }, params: { index: number; row: Partial<EquityRow> }) => ({
      answers: { ...context.answers, equities: replaceAt(context.answers.equities, params.index, params.row) },
    })),
    addUse: assign(({ context }) => ({ answers: { ...context.answers, uses: [...context.answers.uses, { use_name: "", use_percentage: null }] } })),
    removeUse: assign(({ context }, params: { index: number }) => ({ answers: { ...context.answers, uses: removeAt(context.answers.uses, params.index) } })),
    changeUse: assign(({ context }, params: { index: number; row: Partial<UseRow> }) => ({
      answers: { ...context.answers, uses: replaceAt(context.answers.uses, params.index, params.row) },
    })),
  },
  guards: {
    /** The table is at 100 (steps 2 and 6) and the step has what it needs (./step-checks.ts): a blank is never saved as a value. */
    canGoNext: ({ context }, params: { step: FormStep }) => canSave(context.answers, params.step),
    hasGrowth: ({ context }) => hasGrowthInterest(context.answers),
    resumesAt: ({ context }, params: { step: FormStep }) => resumeStep(context.answers, context.savedSteps) === params.step,
    isSection: ({ event }, params: { section: FieldSection }) => event.type === "onboarding.change" && event.section === params.section,
    canAddEquity: ({ context }) => canAddEquity(context.answers),
    canAddUse: ({ context }) => canAddUse(context.answers),
    /** Keep at least one row to type in. */
    canRemoveEquity: ({ context, event }) => event.type === "equity.remove" && context.answers.equities.length > 1 && inRange(context.answers.equities, event.index),
    canRemoveUse: ({ context, event }) => event.type === "use.remove" && context.answers.uses.length > 1 && inRange(context.answers.uses, event.index),
    isEquityChangeValid: ({ context, event }) =>
      event.type === "equity.change" && inRange(context.answers.equities, event.index) && isValidPercent(event.row.equity ?? null),
    isUseChangeValid: ({ context, event }) =>
      event.type === "use.change" && inRange(context.answers.uses, event.index) && isValidPercent(event.row.use_percentage ?? null),
  },
}).createMachine({
  id: "onboarding",
  context: ({ input }) => initialOnboardingContext(input),
  initial: "resuming",
  states: {
    resuming: {
      always: [
        { guard: { type: "resumesAt", params: { step: 1 } }, target: "step1" },
        { guard: { type: "resumesAt", params: { step: 2 } }, target: "step2" },
        { guard: { type: "resumesAt", params: { step: 3 } }, target: "step3" },
        { guard: { type: "resumesAt", params: { step: 4 } }, target: "step4" },
        { guard: { type: "resumesAt", params: { step: 5 } }, target: "step5" },
        { guard: { type: "resumesAt", params: { step: 6 } }, target: "step6" },
        { guard: { type: "resumesAt", params: { step: 7 } }, target: "step7" },
        { target: "step8" },
      ],
    },
    step1: {
      entry: { type: "setStep", params: { step: 1 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "general" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 1 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.left" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 1) }),
            onDone: { target: "#onboarding.step2", actions: { type: "markSaved", params: { step: 1 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step2: {
      entry: { type: "setStep", params: { step: 2 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "equity.add": { guard: "canAddEquity", actions: "addEquity" },
            "equity.remove": { guard: "canRemoveEquity", actions: { type: "removeEquity", params: ({ event }) => ({ index: event.index }) } },
            "equity.change": { guard: "isEquityChangeValid", actions: { type: "changeEquity", params: ({ event }) => ({ index: event.index, row: event.row }) } },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 2 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step1" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 2) }),
            onDone: { target: "#onboarding.step3", actions: { type: "markSaved", params: { step: 2 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step3: {
      entry: { type: "setStep", params: { step: 3 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "objective" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 3 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step2" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 3) }),
            onDone: [
              { guard: "hasGrowth", target: "#onboarding.step4", actions: { type: "markSaved", params: { step: 3 } } },
              { target: "#onboarding.step7", actions: { type: "markSaved", params: { step: 3 } } },
            ],
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step4: {
      entry: { type: "setStep", params: { step: 4 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "fundingRound" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 4 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step3" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 4) }),
            onDone: { target: "#onboarding.step5", actions: { type: "markSaved", params: { step: 4 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step5: {
      entry: { type: "setStep", params: { step: 5 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "investment" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 5 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step4" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 5) }),
            onDone: { target: "#onboarding.step6", actions: { type: "markSaved", params: { step: 5 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step6: {
      entry: { type: "setStep", params: { step: 6 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "use.add": { guard: "canAddUse", actions: "addUse" },
            "use.remove": { guard: "canRemoveUse", actions: { type: "removeUse", params: ({ event }) => ({ index: event.index }) } },
            "use.change": { guard: "isUseChangeValid", actions: { type: "changeUse", params: ({ event }) => ({ index: event.index, row: event.row }) } },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 6 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step5" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 6) }),
            onDone: { target: "#onboarding.step7", actions: { type: "markSaved", params: { step: 6 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step7: {
      entry: { type: "setStep", params: { step: 7 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "financial" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 7 } }, target: "saving" },
            "onboarding.back": [{ guard: "hasGrowth", target: "#onboarding.step6" }, { target: "#onboarding.step3" }],
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 7) }),
            onDone: { target: "#onboarding.step8", actions: { type: "markSaved", params: { step: 7 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    step8: {
      entry: { type: "setStep", params: { step: 8 } },
      exit: "clearError",
      initial: "editing",
      states: {
        editing: {
          on: {
            "onboarding.change": { guard: { type: "isSection", params: { section: "characteristics" } }, actions: "change" },
            "onboarding.next": { guard: { type: "canGoNext", params: { step: 8 } }, target: "saving" },
            "onboarding.back": { target: "#onboarding.step7" },
          },
        },
        saving: {
          invoke: {
            src: "saveStep",
            input: ({ context }) => ({ companyId: context.companyId, ...answersToSave(context.answers, 8) }),
            onDone: { target: "#onboarding.finishing", actions: { type: "markSaved", params: { step: 8 } } },
            onError: { target: "editing", actions: [{ type: "keepError", params: ({ event }) => ({ error: event.error }) }, { type: "reportFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
    finishing: {
      entry: { type: "setStep", params: { step: 9 } },
      invoke: {
        src: "notifyTeam",
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: "completed" },
        onError: {
          target: "step8",
          actions: [{ type: "reportFailure", params: ({ event }) => ({ error: event.error }) }, { type: "keepError", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    completed: {
      entry: { type: "setStep", params: { step: 10 } },
      type: "final",
    },
    left: {
      type: "final",
    },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** The status for a snapshot (the step is in its context). */
export function statusOf(snapshot: Pick<OnboardingSnapshot, "matches">): OnboardingStatus {
  if (snapshot.matches("completed")) return "completed";
  if (snapshot.matches("left")) return "left";
  if (snapshot.matches("finishing")) return "finishing";
  const saving = (["step1", "step2", "step3", "step4", "step5", "step6", "step7", "step8"] as const).some((step) => snapshot.matches({ [step]: "saving" }));
  return saving ? "saving" : "editing";
}
