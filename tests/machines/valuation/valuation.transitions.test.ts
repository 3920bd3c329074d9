import { describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE } from "../../../contracts/fields.ts";
import { VALUATION_MESSAGES, websiteMessage } from "../../../contracts/valuations.ts";
import { toRequest, valuationView } from "../../../machines/valuation/selectors.ts";
import { EMPTY_ANSWERS } from "../../../machines/valuation/types.ts";
import { FILLED, fillToReview, startValuation, type Valuation } from "./harness.ts";

const view = (valuation: Valuation) => valuationView(valuation.status(), valuation.context());
const STEP1 = { ...EMPTY_ANSWERS, email: FILLED.email, firstName: FILLED.firstName, lastName: FILLED.lastName };
const STEP2 = { ...STEP1, industryId: FILLED.industryId, location: FILLED.location };
const STEP3 = FILLED;

describe("valuation machine, one transition at a time", () => {
  it("starts on step 1 with nothing answered, at 20%, Next disabled", () => {
    const valuation = startValuation();
    expect(valuation.value()).toBe("step1");
    expect(valuation.context()).toEqual({ step: 1, answers: EMPTY_ANSWERS, showErrors: false, refusals: 0, result: null });
    expect(view(valuation)).toMatchObject({ status: "editing", step: 1, progress: 20, formStep: 1, canGoNext: false, canGoBack: false, errors: {} });
  });

  describe("gating (spec section 5)", () => {
    it("step 1: Next does nothing until email, first and last name are all answered", () => {
      const valuation = startValuation();
      valuation.send({ type: "valuation.change", field: "email", value: "ana@ejemplo.mx" });
      valuation.send({ type: "valuation.change", field: "firstName", value: "Ana" });
      valuation.send({ type: "valuation.change", field: "lastName", value: "   " });
      expect(view(valuation).canGoNext).toBe(false);
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step1");
      // Not answered is not an error: nothing is shown, nothing counted.
      expect(valuation.context()).toMatchObject({ showErrors: false, refusals: 0 });
      valuation.send({ type: "valuation.change", field: "lastName", value: "López" });
      expect(view(valuation).canGoNext).toBe(true);
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step2");
    });

    it("step 2: needs industry and location", () => {
      const valuation = startValuation({ value: "step2", answers: STEP1 });
      valuation.send({ type: "valuation.change", field: "industryId", value: 7 });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step2");
      valuation.send({ type: "valuation.change", field: "location", value: 2 });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step3");
    });

    it("step 3: needs the sales only; EBITDA, growth, reason and website are optional and sent as null (the website as \"\")", () => {
      const valuation = startValuation({ value: "step3", answers: STEP2 });
      expect(view(valuation).canGoNext).toBe(false);
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step3");
      // Not answered is not an error: nothing is shown, nothing counted.
      expect(valuation.context()).toMatchObject({ showErrors: false, refusals: 0 });
      valuation.send({ type: "valuation.change", field: "revenue", value: "1000000" });
      expect(view(valuation).canGoNext).toBe(true);
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toEqual({ step4: "reviewing" });
      expect(toRequest(valuation.context().answers)).toMatchObject({ gross_revenue: 1_000_000, net_profit: null, annual_percentage_growth: null, reason: null, website: "" });
    });

    it("step 3: Next is enabled with an invalid optional value; pressing it refuses with the message, until fixed or cleared", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP2, revenue: "1000", ebitda: "5000" } });
      expect(view(valuation).canGoNext).toBe(true);
      expect(view(valuation).errors).toEqual({});
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step3");
      expect(valuation.context()).toMatchObject({ showErrors: true, refusals: 1 });
      expect(view(valuation).errors).toEqual({ ebitda: VALUATION_MESSAGES.ebitdaAboveSales });
      // Clearing the figure is a valid answer: the engine assumes the margin.
      valuation.send({ type: "valuation.change", field: "ebitda", value: "" });
      expect(view(valuation).errors).toEqual({});
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toEqual({ step4: "reviewing" });
    });

    it("step 3: an unfinished growth (\"-\") or EBITDA (\".\") is refused with its message, not taken as blank", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP2, revenue: "1000", ebitda: ".", growth: "-" } });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step3");
      expect(view(valuation).errors).toEqual({ ebitda: VALUATION_MESSAGES.ebitda, growth: VALUATION_MESSAGES.growth });
    });
  });

  describe("messages, verbatim from the contract, after a refused Next", () => {
    it("a malformed email keeps step 1 with the message; the message follows the edits, and Next then goes on", () => {
      const valuation = startValuation({ value: "step1", answers: { ...STEP1, email: "ana@ejemplo" } });
      expect(view(valuation).errors).toEqual({});
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step1");
      expect(valuation.context()).toMatchObject({ showErrors: true, refusals: 1 });
      expect(view(valuation).errors).toEqual({ email: INVALID_EMAIL_MESSAGE });
      valuation.send({ type: "valuation.change", field: "email", value: "ana@ejemplo.mx" });
      expect(view(valuation).errors).toEqual({});
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step2");
      // A new step starts without messages.
      expect(valuation.context().showErrors).toBe(false);
    });

    it("each refused Next counts, so the page moves focus to the first invalid field every time", () => {
      const valuation = startValuation({ value: "step1", answers: { ...STEP1, email: "ana" } });
      valuation.send({ type: "valuation.next" });
      valuation.send({ type: "valuation.next" });
      expect(valuation.context().refusals).toBe(2);
    });

    it("EBITDA above sales: 'El EBITDA no puede ser mayor a las ventas'", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP3, revenue: "1000000", ebitda: "1000000.1" } });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step3");
      expect(view(valuation).errors).toEqual({ ebitda: VALUATION_MESSAGES.ebitdaAboveSales });
      expect(VALUATION_MESSAGES.ebitdaAboveSales).toBe("El EBITDA no puede ser mayor a las ventas");
      valuation.send({ type: "valuation.change", field: "ebitda", value: "1000000" });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toEqual({ step4: "reviewing" });
    });

    it("EBITDA above sales and a bad website: both messages after one Next", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP3, revenue: "100", ebitda: "200", website: "mi empresa" } });
      valuation.send({ type: "valuation.next" });
      expect(view(valuation).errors).toEqual({ ebitda: VALUATION_MESSAGES.ebitdaAboveSales, website: websiteMessage() });
    });

    it("a website that is not a domain: 'Debes ingresar un dominio válido como tuempresa.com.mx'", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP3, website: "mi empresa" } });
      valuation.send({ type: "valuation.next" });
      expect(view(valuation).errors).toEqual({ website: "Debes ingresar un dominio válido como tuempresa.com.mx" });
      expect(websiteMessage()).toBe("Debes ingresar un dominio válido como tuempresa.com.mx");
    });

    it("sales of 0: 'Las ventas deben ser al menos 1'; growth out of range: the growth message", () => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP3, revenue: "0", ebitda: "0", growth: "-100.5" } });
      valuation.send({ type: "valuation.next" });
      expect(view(valuation).errors).toEqual({ revenue: VALUATION_MESSAGES.revenueMin, growth: VALUATION_MESSAGES.growth });
    });

    it("a location that is not one of the nine: the location message", () => {
      const valuation = startValuation({ value: "step2", answers: { ...STEP2, location: 12 } });
      valuation.send({ type: "valuation.next" });
      expect(valuation.value()).toBe("step2");
      expect(view(valuation).errors).toEqual({ location: VALUATION_MESSAGES.location });
    });
  });

  describe("what a field accepts", () => {
    it.each([
      ["revenue", "12.34", false],
      ["revenue", "1,000", false],
      ["revenue", "1e6", false],
      ["revenue", "-5", false],
      ["revenue", "12..", false],
      ["revenue", "12345678901234", false],
      ["revenue", "1234567890123.4", true],
      ["revenue", "12.", true],
      ["ebitda", ".5", true],
      ["ebitda", "", true],
      ["growth", "-5.5", true],
      ["growth", "--5", false],
      ["growth", "10.25", false],
    ] as const)("%s takes %j: %s", (field, value, accepted) => {
      const valuation = startValuation({ value: "step3", answers: { ...STEP2, revenue: "7", ebitda: "7", growth: "7" } });
      valuation.send({ type: "valuation.change", field, value });
      expect(valuation.context().answers[field]).toBe(accepted ? value : "7");
    });

    it("a step takes only its own fields", () => {
      const valuation = startValuation();
      valuation.send({ type: "valuation.change", field: "revenue", value: "100" });
      valuation.send({ type: "valuation.change", field: "industryId", value: 3 });
      expect(valuation.context().answers).toEqual(EMPTY_ANSWERS);
    });
  });

  describe("back", () => {
    it("goes to the previous step keeping the answers; step 1 has no back", () => {
      const valuation = startValuation({ value: "step3", answers: STEP3 });
      valuation.send({ type: "valuation.back" });
      expect(valuation.value()).toBe("step2");
      valuation.send({ type: "valuation.back" });
      expect(valuation.value()).toBe("step1");
      valuation.send({ type: "valuation.back" });
      expect(valuation.value()).toBe("step1");
      expect(valuation.context().answers).toEqual(STEP3);
    });

    it("step 4 goes back to step 3", () => {
      const valuation = startValuation();
      fillToReview(valuation);
      expect(view(valuation)).toMatchObject({ status: "reviewing", step: 4, progress: 80, canGoBack: true, canGoNext: false, formStep: null });
      valuation.send({ type: "valuation.back" });
      expect(valuation.value()).toBe("step3");
    });
  });

  describe("the currency follows the location", () => {
    it("MXN for México, USD for every other location", () => {
      const valuation = startValuation({ value: "step2", answers: STEP1 });
      expect(view(valuation).currency).toBeNull();
      valuation.send({ type: "valuation.change", field: "location", value: 1 });
      expect(view(valuation).currency).toBe("MXN");
      for (const location of [2, 3, 4, 5, 6, 7, 8, 9]) {
        valuation.send({ type: "valuation.change", field: "location", value: location });
        expect(view(valuation).currency).toBe("USD");
      }
    });
  });

  it("'Ver mi valuación' starts the wait with the loader; Back and a second press are ignored meanwhile", () => {
    const valuation = startValuation();
    fillToReview(valuation);
    valuation.send({ type: "valuation.submit" });
    expect(valuation.value()).toEqual({ step4: "waiting" });
    expect(view(valuation)).toMatchObject({ status: "waiting", isLoading: true, canGoBack: false });
    valuation.send({ type: "valuation.back" });
    valuation.send({ type: "valuation.submit" });
    expect(valuation.value()).toEqual({ step4: "waiting" });
    expect(valuation.server.calls).toEqual([]);
  });
});
