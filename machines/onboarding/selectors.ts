import { isStepReady } from "./step-checks.ts";
import type { EquityRow, FormStep, OnboardingAnswers, OnboardingContext, OnboardingInput, SaveStepAnswers, UseRow } from "./types.ts";

/**
 * Pure reads of the onboarding wizard (spec sections 4, 5 and 9): the
 * sidebar's steps, progress, the 100% rules and their Spanish messages.
 * The machine (./onboarding.machine.ts) uses the same functions for its guards.
 */

export const GROWTH_INTEREST = "Capital para crecimiento";
export const SELLING_INTERESTS: readonly string[] = ["Vender participación", "Vender 100%"];

/** Spec section 5, quoted. The use-of-capital inline messages are "similar": the same wording with "destinos". */
export const ONBOARDING_MESSAGES = {
  equityAlert: "El total de participación debe ser exactamente 100%.",
  equityOver: "El total de participación no puede superar el 100%.",
  equityNotExact: "El total debe ser exactamente 100% para continuar.",
  usesAlert: "El total de destinos debe ser exactamente 100%.",
  usesOver: "El total de destinos no puede superar el 100%.",
  usesNotExact: "El total debe ser exactamente 100% para continuar.",
} as const;

/** 100% in hundredths of a percent. */
export const FULL_HUNDREDTHS = 10_000;

/** Steps 9 and 10 are views, not forms: progress counts to 10. */
export const PROGRESS_STEPS = 10;

export const ALL_STEPS: readonly FormStep[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const SHORT_STEPS: readonly FormStep[] = [1, 2, 3, 7, 8];

export const hasGrowthInterest = (answers: Pick<OnboardingAnswers, "objective">): boolean =>
  answers.objective.interests.some((interest) => interest.name === GROWTH_INTEREST);

export const hasSellingInterest = (answers: Pick<OnboardingAnswers, "objective">): boolean =>
  answers.objective.interests.some((interest) => SELLING_INTERESTS.includes(interest.name));

/** The sidebar: 1–8 with 'Capital para crecimiento', otherwise 1, 2, 3, 7, 8. */
export const visibleSteps = (answers: Pick<OnboardingAnswers, "objective">): readonly FormStep[] =>
  hasGrowthInterest(answers) ? ALL_STEPS : SHORT_STEPS;

export const nextVisibleStep = (answers: Pick<OnboardingAnswers, "objective">, step: FormStep): FormStep | null =>
  visibleSteps(answers).find((candidate) => candidate > step) ?? null;

export const previousVisibleStep = (answers: Pick<OnboardingAnswers, "objective">, step: FormStep): FormStep | null =>
  [...visibleSteps(answers)].reverse().find((candidate) => candidate < step) ?? null;

/** Progress 0–1: the step over 10 (step 9 while finishing, 10 when done). */
export const progressOf = (step: number): number => step / PROGRESS_STEPS;

/** A percentage as integer hundredths, so 60.5 + 39.5 is exactly 100 and 33.33 × 3 is not. Empty counts 0. */
export const toHundredths = (percent: number | null): number => (percent === null ? 0 : Math.round(percent * 100));

/** Inputs accept 0–100 in steps of 0.01. */
export const isValidPercent = (percent: number | null): boolean =>
  percent === null || (Number.isFinite(percent) && percent >= 0 && percent <= 100 && Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6);

export const equityTotal = (rows: readonly EquityRow[]): number => rows.reduce((sum, row) => sum + toHundredths(row.equity), 0);
export const usesTotal = (rows: readonly UseRow[]): number => rows.reduce((sum, row) => sum + toHundredths(row.use_percentage), 0);

/** The total as a percentage for display (hundredths back to a number). */
export const asPercent = (hundredths: number): number => hundredths / 100;

export type TotalStatus = "over" | "under" | "exact";
export const totalStatus = (hundredths: number): TotalStatus =>
  hundredths > FULL_HUNDREDTHS ? "over" : hundredths < FULL_HUNDREDTHS ? "under" : "exact";

/** Adding a row is disabled when the total is over 100. */
export const canAddEquity = (answers: Pick<OnboardingAnswers, "equities">): boolean => equityTotal(answers.equities) <= FULL_HUNDREDTHS;
export const canAddUse = (answers: Pick<OnboardingAnswers, "uses">): boolean => usesTotal(answers.uses) <= FULL_HUNDREDTHS;

/** The inline message under the shareholders table, or null at exactly 100. */
export const equityMessage = (answers: Pick<OnboardingAnswers, "equities">): string | null => {
  const status = totalStatus(equityTotal(answers.equities));
  return status === "over" ? ONBOARDING_MESSAGES.equityOver : status === "under" ? ONBOARDING_MESSAGES.equityNotExact : null;
};

/** The inline message under the uses-of-capital table, or null at exactly 100. */
export const usesMessage = (answers: Pick<OnboardingAnswers, "uses">): string | null => {
  const status = totalStatus(usesTotal(answers.uses));
  return status === "over" ? ONBOARDING_MESSAGES.usesOver : status === "under" ? ONBOARDING_MESSAGES.usesNotExact : null;
};

/** Next is disabled on steps 2 and 6 unless the total is exactly 100; other steps always allow it. */
export const canGoNext = (answers: OnboardingAnswers, step: FormStep): boolean => {
  if (step === 2) return equityTotal(answers.equities) === FULL_HUNDREDTHS;
  if (step === 6) return usesTotal(answers.uses) === FULL_HUNDREDTHS;
  return true;
};

/** Next saves the step: its table is at 100 (steps 2 and 6) and it has what it needs (./step-checks.ts). */
export const canSave = (answers: OnboardingAnswers, step: FormStep): boolean => canGoNext(answers, step) && isStepReady(answers, step);

/**
 * A step's answers as `saveStep` receives them. Motivation is kept only for a
 * selling interest; urgency defaults to not_urgent (spec section 4); funding
 * structures only count with a selling interest.
 */
export const answersToSave = (answers: OnboardingAnswers, step: FormStep): SaveStepAnswers => {
  const selling = hasSellingInterest(answers);
  switch (step) {
    case 1:
      return { step, answers: answers.general };
    case 2:
      return { step, answers: answers.equities };
    case 3:
      return { step, answers: { ...answers.objective, motivation: selling ? answers.objective.motivation.trim() : "" } };
    case 4:
      return { step, answers: answers.fundingRound };
    case 5:
      return { step, answers: answers.investment };
    case 6:
      return { step, answers: answers.uses };
    case 7:
      return { step, answers: answers.financial };
    case 8:
      return {
        step,
        answers: {
          ...answers.characteristics,
          funding_structure_ids: selling ? answers.characteristics.funding_structure_ids : [],
          funding_round_urgency: answers.characteristics.funding_round_urgency ?? "not_urgent",
        },
      };
  }
};

/** Where resuming starts: the first visible step not saved yet; step 8 when all are saved (it completes the wizard). */
export const resumeStep = (answers: OnboardingAnswers, savedSteps: readonly FormStep[]): FormStep =>
  visibleSteps(answers).find((step) => !savedSteps.includes(step)) ?? 8;

/** The answers the server has once a step's save succeeded: that step's section as it was sent. */
export const withSaved = (saved: OnboardingAnswers, sent: SaveStepAnswers): OnboardingAnswers => {
  switch (sent.step) {
    case 1:
      return { ...saved, general: sent.answers };
    case 2:
      return { ...saved, equities: sent.answers };
    case 3:
      return { ...saved, objective: sent.answers };
    case 4:
      return { ...saved, fundingRound: sent.answers };
    case 5:
      return { ...saved, investment: sent.answers };
    case 6:
      return { ...saved, uses: sent.answers };
    case 7:
      return { ...saved, financial: sent.answers };
    case 8:
      return { ...saved, characteristics: sent.answers };
  }
};

/** Leaving and coming back: the wizard restarts from what the server has (the summary), not from what was typed. */
export const resumeInput = (context: Pick<OnboardingContext, "companyId" | "savedAnswers" | "savedSteps">): OnboardingInput => ({
  companyId: context.companyId,
  saved: { answers: context.savedAnswers, steps: context.savedSteps },
});

/** Fills what the server has over the empty answers (an empty table keeps one blank row to type in). */
export const mergeSaved = (empty: OnboardingAnswers, saved: Partial<OnboardingAnswers>): OnboardingAnswers => ({
  general: { ...empty.general, ...saved.general },
  equities: saved.equities !== undefined && saved.equities.length > 0 ? saved.equities : empty.equities,
  objective: { ...empty.objective, ...saved.objective },
  fundingRound: { ...empty.fundingRound, ...saved.fundingRound },
  investment: { ...empty.investment, ...saved.investment },
  uses: saved.uses !== undefined && saved.uses.length > 0 ? saved.uses : empty.uses,
  financial: { ...empty.financial, ...saved.financial },
  characteristics: { ...empty.characteristics, ...saved.characteristics },
});

export type OnboardingStatus = "editing" | "saving" | "finishing" | "completed" | "left";

/** Where the app navigates when the machine is done, or null while it runs. */
export const exitRoute = (status: OnboardingStatus): string | null =>
  status === "completed" ? "/onboarding-completado" : status === "left" ? "/compra-una-empresa" : null;

/** Everything the wizard's page shows, from the machine's status and context. */
export interface OnboardingView {
  readonly status: OnboardingStatus;
  /** 1–8 the form steps, 9 while finishing, 10 when done. */
  readonly step: number;
  /** 0–1 (step/10), for the progress bar. */
  readonly progress: number;
  /** The sidebar. */
  readonly visibleSteps: readonly FormStep[];
  /** The form step shown, or null once the forms are done. */
  readonly formStep: FormStep | null;
  /** Next and Back wait while a request is in flight. */
  readonly isBusy: boolean;
  readonly canGoNext: boolean;
  readonly canGoBack: boolean;
  /** Motivation (step 3), funding structures and urgency (step 8) are asked only for a selling interest. */
  readonly showsSellingQuestions: boolean;
  /** Step 2's table. */
  readonly equityTotal: number;
  readonly canAddEquity: boolean;
  readonly equityMessage: string | null;
  /** Step 6's table. */
  readonly usesTotal: number;
  readonly canAddUse: boolean;
  readonly usesMessage: string | null;
  /** The last failure, for the app's toast (null when there is none). */
  readonly error: unknown;
}

const isFormStep = (step: number): step is FormStep => ALL_STEPS.some((candidate) => candidate === step);

export function onboardingView(status: OnboardingStatus, context: Pick<OnboardingContext, "step" | "answers" | "error">): OnboardingView {
  const { answers } = context;
  const formStep = (status === "editing" || status === "saving") && isFormStep(context.step) ? context.step : null;
  const editing = status === "editing" && formStep !== null;
  return {
    status,
    step: context.step,
    progress: progressOf(context.step),
    visibleSteps: visibleSteps(answers),
    formStep,
    isBusy: status === "saving" || status === "finishing",
    canGoNext: editing && canGoNext(answers, formStep),
    canGoBack: editing,
    showsSellingQuestions: hasSellingInterest(answers),
    equityTotal: asPercent(equityTotal(answers.equities)),
    canAddEquity: editing && formStep === 2 && canAddEquity(answers),
    equityMessage: equityMessage(answers),
    usesTotal: asPercent(usesTotal(answers.uses)),
    canAddUse: editing && formStep === 6 && canAddUse(answers),
    usesMessage: usesMessage(answers),
    error: context.error,
  };
}
