import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_TIMER_DELAY, toPersisted } from "../../../machines/session/session.machine.ts";
import { DEFAULT_PERSISTED_SESSION } from "../../../machines/session/selectors.ts";
import { HOUR, makeToken } from "./jwt.ts";
import { T0, signedInContext, startFromStorage } from "./harness.ts";

/** The `untilExpiry` timer, with fake timers and a fake clock: no real waiting. */

const DAY = 24 * HOUR;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const loginAt = (exp: number) => {
  const started = startFromStorage(DEFAULT_PERSISTED_SESSION);
  const token = makeToken(T0, { exp: exp / 1000 });
  started.actor.send({ type: "session.login", token });
  expect(started.actor.getSnapshot().value).toBe("signedIn");
  started.persist.mockClear();
  return started;
};

describe("session expiry", () => {
  it("signs out exactly at exp with reason 'expired', not a millisecond before", () => {
    const exp = T0 + HOUR;
    const { actor, onSignedOut, persist } = loginAt(exp);

    vi.advanceTimersByTime(HOUR - 1);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(onSignedOut).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(Date.now()).toBe(exp);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context).toMatchObject({ token: null, name: null, email: null, roles: [], id: 42 });
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "expired" });
    expect(persist).toHaveBeenCalledExactlyOnceWith(toPersisted(actor.getSnapshot().context));
  });

  it("times a restored session from the moment it is restored", () => {
    const context = signedInContext({ exp: (T0 + 30 * 60_000) / 1000 });
    const { actor, onSignedOut } = startFromStorage(toPersisted(context));
    expect(actor.getSnapshot().value).toBe("signedIn");

    vi.advanceTimersByTime(30 * 60_000 - 1);
    expect(actor.getSnapshot().value).toBe("signedIn");
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "expired" });
  });

  it("does not fire after logout (the timer is cancelled)", () => {
    const { actor, onSignedOut } = loginAt(T0 + HOUR);
    actor.send({ type: "session.logout" });
    vi.advanceTimersByTime(2 * HOUR);
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "logout" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("restarts the timer when a new token replaces the session", () => {
    const { actor, onSignedOut } = loginAt(T0 + HOUR);
    vi.advanceTimersByTime(30 * 60_000);
    actor.send({ type: "session.login", token: makeToken(Date.now(), { exp: (T0 + 3 * HOUR) / 1000 }) });

    vi.advanceTimersByTime(HOUR);
    expect(actor.getSnapshot().value).toBe("signedIn");
    vi.advanceTimersByTime(90 * 60_000 - 1);
    expect(actor.getSnapshot().value).toBe("signedIn");
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "expired" });
  });

  it("waits out a token longer than the longest timer, re-arming in between", () => {
    const exp = T0 + 40 * DAY;
    const { actor, onSignedOut } = loginAt(exp);

    vi.advanceTimersByTime(MAX_TIMER_DELAY);
    expect(actor.getSnapshot().value).toBe("signedIn");
    vi.advanceTimersByTime(exp - Date.now() - 1);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(onSignedOut).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "expired" });
  });

  it("signs out at once when the clock jumped past exp (a sleeping laptop)", () => {
    const { actor, onSignedOut } = loginAt(T0 + HOUR);
    vi.setSystemTime(T0 + 5 * HOUR); // time passes, timers do not fire
    expect(actor.getSnapshot().value).toBe("signedIn");
    vi.advanceTimersByTime(HOUR);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason: "expired" });
  });
});
