import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { subscriptionMachine } from "../../../machines/subscription/subscription.machine.ts";
import {
  ACTIVE,
  CACHED_CANCELLED,
  CACHED_FREE,
  CACHED_PAID,
  CANCELLED,
  CHANGE_SCHEDULED,
  DAY,
  FREE,
  REFUNDED,
  T0,
  cachedContext,
  cancelledUntil,
  knownContext,
  settle,
  startFromCache,
  startPinned,
} from "./harness.ts";

/** Single transitions from pinned states (or from the start), one event or one answer at a time. */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("loading (the start)", () => {
  it("starts from the session's cache and fetches at once", () => {
    const { actor, server, notifySession } = startFromCache(CACHED_PAID);
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context).toEqual({
      subscription: null,
      cached: CACHED_PAID,
      fromCache: true,
      paymentChecks: 0,
      paymentUnconfirmed: false,
      requestedPlan: null,
    });
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
    expect(notifySession).not.toHaveBeenCalled();
  });

  it.each([
    ["free", FREE, CACHED_PAID, "free", { isPaidUser: false, subscriptionStatus: "free" }],
    ["active", ACTIVE, CACHED_FREE, "paid", { isPaidUser: true, subscriptionStatus: "active" }],
    ["cancelled", CANCELLED, CACHED_PAID, "cancelled", { isPaidUser: true, subscriptionStatus: "canceled" }],
  ] as const)("an answer (%s) that differs from the cache is kept and sent to the session", async (_name, answer, cached, state, loaded) => {
    const { actor, server, notifySession, logFetchError } = startFromCache(cached);
    await server.answerFetch(answer);
    expect(actor.getSnapshot().value).toEqual({ ready: state });
    expect(actor.getSnapshot().context).toEqual(knownContext(answer));
    expect(notifySession).toHaveBeenCalledExactlyOnceWith(loaded);
    expect(logFetchError).not.toHaveBeenCalled();
  });

  it("an answer that matches the cache is kept without telling the session again", async () => {
    const { actor, server, notifySession } = startFromCache(CACHED_PAID);
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(actor.getSnapshot().context.fromCache).toBe(false);
    expect(notifySession).not.toHaveBeenCalled();
  });

  it("an answer whose cancel_at already passed is free at once, and the session hears so", async () => {
    const { actor, server, notifySession } = startFromCache(CACHED_CANCELLED);
    const answer = cancelledUntil(T0 - DAY);
    await server.answerFetch(answer);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(actor.getSnapshot().context.subscription).toEqual({ ...answer, is_free: true, status: "expired" });
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: false, subscriptionStatus: "expired" });
  });

  it.each([
    [CACHED_FREE, "free"],
    [CACHED_PAID, "paid"],
    [CACHED_CANCELLED, "cancelled"],
  ] as const)("a failed fetch keeps the cache %j (state %s) and is only logged", async (cached, state) => {
    const { actor, server, notifySession, logFetchError } = startFromCache(cached);
    const error = new Error("sin red");
    await server.failFetch(error);
    expect(actor.getSnapshot().value).toEqual({ ready: state });
    expect(actor.getSnapshot().context).toEqual(cachedContext(cached));
    expect(logFetchError).toHaveBeenCalledExactlyOnceWith({ error });
    expect(notifySession).not.toHaveBeenCalled();
  });

  it("subscription.paymentReturned leaves the first fetch for the payment check", () => {
    const { actor, server } = startFromCache(CACHED_FREE);
    actor.send({ type: "subscription.paymentReturned" });
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "checking" });
    expect(actor.getSnapshot().context.paymentChecks).toBe(1);
    // The first fetch is abandoned: only the payment check is in flight.
    expect(server.fetchSubscription).toHaveBeenCalledTimes(2);
    expect(server.inFlight()).toEqual({ fetches: 1, cancels: 0, resumes: 0 });
  });

  it.each([
    { type: "subscription.refresh" },
    { type: "subscription.cancelRequested" },
    { type: "subscription.cancelConfirmed" },
    { type: "subscription.cancelDismissed" },
  ] as const)("$type is ignored", (event) => {
    const { actor, server } = startFromCache(CACHED_PAID);
    const before = actor.getSnapshot();
    actor.send(event);
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context).toBe(before.context);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
  });
});

describe("ready", () => {
  it.each([
    ["free", knownContext(FREE)],
    ["paid", knownContext(ACTIVE)],
    ["cancelled", knownContext(CANCELLED)],
  ] as const)("subscription.refresh from %s fetches again, keeping what is known meanwhile", async (state, context) => {
    const { actor, server, notifySession } = startPinned(state, context);
    actor.send({ type: "subscription.refresh" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context).toBe(context);
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(notifySession).toHaveBeenCalledTimes(state === "paid" ? 0 : 1);
  });

  it("a failed refresh keeps the last answer, not the older cache", async () => {
    const context = knownContext(CANCELLED);
    const { actor, server, logFetchError } = startPinned("cancelled", context);
    actor.send({ type: "subscription.refresh" });
    await server.failFetch(new Error("500"));
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(actor.getSnapshot().context).toEqual(context);
    expect(logFetchError).toHaveBeenCalledTimes(1);
  });

  it("subscription.cancelRequested from paid opens the confirmation, nothing else", () => {
    const context = knownContext(ACTIVE);
    const { actor, server } = startPinned("paid", context);
    actor.send({ type: "subscription.cancelRequested" });
    expect(actor.getSnapshot().value).toEqual({ ready: "confirmingCancel" });
    expect(actor.getSnapshot().context).toBe(context);
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it("subscription.cancelRequested also works on a paid plan known only from the cache", () => {
    const { actor } = startPinned("paid", cachedContext(CACHED_PAID));
    actor.send({ type: "subscription.cancelRequested" });
    expect(actor.getSnapshot().value).toEqual({ ready: "confirmingCancel" });
  });

  it.each([
    ["free", knownContext(FREE)],
    ["cancelled", knownContext(CANCELLED)],
  ] as const)("subscription.cancelRequested is ignored when %s", (state, context) => {
    const { actor, server } = startPinned(state, context);
    const before = actor.getSnapshot();
    actor.send({ type: "subscription.cancelRequested" });
    expect(actor.getSnapshot().value).toEqual({ ready: state });
    expect(actor.getSnapshot().context).toBe(before.context);
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it.each([{ type: "subscription.cancelConfirmed" }, { type: "subscription.cancelDismissed" }] as const)(
    "$type outside the confirmation is ignored",
    (event) => {
      const { actor, server } = startPinned("paid", knownContext(ACTIVE));
      actor.send(event);
      expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
      expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
    },
  );

  it("subscription.paymentReturned starts a payment check from any resting state", () => {
    const { actor, server } = startPinned("free", knownContext(FREE, { paymentUnconfirmed: true }));
    actor.send({ type: "subscription.paymentReturned" });
    expect(actor.getSnapshot().value).toEqual({ confirmingPayment: "checking" });
    expect(actor.getSnapshot().context).toMatchObject({ paymentChecks: 1, paymentUnconfirmed: false });
    expect(server.fetchSubscription).toHaveBeenCalledTimes(1);
  });
});

describe("ready.confirmingCancel (the modal)", () => {
  it("subscription.cancelDismissed goes back to paid without a request", () => {
    const context = knownContext(ACTIVE);
    const { actor, server } = startPinned("confirmingCancel", context);
    actor.send({ type: "subscription.cancelDismissed" });
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(actor.getSnapshot().context).toBe(context);
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it("subscription.cancelConfirmed sends the cancel request", () => {
    const { actor, server } = startPinned("confirmingCancel", knownContext(ACTIVE));
    actor.send({ type: "subscription.cancelConfirmed" });
    expect(actor.getSnapshot().value).toEqual({ cancelling: "requesting" });
    expect(server.cancelSubscription).toHaveBeenCalledTimes(1);
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 1, resumes: 0 });
  });
});

describe("cancelling", () => {
  const confirmed = () => {
    const started = startPinned("confirmingCancel", knownContext(ACTIVE));
    started.actor.send({ type: "subscription.cancelConfirmed" });
    return started;
  };

  it("keeps the cancel answer, tells the session, then reloads", async () => {
    const { actor, server, notifySession } = confirmed();
    await server.answerCancel(CANCELLED);
    expect(actor.getSnapshot().value).toEqual({ cancelling: "reloading" });
    expect(actor.getSnapshot().context).toEqual(knownContext(CANCELLED));
    expect(notifySession).toHaveBeenCalledExactlyOnceWith({ isPaidUser: true, subscriptionStatus: "canceled" });
    expect(server.inFlight()).toEqual({ fetches: 1, cancels: 0, resumes: 0 });
  });

  it("after the reload, rests where the reloaded subscription says", async () => {
    const { actor, server, notifySession } = confirmed();
    await server.answerCancel(CANCELLED);
    await server.answerFetch(CANCELLED);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(actor.getSnapshot().context).toEqual(knownContext(CANCELLED));
    expect(notifySession).toHaveBeenCalledTimes(1);
  });

  it("a failed reload keeps the cancel answer and is only logged", async () => {
    const { actor, server, logFetchError, notifyCancelFailed } = confirmed();
    await server.answerCancel(CANCELLED);
    const error = new Error("timeout");
    await server.failFetch(error);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
    expect(actor.getSnapshot().context).toEqual(knownContext(CANCELLED));
    expect(logFetchError).toHaveBeenCalledExactlyOnceWith({ error });
    expect(notifyCancelFailed).not.toHaveBeenCalled();
  });

  it("a failed cancel is reported to the app and reloads all the same", async () => {
    const { actor, server, notifyCancelFailed, notifySession } = confirmed();
    const error = new Error("No tienes un plan de pago que cancelar.");
    await server.failCancel(error);
    expect(notifyCancelFailed).toHaveBeenCalledExactlyOnceWith({ error });
    expect(actor.getSnapshot().value).toEqual({ cancelling: "reloading" });
    await server.answerFetch(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(notifySession).not.toHaveBeenCalled();
  });

  it.each([
    { type: "subscription.refresh" },
    { type: "subscription.paymentReturned" },
    { type: "subscription.cancelRequested" },
    { type: "subscription.cancelConfirmed" },
    { type: "subscription.cancelDismissed" },
  ] as const)("$type is ignored while the request is in flight", (event) => {
    const { actor, server } = confirmed();
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual({ cancelling: "requesting" });
    expect(server.cancelSubscription).toHaveBeenCalledTimes(1);
    expect(server.fetchSubscription).not.toHaveBeenCalled();
  });
});

describe("the actors' placeholders", () => {
  it("reject until the app provides the real ones: the failure is logged, the cache kept", async () => {
    const logFetchError = vi.fn<(params: { error: unknown }) => void>();
    const machine = subscriptionMachine.provide({ actions: { logFetchError: (_, params) => logFetchError(params) } });
    const actor = createActor(machine, { input: { cached: CACHED_PAID } });
    actor.start();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(actor.getSnapshot().context).toEqual(cachedContext(CACHED_PAID));
    expect(logFetchError).toHaveBeenCalledTimes(1);
    expect(String(logFetchError.mock.calls[0]?.[0].error)).toContain("fetchSubscription was not provided");
  });
});

describe("resuming", () => {
  it("subscription.resumeRequested from cancelled resumes: the answer is kept and the session hears the plan is active again", async () => {
    const { actor, server, notifySession } = startPinned("cancelled", knownContext(CANCELLED));
    actor.send({ type: "subscription.resumeRequested" });
    expect(actor.getSnapshot().value).toEqual({ resuming: "requesting" });
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 1 });
    await server.answerResume(ACTIVE);
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(actor.getSnapshot().context.subscription).toEqual(ACTIVE);
    expect(notifySession).toHaveBeenLastCalledWith({ isPaidUser: true, subscriptionStatus: "active" });
    // Nothing to reload: PUT answered the subscription as it stands.
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it.each([
    ["paid", ACTIVE],
    ["free", FREE],
  ] as const)("subscription.resumeRequested is ignored when %s", (state, subscription) => {
    const context = knownContext(subscription);
    const { actor, server } = startPinned(state, context);
    actor.send({ type: "subscription.resumeRequested" });
    expect(actor.getSnapshot().value).toEqual({ ready: state });
    expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
  });

  it("a failed resume says why and reloads, since the request may have reached the server", async () => {
    const { actor, server, notifyResumeFailed } = startPinned("cancelled", knownContext(CANCELLED));
    actor.send({ type: "subscription.resumeRequested" });
    const failure = new Error("Servicio no disponible");
    await server.failResume(failure);
    expect(notifyResumeFailed).toHaveBeenCalledExactlyOnceWith({ error: failure });
    expect(actor.getSnapshot().value).toEqual({ resuming: "reloading" });
    await server.answerFetch(CANCELLED);
    expect(actor.getSnapshot().value).toEqual({ ready: "cancelled" });
  });
});

describe("changing plan at the end of the period", () => {
  it.each(["paid", "pastDue", "cancelled"] as const)(
    "subscription.changeScheduled from %s asks for that plan; the answer is kept and the session hears the plan now ends",
    async (state) => {
      const subscription = state === "cancelled" ? CANCELLED : state === "pastDue" ? { ...ACTIVE, status: "past_due" } : ACTIVE;
      const { actor, server, notifySession } = startPinned(state, knownContext(subscription));
      actor.send({ type: "subscription.changeScheduled", plan: "impulsa_monthly" });
      expect(actor.getSnapshot().value).toEqual({ changingPlan: "scheduling" });
      expect(actor.getSnapshot().context.requestedPlan).toBe("impulsa_monthly");
      expect(server.scheduledPlans).toEqual(["impulsa_monthly"]);
      await server.answerSchedule({ ...CHANGE_SCHEDULED, plan_id: "explora_quarterly", scheduled_plan_id: "impulsa_monthly" });
      expect(actor.getSnapshot().value).toEqual({ ready: "changeScheduled" });
      expect(actor.getSnapshot().context.requestedPlan).toBeNull();
      if (state !== "cancelled") expect(notifySession).toHaveBeenLastCalledWith({ isPaidUser: true, subscriptionStatus: "canceled" });
      expect(server.inFlight()).toEqual({ fetches: 0, cancels: 0, resumes: 0 });
    },
  );

  it("'Mantener mi plan actual' keeps the plan: it renews again", async () => {
    const { actor, server, notifySession } = startPinned("changeScheduled", knownContext(CHANGE_SCHEDULED));
    actor.send({ type: "subscription.scheduledChangeDropped" });
    expect(actor.getSnapshot().value).toEqual({ changingPlan: "keeping" });
    expect(server.changesInFlight()).toEqual({ schedules: 0, keeps: 1 });
    await server.answerKeep({ ...CHANGE_SCHEDULED, status: "active", cancel_at: null, scheduled_plan_id: null });
    expect(actor.getSnapshot().value).toEqual({ ready: "paid" });
    expect(notifySession).toHaveBeenLastCalledWith({ isPaidUser: true, subscriptionStatus: "active" });
  });

  it("a failed change says why and reloads, since the request may have reached the server", async () => {
    const { actor, server, notifyPlanChangeFailed } = startPinned("changeScheduled", knownContext(CHANGE_SCHEDULED));
    actor.send({ type: "subscription.scheduledChangeDropped" });
    await server.failKeep(new Error("sin red"));
    expect(notifyPlanChangeFailed).toHaveBeenCalledWith({ error: new Error("sin red") });
    expect(actor.getSnapshot().value).toEqual({ changingPlan: "reloading" });
    await server.answerFetch(CHANGE_SCHEDULED);
    expect(actor.getSnapshot().value).toEqual({ ready: "changeScheduled" });
  });

  it.each([
    ["free", FREE],
    ["refunded", REFUNDED],
  ] as const)("subscription.changeScheduled is ignored when %s (there is no plan to follow)", (state, subscription) => {
    const { actor, server } = startPinned(state, knownContext(subscription));
    actor.send({ type: "subscription.changeScheduled", plan: "explora_monthly" });
    expect(actor.getSnapshot().value).toEqual({ ready: state });
    expect(server.changesInFlight()).toEqual({ schedules: 0, keeps: 0 });
  });

  it("a scheduled change lapses at cancel_at like a cancellation: free, with the chosen plan still offered", async () => {
    const { actor, server, notifySession } = startFromCache(CACHED_CANCELLED);
    await server.answerFetch(CHANGE_SCHEDULED);
    expect(actor.getSnapshot().value).toEqual({ ready: "changeScheduled" });
    vi.advanceTimersByTime(25 * DAY - 1);
    expect(actor.getSnapshot().value).toEqual({ ready: "changeScheduled" });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ ready: "free" });
    expect(actor.getSnapshot().context.subscription).toMatchObject({ is_free: true, status: "expired", scheduled_plan_id: "explora_monthly" });
    expect(notifySession).toHaveBeenLastCalledWith({ isPaidUser: false, subscriptionStatus: "expired" });
  });
});
