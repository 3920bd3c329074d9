import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SUBSCRIPTION_TEXT,
  formatAccessDate,
  lapsedAt,
  selectSubscription,
  viewOf,
  type SubscriptionContext,
} from "../../../machines/subscription/selectors.ts";
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
} from "./harness.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

type Value = Parameters<typeof subscriptionMachine.resolveState>[0]["value"];
const at = (value: Value, context: SubscriptionContext) => subscriptionMachine.resolveState({ value, context });

describe("selectSubscription", () => {
  it("describes the free plan", () => {
    expect(selectSubscription(at({ ready: "free" }, knownContext(FREE)))).toEqual({
      isLoading: false,
      fromCache: false,
      isPaid: false,
      isCancelled: false,
      isPastDue: false,
      accessUntil: null,
      planNickname: null,
      planId: null,
      periodEnd: null,
      managesPayment: false,
      scheduledPlanId: null,
      statusText: "Estás en el plan gratuito.",
      paymentText: null,
      canCancel: false,
      canResume: false,
      canScheduleChange: false,
      canKeepPlan: false,
      isChangingPlan: false,
      isRefunded: false,
      isResuming: false,
      isConfirmingCancel: false,
      isCancelling: false,
      isConfirmingPayment: false,
      paymentConfirmationFailed: false,
      canSeeHistory: false,
    });
  });

  it("describes an active plan", () => {
    expect(selectSubscription(at({ ready: "paid" }, knownContext(ACTIVE)))).toEqual({
      isLoading: false,
      fromCache: false,
      isPaid: true,
      isCancelled: false,
      isPastDue: false,
      accessUntil: null,
      planNickname: "Explora mensual",
      planId: "explora_monthly",
      periodEnd: ACTIVE.period_end,
      managesPayment: false,
      scheduledPlanId: null,
      statusText: "Tu plan Explora mensual está activo.",
      paymentText: null,
      canCancel: true,
      canResume: false,
      canScheduleChange: true,
      canKeepPlan: false,
      isChangingPlan: false,
      isRefunded: false,
      isResuming: false,
      isConfirmingCancel: false,
      isCancelling: false,
      isConfirmingPayment: false,
      paymentConfirmationFailed: false,
      canSeeHistory: true,
    });
  });

  it("describes a plan whose renewal failed: still paid during the grace, says so, and may be cancelled", () => {
    const view = selectSubscription(at({ ready: "pastDue" }, knownContext({ ...ACTIVE, status: "past_due" })));
    expect(view).toMatchObject({ isPaid: true, isPastDue: true, isCancelled: false, canCancel: true, canSeeHistory: true, planId: "explora_monthly" });
    expect(view.statusText).toBe(
      "No pudimos cobrar la renovación de tu plan Explora mensual. Lo intentaremos de nuevo en los próximos días; revisa tu método de pago para no perder el acceso.",
    );
  });

  it("describes a cancelled plan: access (and Historial) until cancel_at, no second cancel", () => {
    const view = selectSubscription(at({ ready: "cancelled" }, knownContext(CANCELLED)));
    expect(view).toMatchObject({
      isPaid: true,
      isCancelled: true,
      accessUntil: CANCELLED.cancel_at,
      planNickname: "Explora mensual",
      statusText: "Cancelaste tu plan; conservas el acceso hasta el 9 de febrero de 2025.",
      canCancel: false,
      canSeeHistory: true,
    });
  });

  it("describes a cancelled plan with a change scheduled: says what follows, may keep the plan or choose another", () => {
    const view = selectSubscription(at({ ready: "changeScheduled" }, knownContext(CHANGE_SCHEDULED)));
    expect(view).toMatchObject({
      isPaid: true,
      isCancelled: true,
      planId: "impulsa_quarterly",
      scheduledPlanId: "explora_monthly",
      statusText: "Tu plan actual sigue hasta el 9 de febrero de 2025; después cambiará al plan que elegiste.",
      canKeepPlan: true,
      canScheduleChange: true,
      canResume: false,
      canCancel: false,
    });
    for (const step of ["scheduling", "keeping", "reloading"] as const) {
      expect(selectSubscription(at({ changingPlan: step }, knownContext(CHANGE_SCHEDULED)))).toMatchObject({
        isChangingPlan: true,
        canKeepPlan: false,
        canScheduleChange: false,
      });
    }
  });

  it("describes a plan a full refund ended: free, says so with the date, Historial stays open", () => {
    expect(selectSubscription(at({ ready: "refunded" }, knownContext(REFUNDED)))).toMatchObject({
      isPaid: false,
      isRefunded: true,
      canSeeHistory: true,
      canScheduleChange: false,
      statusText: "Reembolsamos el pago de tu plan, así que terminó el 14 de enero de 2025. Puedes ver el reembolso en Historial y elegir un plan cuando quieras.",
    });
    // From the session's cache alone: no date yet.
    expect(selectSubscription(at("loading", cachedContext({ isPaidUser: false, subscriptionStatus: "refunded" })))).toMatchObject({
      isRefunded: true,
      canSeeHistory: true,
      statusText: SUBSCRIPTION_TEXT.refunded(null),
    });
  });

  it("describes a plan whose cancel_at passed as free", () => {
    const expired = lapsedAt(cancelledUntil(T0 - DAY), T0);
    expect(selectSubscription(at({ ready: "free" }, knownContext(expired)))).toMatchObject({
      isPaid: false,
      isCancelled: false,
      accessUntil: null,
      planNickname: null,
      statusText: SUBSCRIPTION_TEXT.free,
      canSeeHistory: false,
    });
  });

  it.each([
    [CACHED_FREE, { isPaid: false, isCancelled: false, statusText: "Estás en el plan gratuito.", canSeeHistory: false }],
    [CACHED_PAID, { isPaid: true, isCancelled: false, statusText: "Tienes un plan de pago activo.", canSeeHistory: true }],
    [
      CACHED_CANCELLED,
      {
        isPaid: true,
        isCancelled: true,
        statusText: "Cancelaste tu plan; conservas el acceso hasta que termine el periodo pagado.",
        canSeeHistory: true,
      },
    ],
    [{ isPaidUser: false, subscriptionStatus: null }, { isPaid: false, isCancelled: false, canSeeHistory: false }],
  ] as const)("describes the cache %j while loading: no plan name, no date", (cached, expected) => {
    const view = selectSubscription(at("loading", cachedContext(cached)));
    expect(view).toMatchObject({ ...expected, isLoading: true, fromCache: true, planNickname: null, accessUntil: null });
  });

  it("flags each step of cancelling", () => {
    const context = knownContext(ACTIVE);
    expect(selectSubscription(at({ ready: "confirmingCancel" }, context))).toMatchObject({
      isConfirmingCancel: true,
      isCancelling: false,
      canCancel: false,
    });
    for (const step of ["requesting", "reloading"] as const) {
      expect(selectSubscription(at({ cancelling: step }, context))).toMatchObject({
        isConfirmingCancel: false,
        isCancelling: true,
        canCancel: false,
        isPaid: true,
      });
    }
  });

  it("flags confirming a payment and giving up", () => {
    for (const step of ["checking", "waiting"] as const) {
      expect(selectSubscription(at({ confirmingPayment: step }, knownContext(FREE)))).toMatchObject({
        isConfirmingPayment: true,
        paymentConfirmationFailed: false,
        paymentText: "Estamos confirmando tu pago…",
        statusText: SUBSCRIPTION_TEXT.free,
      });
    }
    expect(selectSubscription(at({ ready: "free" }, knownContext(FREE, { paymentUnconfirmed: true })))).toMatchObject({
      isConfirmingPayment: false,
      paymentConfirmationFailed: true,
      paymentText: SUBSCRIPTION_TEXT.paymentUnconfirmed,
    });
  });

  it("gives the same object for the same snapshot", () => {
    const snapshot = at({ ready: "paid" }, knownContext(ACTIVE));
    expect(selectSubscription(snapshot)).toBe(selectSubscription(snapshot));
    expect(selectSubscription(snapshot)).toEqual(viewOf(snapshot));
  });
});

describe("formatAccessDate", () => {
  it("writes the date the way people in Mexico read it, on Mexico City's calendar", () => {
    expect(formatAccessDate("2025-02-15T18:00:00.000Z")).toBe("15 de febrero de 2025");
    // 03:00 UTC is still the evening before in Mexico City.
    expect(formatAccessDate("2025-02-15T03:00:00.000Z")).toBe("14 de febrero de 2025");
  });
});

describe("lapsedAt", () => {
  it("makes a cancelled subscription free from cancel_at on, and leaves anything else as is", () => {
    const cancelAt = T0 + DAY;
    const cancelled = cancelledUntil(cancelAt);
    expect(lapsedAt(cancelled, cancelAt - 1)).toBe(cancelled);
    expect(lapsedAt(cancelled, cancelAt)).toEqual({ ...cancelled, is_free: true, status: "expired" });
    expect(lapsedAt(ACTIVE, T0 + 1000 * DAY)).toBe(ACTIVE);
    expect(lapsedAt(FREE, T0)).toBe(FREE);
    const undated = { ...ACTIVE, cancel_at: "pronto" };
    expect(lapsedAt(undated, T0 + 1000 * DAY)).toBe(undated);
  });
});
