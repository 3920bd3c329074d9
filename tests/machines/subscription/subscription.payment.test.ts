import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SUBSCRIPTION_TEXT, selectSubscription } from "../../../machines/subscription/selectors.ts";
import { PAYMENT_CHECKS, PAYMENT_RETRY_DELAY } from "../../../machines/subscription/subscription.machine.ts";
import { ACTIVE, CACHED_FREE, FREE, T0, cachedContext, knownContext, startPinned } from "./harness.ts";

/**
 * Back from the checkout (/pago-exitoso): the payment webhook may land a
 * moment after the user does, so the machine asks again while the server
 * still says free, then gives up. Fake timers: no real waiting.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const returnedFromCheckout = () => {
  const started = startPinned("free", knownContext(FREE));
  started.actor.send({ type: "subscription.paymentReturned" });
  return started;
};

describe("subscription.paymentReturned", () => {
  it("confirms at once when the first answer is paid", async () => {
    const { actor, server, notifySession } = returnedFromCheckout();
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({
      isConfirmingPayment: true,
      paymentText: SUBSCRIPTION_TEXT.confirmingPayment,
    });
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(actor.getSnapshot().context).toEqual(knownContext(ACTIVE));
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: true, subscriptionStatus: "active" });
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({
      isPaid: true,
      isConfirmingPayment: false,
      paymentConfirmationFailed: false,
      paymentText: null,
      statusText: "Tu plan Explora mensual está activo.",
    });
  });

  it("asks again PAYMENT_RETRY_DELAY later while the server still says free, until paid", async () => {
    const { actor, server, notifySession } = returnedFromCheckout();
    await server.answerFetch(FREE);
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "waiting" });
    expect(notifySession).not.toHaveBeenCalled();

    vi.advanceTimersByTime(PAYMENT_RETRY_DELAY - 1);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "checking" });
    expect(actor.getSnapshot().context.paymentChecks).toBe(2);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(2);

    await server.answerFetch(FREE);
    vi.advanceTimersByTime(PAYMENT_RETRY_DELAY);
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(server.fetchSubscription).toHaveBeenCalledTimes(3);
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: true, subscriptionStatus: "active" });
    expect(actor.getSnapshot().context).toMatchObject({ paymentChecks: 0, paymentUnconfirmed: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`gives up after ${PAYMENT_CHECKS} answers that still say free, and says so`, async () => {
    const { actor, server, notifySession } = returnedFromCheckout();
    for (let check = 1; check < PAYMENT_CHECKS; check += 1) {
      await server.answerFetch(FREE);
      expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "waiting" });
      vi.advanceTimersByTime(PAYMENT_RETRY_DELAY);
    }
    await server.answerFetch(FREE);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(PAYMENT_CHECKS);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(actor.getSnapshot().context).toMatchObject({ paymentChecks: 0, paymentUnconfirmed: true });
    expect(selectSubscription(actor.getSnapshot())).toMatchObject({
      isPaid: false,
      isConfirmingPayment: false,
      paymentConfirmationFailed: true,
      paymentText: SUBSCRIPTION_TEXT.paymentUnconfirmed,
      statusText: SUBSCRIPTION_TEXT.free,
    });
    expect(notifySession).not.toHaveBeenCalled();

    // No more asking.
    vi.advanceTimersByTime(10 * PAYMENT_RETRY_DELAY);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(PAYMENT_CHECKS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts failed fetches as checks and only logs them; the cached value stays", async () => {
    const { actor, server, logFetchError } = returnedFromCheckout();
    const error = new Error("502");
    for (let check = 1; check < PAYMENT_CHECKS; check += 1) {
      await server.failFetch(error);
      vi.advanceTimersByTime(PAYMENT_RETRY_DELAY);
    }
    await server.failFetch(error);
    expect(logFetchError).toHaveBeenCalledTimes(PAYMENT_CHECKS);
    expect(logFetchError).toHaveBeenLastCalledWith({ error });
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(actor.getSnapshot().context).toEqual(knownContext(FREE, { paymentUnconfirmed: true }));
  });

  it("a fetch that fails, then a paid answer, confirms", async () => {
    const { actor, server, logFetchError } = returnedFromCheckout();
    await server.failFetch(new Error("502"));
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "waiting" });
    vi.advanceTimersByTime(PAYMENT_RETRY_DELAY);
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(logFetchError).toHaveBeenCalledTimes(1);
  });

  it("a later paid answer (a refresh) clears the failure", async () => {
    const { actor, server } = startPinned("free", knownContext(FREE, { paymentUnconfirmed: true }));
    actor.send({ type: "subscription.refresh" });
    await server.answerFetch(FREE);
    expect(actor.getSnapshot().context.paymentUnconfirmed).toBe(true);
    actor.send({ type: "subscription.refresh" });
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().context.paymentUnconfirmed).toBe(false);
    expect(selectSubscription(actor.getSnapshot()).paymentConfirmationFailed).toBe(false);
  });

  it("returning again starts a new count", async () => {
    const { actor, server } = startPinned("free", knownContext(FREE, { paymentUnconfirmed: true }));
    actor.send({ type: "subscription.paymentReturned" });
    expect(actor.getSnapshot().context).toMatchObject({ paymentChecks: 1, paymentUnconfirmed: false });
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
  });

  it("from the cache alone (the first fetch failed), a paid answer confirms and tells the session", async () => {
    const { actor, server, notifySession } = startPinned("free", cachedContext(CACHED_FREE));
    actor.send({ type: "subscription.paymentReturned" });
    await server.answerFetch(ACTIVE);
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: true, subscriptionStatus: "active" });
    expect(actor.getSnapshot().context).toEqual(knownContext(ACTIVE));
  });

  it.each([
    { type: "subscription.refresh" },
    { type: "subscription.paymentReturned" },
    { type: "subscription.cancelRequested" },
    { type: "subscription.cancelConfirmed" },
    { type: "subscription.cancelDismissed" },
  ] as const)("$type is ignored while confirming", async (event) => {
    const { actor, server } = returnedFromCheckout();
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "checking" });
    await server.answerFetch(FREE);
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "waiting" });
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.paymentChecks).toBe(1);
  });
});
