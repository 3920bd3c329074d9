import { describe, expect, it } from "vitest";
import {
  ONBOARDING_MESSAGES,
  answersToSave,
  asPercent,
  canAddEquity,
  canAddUse,
  canGoNext,
  equityMessage,
  equityTotal,
  exitRoute,
  hasSellingInterest,
  isValidPercent,
  nextVisibleStep,
  onboardingView,
  previousVisibleStep,
  progressOf,
  resumeStep,
  usesMessage,
  usesTotal,
  visibleSteps,
} from "../../../machines/onboarding/selectors.ts";
import { EMPTY_ANSWERS, type EquityRow, type OnboardingAnswers, type UseRow } from "../../../machines/onboarding/types.ts";
import { GROWTH, OTHER, SELL_ALL, SELL_SHARE } from "./harness.ts";

const withInterests = (...interests: OnboardingAnswers["objective"]["interests"]): OnboardingAnswers => ({
  ...EMPTY_ANSWERS,
  objective: { interests, motivation: "" },
});
const equities = (...percents: number[]): Pick<OnboardingAnswers, "equities"> => ({
  equities: percents.map((equity): EquityRow => ({ shareholder: "x", equity })),
});
const uses = (...percents: number[]): Pick<OnboardingAnswers, "uses"> => ({
  uses: percents.map((use_percentage): UseRow => ({ use_name: "x", use_percentage })),
});

describe("onboarding selectors", () => {
  it("the sidebar: 1–8 with 'Capital para crecimiento', otherwise 1, 2, 3, 7, 8", () => {
    expect(visibleSteps(withInterests(GROWTH))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(visibleSteps(withInterests(GROWTH, SELL_SHARE))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const interests of [[SELL_SHARE], [SELL_ALL], [OTHER], []]) expect(visibleSteps(withInterests(...interests))).toEqual([1, 2, 3, 7, 8]);
  });

  it("next and previous visible steps follow the branch", () => {
    expect(nextVisibleStep(withInterests(), 3)).toBe(7);
    expect(nextVisibleStep(withInterests(GROWTH), 3)).toBe(4);
    expect(nextVisibleStep(withInterests(GROWTH), 8)).toBeNull();
    expect(previousVisibleStep(withInterests(), 7)).toBe(3);
    expect(previousVisibleStep(withInterests(GROWTH), 7)).toBe(6);
    expect(previousVisibleStep(withInterests(), 1)).toBeNull();
  });

  it("selling interests are the two named in the spec", () => {
    expect(hasSellingInterest(withInterests(SELL_SHARE))).toBe(true);
    expect(hasSellingInterest(withInterests(SELL_ALL))).toBe(true);
    expect(hasSellingInterest(withInterests(GROWTH, OTHER))).toBe(false);
  });

  it("progress is step/10", () => {
    expect(progressOf(1)).toBe(0.1);
    expect(progressOf(8)).toBe(0.8);
    expect(progressOf(10)).toBe(1);
  });

  it("totals are integer hundredths: 60.5 + 39.5 is 100, 33.33 × 3 is not", () => {
    expect(equityTotal(equities(60.5, 39.5).equities)).toBe(10_000);
    expect(equityTotal(equities(33.33, 33.33, 33.33).equities)).toBe(9_999);
    expect(asPercent(9_999)).toBe(99.99);
    expect(usesTotal(uses(0.1, 64.1, 35.8).uses)).toBe(10_000);
    expect(equityTotal([{ shareholder: "", equity: null }])).toBe(0);
  });

  it("canGoNext: steps 2 and 6 need exactly 100, other steps always pass", () => {
    const exact = { ...EMPTY_ANSWERS, ...equities(60.5, 39.5), ...uses(50, 50) };
    expect(canGoNext(exact, 2)).toBe(true);
    expect(canGoNext(exact, 6)).toBe(true);
    expect(canGoNext({ ...exact, ...equities(33.33, 33.33, 33.33) }, 2)).toBe(false);
    expect(canGoNext({ ...exact, ...equities(60, 60) }, 2)).toBe(false);
    expect(canGoNext({ ...exact, ...uses(99.99) }, 6)).toBe(false);
    for (const step of [1, 3, 4, 5, 7, 8] as const) expect(canGoNext(EMPTY_ANSWERS, step)).toBe(true);
  });

  it("adding a row is disabled only when the total is over 100", () => {
    expect(canAddEquity(equities(100))).toBe(true);
    expect(canAddEquity(equities(60, 40.01))).toBe(false);
    expect(canAddUse(uses(99))).toBe(true);
    expect(canAddUse(uses(100.01))).toBe(false);
  });

  it("the inline messages quote the spec", () => {
    expect(equityMessage(equities(60, 41))).toBe("El total de participación no puede superar el 100%.");
    expect(equityMessage(equities(33.33, 33.33, 33.33))).toBe("El total debe ser exactamente 100% para continuar.");
    expect(equityMessage(equities(60.5, 39.5))).toBeNull();
    expect(usesMessage(uses(70, 31))).toBe("El total de destinos no puede superar el 100%.");
    expect(usesMessage(uses(70))).toBe("El total debe ser exactamente 100% para continuar.");
    expect(usesMessage(uses(70, 30))).toBeNull();
    expect(ONBOARDING_MESSAGES.equityAlert).toBe("El total de participación debe ser exactamente 100%.");
    expect(ONBOARDING_MESSAGES.usesAlert).toBe("El total de destinos debe ser exactamente 100%.");
  });

  it("percent inputs: 0–100 in steps of 0.01", () => {
    for (const ok of [null, 0, 0.01, 33.33, 100]) expect(isValidPercent(ok), String(ok)).toBe(true);
    for (const bad of [-0.01, 100.01, 1.005, Number.NaN, Number.POSITIVE_INFINITY]) expect(isValidPercent(bad), String(bad)).toBe(false);
  });

  it("answersToSave defaults urgency to not_urgent and keeps selling answers only when selling", () => {
    const selling: OnboardingAnswers = {
      ...withInterests(SELL_SHARE),
      objective: { interests: [SELL_SHARE], motivation: " Retiro " },
      characteristics: { ...EMPTY_ANSWERS.characteristics, funding_structure_ids: [2] },
    };
    expect(answersToSave(selling, 3)).toEqual({ step: 3, answers: { interests: [SELL_SHARE], motivation: "Retiro" } });
    expect(answersToSave(selling, 8)).toMatchObject({ step: 8, answers: { funding_structure_ids: [2], funding_round_urgency: "not_urgent" } });
    const growth: OnboardingAnswers = { ...selling, objective: { interests: [GROWTH], motivation: "Retiro" } };
    expect(answersToSave(growth, 3)).toEqual({ step: 3, answers: { interests: [GROWTH], motivation: "" } });
    expect(answersToSave(growth, 8)).toMatchObject({ step: 8, answers: { funding_structure_ids: [], funding_round_urgency: "not_urgent" } });
    const moderate = { ...selling, characteristics: { ...selling.characteristics, funding_round_urgency: "moderate" as const } };
    expect(answersToSave(moderate, 8)).toMatchObject({ answers: { funding_round_urgency: "moderate" } });
  });

  it("resumeStep: first unsaved visible step, step 8 when all are saved", () => {
    expect(resumeStep(withInterests(), [])).toBe(1);
    expect(resumeStep(withInterests(), [1, 2, 3])).toBe(7);
    expect(resumeStep(withInterests(GROWTH), [1, 2, 3])).toBe(4);
    expect(resumeStep(withInterests(GROWTH), [1, 2, 3, 4, 5, 7])).toBe(6);
    expect(resumeStep(withInterests(), [1, 2, 3, 7, 8])).toBe(8);
  });

  it("exitRoute: where the app goes when the machine is done", () => {
    expect(exitRoute("completed")).toBe("/onboarding-completado");
    expect(exitRoute("left")).toBe("/compra-una-empresa");
    expect(exitRoute("editing")).toBeNull();
    expect(exitRoute("finishing")).toBeNull();
  });

  it("onboardingView: step 2 editing under 100 — no Next, add allowed, the inline message", () => {
    const context = { step: 2, answers: { ...EMPTY_ANSWERS, ...equities(33.33, 33.33, 33.33) }, error: null };
    expect(onboardingView("editing", context)).toEqual({
      status: "editing",
      step: 2,
      progress: 0.2,
      visibleSteps: [1, 2, 3, 7, 8],
      formStep: 2,
      isBusy: false,
      canGoNext: false,
      canGoBack: true,
      showsSellingQuestions: false,
      equityTotal: 99.99,
      canAddEquity: true,
      equityMessage: "El total debe ser exactamente 100% para continuar.",
      usesTotal: 0,
      canAddUse: false,
      usesMessage: "El total debe ser exactamente 100% para continuar.",
      error: null,
    });
  });

  it("onboardingView: over 100 on step 6 refuses Next and adding; saving is busy and refuses both buttons", () => {
    const answers = { ...withInterests(GROWTH), ...uses(70, 31) };
    expect(onboardingView("editing", { step: 6, answers, error: null })).toMatchObject({
      visibleSteps: [1, 2, 3, 4, 5, 6, 7, 8],
      canGoNext: false,
      canAddUse: false,
      usesMessage: "El total de destinos no puede superar el 100%.",
    });
    const exact = { ...answers, ...uses(70, 30) };
    expect(onboardingView("editing", { step: 6, answers: exact, error: null })).toMatchObject({ canGoNext: true, canAddUse: true, usesMessage: null });
    expect(onboardingView("saving", { step: 6, answers: exact, error: null })).toMatchObject({ isBusy: true, canGoNext: false, canGoBack: false, canAddUse: false, formStep: 6 });
  });

  it("onboardingView: finishing is step 9 (90%), completed step 10 (100%), no form", () => {
    const answers = withInterests(SELL_ALL);
    expect(onboardingView("finishing", { step: 9, answers, error: null })).toMatchObject({ progress: 0.9, formStep: null, isBusy: true, canGoNext: false, showsSellingQuestions: true });
    expect(onboardingView("completed", { step: 10, answers, error: null })).toMatchObject({ progress: 1, formStep: null, isBusy: false, canGoNext: false, canGoBack: false });
  });
});
