import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { selectSubscription } from "../../../machines/subscription/selectors.ts";
import { MAX_TIMER_DELAY } from "../../../machines/subscription/subscription.machine.ts";
import type { Subscription } from "../../../contracts/subscriptions.ts";
import { ACTIVE, CACHED_CANCELLED, CACHED_PAID, DAY, T0, cancelledUntil, startFromCache } from "./harness.ts";

/** The `untilCancelAt` timer, with fake timers and a fake clock: no real waiting. */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Started from the cache, the first fetch answered with `answer`. */
const loadedWith = async (answer: Subscription) => {
  const started = startFromCache(CACHED_CANCELLED);
  await started.server.answerFetch(answer);
  return started;
};

describe("a cancelled subscription's cancel_at", () => {
  it("keeps access until cancel_at, not a millisecond less, then is free without a fetch", async () => {
    const cancelAt = T0 + 3 * DAY;
    const { actor, server, notifySession } = await loadedWith(cancelledUntil(cancelAt));
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });

    // Just before.
    vi.advanceTimersByTime(3 * DAY - 1);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({ isPaid: true, isCancelled: true });
    expect(notifySession).not.toHaveBeenCalled();

    // At.
    vi.advanceTimersByTime(1);
    expect(Date.now()).toBe(cancelAt);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(actor.getSnapshot().context.subscription).toMatchObject({ is_free: true, status: "expired" });
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({ isPaid: false, isCancelled: false, canSeeHistory: false });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);

    // After: nothing more happens, no timer is left.
    vi.advanceTimersByTime(30 * DAY);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(notifySession).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it("waits out a cancel_at beyond the longest timer, re-arming in between", async () => {
    const cancelAt = T0 + 40 * DAY;
    expect(cancelAt - T0).toBeGreaterThan(MAX_TIMER_DELAY);
    const { actor, notifySession } = await loadedWith(cancelledUntil(cancelAt));

    vi.advanceTimersByTime(MAX_TIMER_DELAY);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(cancelAt - Date.now() - 1);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(notifySession).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
  });

  it("is free at once when the clock jumped past cancel_at (a sleeping laptop)", async () => {
    const { actor, notifySession } = await loadedWith(cancelledUntil(T0 + DAY));
    vi.setSystemTime(T0 + 5 * DAY); // time passes, timers do not fire
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    vi.advanceTimersByTime(DAY);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
  });

  it("an answer whose cancel_at passed while it was in flight is free on arrival", async () => {
    const { actor, server, notifySession } = startFromCache(CACHED_PAID);
    vi.setSystemTime(T0 + 2 * DAY);
    await server.answerFetch(cancelledUntil(T0 + DAY));
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a refresh stops the timer; a failed fetch after cancel_at still ends access", async () => {
    const { actor, server, notifySession } = await loadedWith(cancelledUntil(T0 + DAY));
    actor.send({ type: "subscription.refresh" });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2 * DAY); // the fetch takes "two days": the answer arrives after cancel_at
    await server.failFetch(new Error("sin red"));
    // The last answer is kept, as it stands now: cancel_at passed, so free at once.
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a cancel_at the server did not move is still honoured after a reload", async () => {
    const cancelAt = T0 + 10 * DAY;
    const { actor, server } = await loadedWith(cancelledUntil(cancelAt));
    vi.advanceTimersByTime(5 * DAY);
    actor.send({ type: "subscription.refresh" });
    await server.answerFetch(cancelledUntil(cancelAt));
    vi.advanceTimersByTime(5 * DAY - 1);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
  });

  it("a cancellation known only from the cache (no date) keeps access and never lapses on its own", async () => {
    const { actor, server, notifySession } = startFromCache(CACHED_CANCELLED);
    await server.failFetch(new Error("sin red"));
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    vi.advanceTimersByTime(3 * MAX_TIMER_DELAY);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({ isPaid: true, isCancelled: true, accessUntil: null });
    expect(notifySession).not.toHaveBeenCalled();
  });

  it("an active plan arms no timer", async () => {
    const { actor } = await loadedWith(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(vi.getTimerCount()).toBe(0);
  });
});
