import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KYB_FAILURE_CLOSE_MS, KYB_SUCCESS_CLOSE_MS } from "../../../machines/kyb/kyb.machine.ts";
import { PAID, startKyb } from "./harness.ts";

/** Spec sections 4 and 9: the dialog closes 8 s after a success and 2 s after a failure (fake timers, not real time). */
describe("kyb machine, closing by itself", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const submitted = () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    return kyb;
  };

  it("the delays are the spec's: 8 s and 2 s", () => {
    expect(KYB_SUCCESS_CLOSE_MS).toBe(8_000);
    expect(KYB_FAILURE_CLOSE_MS).toBe(2_000);
  });

  it("after a success: still open at 7.9 s, closed at 8 s", async () => {
    const kyb = submitted();
    await kyb.server.answer();
    vi.advanceTimersByTime(7_900);
    expect(kyb.value()).toBe("succeeded");
    vi.advanceTimersByTime(100);
    expect(kyb.value()).toBe("closed");
  });

  it("after a failure: still open at 1.9 s, closed at 2 s", async () => {
    const kyb = submitted();
    await kyb.server.fail();
    vi.advanceTimersByTime(1_900);
    expect(kyb.value()).toBe("failed");
    vi.advanceTimersByTime(100);
    expect(kyb.value()).toBe("closed");
  });

  it("no timer runs while the request is in flight, however long it takes", () => {
    const kyb = submitted();
    vi.advanceTimersByTime(60_000);
    expect(kyb.value()).toBe("submitting");
  });

  it("closing by hand cancels the timer: reopening is not closed by the old one", async () => {
    const kyb = submitted();
    await kyb.server.answer();
    vi.advanceTimersByTime(5_000);
    kyb.actor.send({ type: "kyb.close" });
    kyb.actor.send({ type: "kyb.open" });
    vi.advanceTimersByTime(3_000);
    expect(kyb.value()).toBe("editing");
  });
});
