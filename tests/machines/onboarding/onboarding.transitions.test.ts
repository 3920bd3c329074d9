import { describe, expect, it } from "vitest";
import { onboardingView } from "../../../machines/onboarding/selectors.ts";
import { EMPTY_ANSWERS } from "../../../machines/onboarding/types.ts";
import { COMPANY_ID, GROWTH, NEW, OTHER, SELL_ALL, SELL_SHARE, startOnboarding, toStep3 } from "./harness.ts";

describe("onboarding machine, one transition at a time", () => {
  it("a new onboarding starts on step 1 editing, with empty answers and nothing saved", () => {
    const onboarding = startOnboarding(NEW);
    expect(onboarding.value()).toEqual({ step1: "editing" });
    expect(onboarding.context()).toEqual({ companyId: COMPANY_ID, step: 1, answers: EMPTY_ANSWERS, savedSteps: [], savedAnswers: EMPTY_ANSWERS, error: null });
  });

  it("Next saves step 1 with its answers and advances only once the save succeeds", async () => {
    const onboarding = startOnboarding();
    onboarding.actor.send({ type: "onboarding.change", section: "general", value: { name: "Tacos Don Juan", rfc: "TDJ010101ABA" } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step1: "saving" });
    expect(onboarding.status()).toBe("saving");
    expect(onboarding.save.calls).toEqual([
      { companyId: COMPANY_ID, step: 1, answers: { ...EMPTY_ANSWERS.general, name: "Tacos Don Juan", rfc: "TDJ010101ABA" } },
    ]);
    await onboarding.save.answer();
    expect(onboarding.value()).toEqual({ step2: "editing" });
    expect(onboarding.context().savedSteps).toEqual([1]);
  });

  it("a failed save stays on the step with the error, reports it, and Next retries", async () => {
    const onboarding = startOnboarding();
    onboarding.actor.send({ type: "onboarding.next" });
    const failure = new Error("Servicio no disponible");
    await onboarding.save.fail(failure);
    expect(onboarding.value()).toEqual({ step1: "editing" });
    expect(onboarding.context()).toMatchObject({ step: 1, error: failure, savedSteps: [] });
    expect(onboarding.reported).toEqual([failure]);
    await onboarding.next();
    expect(onboarding.value()).toEqual({ step2: "editing" });
    expect(onboarding.context().error).toBeNull();
    expect(onboarding.save.calls).toHaveLength(2);
  });

  it("ignores edits and Back while saving", async () => {
    const onboarding = startOnboarding();
    onboarding.actor.send({ type: "onboarding.next" });
    onboarding.actor.send({ type: "onboarding.change", section: "general", value: { name: "Tarde" } });
    onboarding.actor.send({ type: "onboarding.back" });
    expect(onboarding.value()).toEqual({ step1: "saving" });
    expect(onboarding.context().answers.general.name).toBe("Tacos Don Juan");
  });

  it("Next saves nothing while a step lacks what it needs: step 1 its name or a valid RFC, step 4 the round's stage and size", async () => {
    const onboarding = startOnboarding(NEW);
    onboarding.actor.send({ type: "onboarding.next" });
    onboarding.actor.send({ type: "onboarding.change", section: "general", value: { name: "Tacos Don Juan", rfc: "TDJ010101AB1" } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step1: "editing" });
    expect(onboarding.save.calls).toEqual([]);
    onboarding.actor.send({ type: "onboarding.change", section: "general", value: { rfc: "" } });
    await toStep3(onboarding);
    onboarding.chooseInterests(GROWTH);
    await onboarding.next();
    expect(onboarding.value()).toEqual({ step4: "editing" });
    const before = onboarding.save.calls.length;
    onboarding.actor.send({ type: "onboarding.change", section: "fundingRound", value: { funding_round: "series_a" } });
    onboarding.actor.send({ type: "onboarding.next" });
    onboarding.actor.send({ type: "onboarding.change", section: "fundingRound", value: { funding_round: null, funding_round_amount: 0 } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step4: "editing" });
    expect(onboarding.save.calls).toHaveLength(before);
    // A round of 0 is an answer, not a blank.
    onboarding.actor.send({ type: "onboarding.change", section: "fundingRound", value: { funding_round: "pre_seed" } });
    await onboarding.next();
    expect(onboarding.save.calls.at(-1)).toMatchObject({ step: 4, answers: { funding_round: "pre_seed", funding_round_amount: 0 } });
    expect(onboarding.value()).toEqual({ step5: "editing" });
  });

  it("takes only the current step's section", async () => {
    const onboarding = startOnboarding(NEW);
    onboarding.chooseInterests(GROWTH);
    onboarding.actor.send({ type: "equity.add" });
    expect(onboarding.context().answers).toEqual(EMPTY_ANSWERS);
  });

  it("Back on step 1 leaves (final), toward /compra-una-empresa", () => {
    const onboarding = startOnboarding();
    onboarding.actor.send({ type: "onboarding.back" });
    expect(onboarding.value()).toBe("left");
    expect(onboarding.snapshot().status).toBe("done");
    expect(onboarding.status()).toBe("left");
  });

  it("Back goes to the previous step without saving", async () => {
    const onboarding = startOnboarding();
    await onboarding.next();
    onboarding.actor.send({ type: "onboarding.back" });
    expect(onboarding.value()).toEqual({ step1: "editing" });
    expect(onboarding.save.calls).toHaveLength(1);
  });

  it("with 'Capital para crecimiento' the wizard goes 1–8, and Back from 7 goes to 6", async () => {
    const onboarding = startOnboarding();
    await toStep3(onboarding);
    onboarding.chooseInterests(GROWTH);
    await onboarding.next();
    expect(onboarding.step()).toBe(4);
    await onboarding.next();
    expect(onboarding.step()).toBe(5);
    await onboarding.next();
    expect(onboarding.step()).toBe(6);
    onboarding.actor.send({ type: "use.change", index: 0, row: { use_name: "Maquinaria", use_percentage: 100 } });
    await onboarding.next();
    expect(onboarding.step()).toBe(7);
    onboarding.actor.send({ type: "onboarding.back" });
    expect(onboarding.value()).toEqual({ step6: "editing" });
    expect(onboarding.save.calls.map((call) => call.step)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  for (const interests of [[SELL_SHARE], [SELL_ALL], [OTHER], []]) {
    const label = interests.map((interest) => interest.name).join(", ") || "no interest";
    it(`without growth (${label}) step 3 jumps to 7, and Back from 7 goes to 3`, async () => {
      const onboarding = startOnboarding();
      await toStep3(onboarding);
      onboarding.chooseInterests(...interests);
      await onboarding.next();
      expect(onboarding.value()).toEqual({ step7: "editing" });
      onboarding.actor.send({ type: "onboarding.back" });
      expect(onboarding.value()).toEqual({ step3: "editing" });
    });
  }

  for (const selling of [SELL_SHARE, SELL_ALL]) {
    it(`'${selling.name}': motivation is saved, and urgency defaults to not_urgent on step 8's save`, async () => {
      const onboarding = startOnboarding();
      await toStep3(onboarding);
      onboarding.chooseInterests(selling);
      onboarding.actor.send({ type: "onboarding.change", section: "objective", value: { motivation: "  Retiro  " } });
      await onboarding.next();
      expect(onboarding.save.calls.at(-1)).toEqual({ companyId: COMPANY_ID, step: 3, answers: { interests: [selling], motivation: "Retiro" } });
      await onboarding.next();
      onboarding.actor.send({ type: "onboarding.change", section: "characteristics", value: { funding_structure_ids: [1, 2] } });
      onboarding.actor.send({ type: "onboarding.next" });
      expect(onboarding.save.calls.at(-1)).toMatchObject({ step: 8, answers: { funding_structure_ids: [1, 2], funding_round_urgency: "not_urgent" } });
    });
  }

  it("a chosen urgency is saved as chosen", async () => {
    const onboarding = startOnboarding();
    await toStep3(onboarding);
    onboarding.chooseInterests(SELL_ALL);
    await onboarding.next();
    await onboarding.next();
    onboarding.actor.send({ type: "onboarding.change", section: "characteristics", value: { funding_round_urgency: "asap" } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.save.calls.at(-1)).toMatchObject({ step: 8, answers: { funding_round_urgency: "asap" } });
  });

  it("without a selling interest, motivation and funding structures are not saved (urgency still defaults)", async () => {
    const onboarding = startOnboarding();
    await toStep3(onboarding);
    onboarding.chooseInterests(GROWTH);
    onboarding.actor.send({ type: "onboarding.change", section: "objective", value: { motivation: "Retiro" } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.save.calls.at(-1)).toEqual({ companyId: COMPANY_ID, step: 3, answers: { interests: [GROWTH], motivation: "" } });
    await onboarding.save.answer();
    await onboarding.next();
    await onboarding.next();
    onboarding.actor.send({ type: "use.change", index: 0, row: { use_percentage: 100 } });
    await onboarding.next();
    await onboarding.next();
    onboarding.actor.send({ type: "onboarding.change", section: "characteristics", value: { funding_structure_ids: [1] } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.save.calls.at(-1)).toMatchObject({ step: 8, answers: { funding_structure_ids: [], funding_round_urgency: "not_urgent" } });
  });

  it("step 8: Next saves, then notifies the team (step 9), then completes (step 10, final)", async () => {
    const onboarding = startOnboarding();
    await toStep3(onboarding);
    await onboarding.next();
    await onboarding.next();
    expect(onboarding.step()).toBe(8);
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.notify.calls).toEqual([]);
    await onboarding.save.answer();
    expect(onboarding.value()).toBe("finishing");
    expect(onboarding.step()).toBe(9);
    expect(onboardingView(onboarding.status(), onboarding.context())).toMatchObject({ status: "finishing", progress: 0.9, isBusy: true });
    expect(onboarding.notify.calls).toEqual([{ companyId: COMPANY_ID }]);
    await onboarding.notify.answer();
    expect(onboarding.value()).toBe("completed");
    expect(onboarding.step()).toBe(10);
    expect(onboarding.snapshot().status).toBe("done");
    expect(onboarding.context().savedSteps).toEqual([1, 2, 3, 7, 8]);
  });

  it("a failed step 8 save does not notify", async () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: {}, steps: [1, 2, 3, 7] } });
    onboarding.actor.send({ type: "onboarding.next" });
    await onboarding.save.fail();
    expect(onboarding.value()).toEqual({ step8: "editing" });
    expect(onboarding.notify.calls).toEqual([]);
  });

  it("a failed notification goes back to step 8 with the error; Next saves and notifies again", async () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: {}, steps: [1, 2, 3, 7] } });
    await onboarding.next();
    const failure = new Error("slack caído");
    await onboarding.notify.fail(failure);
    expect(onboarding.value()).toEqual({ step8: "editing" });
    expect(onboarding.context()).toMatchObject({ step: 8, error: failure });
    expect(onboarding.reported).toEqual([failure]);
    await onboarding.next();
    await onboarding.notify.answer();
    expect(onboarding.value()).toBe("completed");
    expect(onboarding.save.calls.map((call) => call.step)).toEqual([8, 8]);
  });

  it("leaving a step with an error clears it", async () => {
    const onboarding = startOnboarding();
    await onboarding.next();
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "editing" });
    onboarding.actor.send({ type: "equity.change", index: 0, row: { equity: 100 } });
    onboarding.actor.send({ type: "onboarding.next" });
    await onboarding.save.fail();
    expect(onboarding.context().error).not.toBeNull();
    onboarding.actor.send({ type: "onboarding.back" });
    expect(onboarding.context()).toMatchObject({ step: 1, error: null });
  });
});

describe("onboarding machine, the 100% rules", () => {
  async function atStep2() {
    const onboarding = startOnboarding();
    await onboarding.next();
    return onboarding;
  }

  it("step 2: 60.5 + 39.5 passes (hundredths, no floating drift)", async () => {
    const onboarding = await atStep2();
    onboarding.actor.send({ type: "equity.change", index: 0, row: { shareholder: "Ana", equity: 60.5 } });
    onboarding.actor.send({ type: "equity.add" });
    onboarding.actor.send({ type: "equity.change", index: 1, row: { shareholder: "Luis", equity: 39.5 } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "saving" });
    expect(onboarding.save.calls.at(-1)).toEqual({
      companyId: COMPANY_ID,
      step: 2,
      answers: [
        { shareholder: "Ana", equity: 60.5 },
        { shareholder: "Luis", equity: 39.5 },
      ],
    });
  });

  it("step 2: 0.1 + 64.1 + 35.8 passes although the floats sum to 99.99999999999999", async () => {
    expect(0.1 + 64.1 + 35.8).not.toBe(100);
    const onboarding = await atStep2();
    onboarding.actor.send({ type: "equity.change", index: 0, row: { equity: 0.1 } });
    onboarding.actor.send({ type: "equity.add" });
    onboarding.actor.send({ type: "equity.change", index: 1, row: { equity: 64.1 } });
    onboarding.actor.send({ type: "equity.add" });
    onboarding.actor.send({ type: "equity.change", index: 2, row: { equity: 35.8 } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "saving" });
  });

  it("step 2: 33.33 × 3 does not pass, nor does an empty table", async () => {
    const onboarding = await atStep2();
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "editing" });
    for (const index of [0, 1, 2]) {
      if (index > 0) onboarding.actor.send({ type: "equity.add" });
      onboarding.actor.send({ type: "equity.change", index, row: { equity: 33.33 } });
    }
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "editing" });
    expect(onboarding.save.calls).toHaveLength(1);
  });

  it("step 2: over 100 refuses Next and adding a row; removing a row brings it back", async () => {
    const onboarding = await atStep2();
    onboarding.actor.send({ type: "equity.change", index: 0, row: { equity: 60 } });
    onboarding.actor.send({ type: "equity.add" });
    onboarding.actor.send({ type: "equity.change", index: 1, row: { equity: 60 } });
    onboarding.actor.send({ type: "equity.add" });
    expect(onboarding.context().answers.equities).toHaveLength(2);
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step2: "editing" });
    onboarding.actor.send({ type: "equity.remove", index: 1 });
    expect(onboarding.context().answers.equities).toEqual([{ shareholder: "", equity: 60 }]);
    onboarding.actor.send({ type: "equity.add" });
    expect(onboarding.context().answers.equities).toHaveLength(2);
  });

  it("step 2: exactly 100 still allows adding a row", async () => {
    const onboarding = await atStep2();
    onboarding.actor.send({ type: "equity.change", index: 0, row: { equity: 100 } });
    onboarding.actor.send({ type: "equity.add" });
    expect(onboarding.context().answers.equities).toHaveLength(2);
  });

  it("step 2: refuses a percentage outside 0–100 or finer than 0.01, a missing row, and removing the last row", async () => {
    const onboarding = await atStep2();
    for (const equity of [100.01, -1, 12.345, Number.NaN]) onboarding.actor.send({ type: "equity.change", index: 0, row: { equity } });
    onboarding.actor.send({ type: "equity.change", index: 3, row: { equity: 10 } });
    onboarding.actor.send({ type: "equity.remove", index: 0 });
    expect(onboarding.context().answers.equities).toEqual([{ shareholder: "", equity: null }]);
  });

  async function atStep6() {
    const onboarding = startOnboarding();
    await toStep3(onboarding);
    onboarding.chooseInterests(GROWTH);
    await onboarding.next();
    await onboarding.next();
    await onboarding.next();
    return onboarding;
  }

  it("step 6: the same rules for the uses of capital", async () => {
    const onboarding = await atStep6();
    expect(onboarding.step()).toBe(6);
    for (const index of [0, 1, 2]) {
      if (index > 0) onboarding.actor.send({ type: "use.add" });
      onboarding.actor.send({ type: "use.change", index, row: { use_name: `Destino ${index}`, use_percentage: 33.33 } });
    }
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step6: "editing" });
    onboarding.actor.send({ type: "use.change", index: 2, row: { use_percentage: 80 } });
    onboarding.actor.send({ type: "use.add" });
    expect(onboarding.context().answers.uses).toHaveLength(3);
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step6: "editing" });
    onboarding.actor.send({ type: "use.remove", index: 2 });
    onboarding.actor.send({ type: "use.change", index: 1, row: { use_percentage: 66.67 } });
    onboarding.actor.send({ type: "use.change", index: 0, row: { use_percentage: 12.345 } });
    onboarding.actor.send({ type: "onboarding.next" });
    expect(onboarding.value()).toEqual({ step6: "saving" });
    expect(onboarding.save.calls.at(-1)).toMatchObject({ step: 6, answers: [{ use_percentage: 33.33 }, { use_percentage: 66.67 }] });
  });
});

describe("onboarding machine, resume", () => {
  it("starts at the first unsaved visible step, with the saved answers filled in", () => {
    const onboarding = startOnboarding({
      companyId: COMPANY_ID,
      saved: {
        answers: { general: { ...EMPTY_ANSWERS.general, name: "Tacos Don Juan" }, equities: [{ shareholder: "Ana", equity: 100 }], objective: { interests: [GROWTH], motivation: "" } },
        steps: [1, 2, 3, 4],
      },
    });
    expect(onboarding.value()).toEqual({ step5: "editing" });
    expect(onboarding.context()).toMatchObject({ step: 5, savedSteps: [1, 2, 3, 4] });
    expect(onboarding.context().answers.general.name).toBe("Tacos Don Juan");
    expect(onboarding.context().answers.equities).toEqual([{ shareholder: "Ana", equity: 100 }]);
    expect(onboarding.context().answers.uses).toEqual(EMPTY_ANSWERS.uses);
  });

  it("without growth, steps 4–6 are not visible: after 1–3 it resumes at 7", () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: { objective: { interests: [SELL_ALL], motivation: "Retiro" } }, steps: [3, 1, 2] } });
    expect(onboarding.value()).toEqual({ step7: "editing" });
    expect(onboarding.context().savedSteps).toEqual([1, 2, 3]);
  });

  it("a gap resumes at the gap", () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: {}, steps: [1, 3, 7] } });
    expect(onboarding.value()).toEqual({ step2: "editing" });
  });

  it("everything saved resumes at step 8 (its Next completes the wizard)", () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: {}, steps: [1, 2, 3, 7, 8] } });
    expect(onboarding.value()).toEqual({ step8: "editing" });
  });

  it("nothing saved starts at step 1 even with answers", () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: { objective: { interests: [GROWTH], motivation: "" } }, steps: [] } });
    expect(onboarding.value()).toEqual({ step1: "editing" });
  });

  it("an empty saved table keeps one blank row to type in", () => {
    const onboarding = startOnboarding({ companyId: COMPANY_ID, saved: { answers: { equities: [], uses: [] }, steps: [1] } });
    expect(onboarding.context().answers.equities).toEqual([{ shareholder: "", equity: null }]);
    expect(onboarding.context().answers.uses).toEqual([{ use_name: "", use_percentage: null }]);
  });
});
