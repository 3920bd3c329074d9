import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { valuationView } from "../../../machines/valuation/selectors.ts";
import { VALUATION_SEND_DELAY_MS, valuationMachine } from "../../../machines/valuation/valuation.machine.ts";
import { FILLED_REQUEST, RESULT, fillToReview, startValuation, type Valuation } from "./harness.ts";

/**
 * Spec sections 4, 8 and 9: 'Ver mi valuación' sends the request 2 s later,
 * with a loader; success shows the result (step 5), failure hides the loader
 * and shows nothing (logged only). Time is the fake timers', never real.
 */

const view = (valuation: Valuation) => valuationView(valuation.status(), valuation.context());

function pressed(): Valuation {
  const valuation = startValuation();
  fillToReview(valuation);
  valuation.send({ type: "valuation.submit" });
  return valuation;
}

describe("valuation machine, the 2 s before the request and its answer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the delay is the spec's 2 s, and it is the named delay `sendDelay`", () => {
    expect(VALUATION_SEND_DELAY_MS).toBe(2_000);
    expect(valuationMachine.implementations.delays["sendDelay"]).toBe(2_000);
  });

  it("nothing is sent at 1.999 s; at 2 s the request goes, with the answers as the contract wants them", () => {
    const valuation = pressed();
    vi.advanceTimersByTime(1_999);
    expect(valuation.status()).toBe("waiting");
    expect(valuation.server.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(valuation.status()).toBe("requesting");
    expect(view(valuation).isLoading).toBe(true);
    expect(valuation.server.calls).toEqual([FILLED_REQUEST]);
  });

  it("no timer runs while the request is in flight, however long it takes", () => {
    const valuation = pressed();
    vi.advanceTimersByTime(60_000);
    expect(valuation.status()).toBe("requesting");
    expect(valuation.server.calls).toHaveLength(1);
  });

  it("success: step 5 at 100% with the result, the loader gone", async () => {
    const valuation = pressed();
    vi.advanceTimersByTime(2_000);
    await valuation.server.answer();
    expect(valuation.value()).toBe("step5");
    expect(valuation.context().result).toEqual(RESULT);
    expect(view(valuation)).toMatchObject({ status: "result", step: 5, progress: 100, isLoading: false, canGoBack: true });
    expect(view(valuation).result?.valuation).toBe("$14.25 millones MXN");
    expect(valuation.logged).toEqual([]);
  });

  it("failure: back to step 4 with the loader hidden and nothing to show, the error logged once", async () => {
    const valuation = pressed();
    vi.advanceTimersByTime(2_000);
    const error = new Error("503");
    await valuation.server.fail(error);
    expect(valuation.value()).toEqual({ step4: "reviewing" });
    expect(view(valuation)).toMatchObject({ status: "reviewing", step: 4, isLoading: false, errors: {}, result: null });
    expect(valuation.logged).toEqual([error]);
  });

  it("after a failure, 'Ver mi valuación' waits 2 s again and asks again", async () => {
    const valuation = pressed();
    vi.advanceTimersByTime(2_000);
    await valuation.server.fail();
    valuation.send({ type: "valuation.submit" });
    vi.advanceTimersByTime(1_999);
    expect(valuation.server.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(valuation.server.calls).toHaveLength(2);
    await valuation.server.answer();
    expect(valuation.value()).toBe("step5");
  });

  it("back from the result returns to step 4; a new request replaces the old result", async () => {
    const valuation = pressed();
    vi.advanceTimersByTime(2_000);
    await valuation.server.answer();
    valuation.send({ type: "valuation.back" });
    expect(valuation.value()).toEqual({ step4: "reviewing" });
    expect(view(valuation).result).toBeNull();
    valuation.send({ type: "valuation.submit" });
    vi.advanceTimersByTime(2_000);
    const second = { ...RESULT, valuation_result: 15_000_000 };
    await valuation.server.answer(second);
    expect(valuation.context().result).toEqual(second);
  });
});
