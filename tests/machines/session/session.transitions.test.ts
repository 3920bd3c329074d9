import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toPersisted } from "../../../machines/session/session.machine.ts";
import { DEFAULT_PERSISTED_SESSION } from "../../../machines/session/selectors.ts";
import { claimsFor, makeToken, rawToken } from "./jwt.ts";
import { T0, signedInContext, signedOutContext, startFromStorage, startPinned } from "./harness.ts";

/** Single transitions from pinned states, one event at a time. */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("restoring what the browser kept", () => {
  it("starts signedOut with the defaults when nothing was stored", () => {
    const { actor, persist } = startFromStorage(DEFAULT_PERSISTED_SESSION);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context).toEqual(signedOutContext);
    expect(persist).toHaveBeenCalledWith(DEFAULT_PERSISTED_SESSION);
  });

  it("starts signedIn with a token still valid at input.now", () => {
    const context = signedInContext({ roles: ["admin"] });
    const stored = { ...toPersisted(context), name: "Nombre cambiado", demoMode: false };
    const { actor, persist } = startFromStorage(stored);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context).toEqual({ ...context, name: "Nombre cambiado", demoMode: false });
    expect(persist).toHaveBeenLastCalledWith(stored);
  });

  it("takes identity and roles from the token, not from what storage says", () => {
    const context = signedInContext({ roles: ["buyer"] });
    const tampered = { ...toPersisted(context), id: 99, roles: ["admin" as const], name: null };
    const { actor } = startFromStorage(tampered);
    expect(actor.getSnapshot().context).toMatchObject({ id: 42, roles: ["buyer"], name: claimsFor(T0).name });
  });

  it("starts signedOut, credentials cleared, when the stored token expired by input.now", () => {
    const context = signedInContext();
    const stored = { ...toPersisted(context), is_onboarding_completed: true };
    const { actor, persist, onSignedOut } = startFromStorage(stored, (context.expiresAt ?? 0) + 1);
    expect(actor.getSnapshot().value).toBe("signedOut");
    const expected = { ...stored, name: null, email: null, roles: [], token: null };
    expect(actor.getSnapshot().context).toEqual({ ...expected, expiresAt: null });
    expect(persist).toHaveBeenLastCalledWith(expected);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it.each([
    ["garbage", "basura"],
    ["a token without claims", rawToken({ sub: "1" })],
    ["a non-numeric sub", makeToken(T0, { sub: "abc" })],
  ])("starts signedOut when the stored token is %s", (_name, token) => {
    const { actor } = startFromStorage({ ...toPersisted(signedInContext()), token });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.token).toBeNull();
  });
});

describe("signedOut", () => {
  it("session.login with a valid token signs in with the claims", () => {
    const { actor, persist } = startPinned("signedOut", { ...signedOutContext, demoMode: false });
    const token = makeToken(T0, { sub: "7", roles: ["admin"], is_paid: true, status: "active" });
    actor.send({ type: "session.login", token });
    const claims = claimsFor(T0, { sub: "7", roles: ["admin"], is_paid: true, status: "active" });
    const expected = {
      id: 7,
      name: claims.name,
      email: claims.email,
      roles: ["admin"],
      token,
      phone: claims.phone,
      demoMode: false,
      is_onboarding_completed: false,
      isPaidUser: true,
      subscriptionStatus: "active",
    };
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context).toEqual({ ...expected, expiresAt: claims.exp * 1000 });
    expect(persist).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledWith(expected);
  });

  it.each([
    ["garbage", "no-es-un-token"],
    ["an empty string", ""],
    ["an expired token", makeToken(T0, { exp: Math.floor(T0 / 1000) - 1 })],
    ["a token expiring this very second", makeToken(T0, { exp: Math.floor(T0 / 1000) })],
    ["missing claims", rawToken({ sub: "1", email: "a@b.mx" })],
    ["a non-numeric sub", makeToken(T0, { sub: "abc" })],
  ])("session.login with %s is ignored", (_name, token) => {
    const { actor, persist } = startPinned("signedOut", signedOutContext);
    const before = actor.getSnapshot();
    actor.send({ type: "session.login", token });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context).toBe(before.context);
    expect(persist).not.toHaveBeenCalled();
  });

  it.each([
    { type: "session.logout" },
    { type: "session.unauthorized" },
    { type: "session.deactivated" },
    { type: "session.profileUpdated", name: "X", phone: "1" },
    { type: "session.onboardingCompleted" },
    { type: "session.demoToggled" },
    { type: "session.subscriptionLoaded", isPaidUser: true, subscriptionStatus: "active" },
  ] as const)("$type is ignored", (event) => {
    const { actor, persist, onSignedOut } = startPinned("signedOut", signedOutContext);
    const before = actor.getSnapshot();
    actor.send(event);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context).toBe(before.context);
    expect(persist).not.toHaveBeenCalled();
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});

describe("signedIn", () => {
  const signedIn = () =>
    signedInContext({ roles: ["seller"], is_onboarding_completed: true, is_paid: true, status: "active" });

  it.each([
    ["session.logout", "logout"],
    ["session.unauthorized", "unauthorized"],
    ["session.deactivated", "deactivated"],
  ] as const)("%s clears name, email, roles and token only, persists, then calls onSignedOut", (type, reason) => {
    const context = { ...signedIn(), demoMode: false };
    const { actor, persist, onSignedOut } = startPinned("signedIn", context);
    actor.send({ type });
    const kept = {
      id: context.id,
      phone: context.phone,
      demoMode: false,
      is_onboarding_completed: true,
      isPaidUser: true,
      subscriptionStatus: "active",
    };
    const expected = { ...kept, name: null, email: null, roles: [], token: null };
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context).toEqual({ ...expected, expiresAt: null });
    expect(persist).toHaveBeenCalledExactlyOnceWith(expected);
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith({ reason });
    expect(persist.mock.invocationCallOrder[0]).toBeLessThan(onSignedOut.mock.invocationCallOrder[0] ?? 0);
  });

  it("session.profileUpdated changes name and phone at once", () => {
    const { actor, persist } = startPinned("signedIn", signedIn());
    actor.send({ type: "session.profileUpdated", name: "Lucía H.", phone: "+525599999999" });
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context).toEqual({ ...signedIn(), name: "Lucía H.", phone: "+525599999999" });
    expect(persist).toHaveBeenCalledExactlyOnceWith(
      toPersisted({ ...signedIn(), name: "Lucía H.", phone: "+525599999999" }),
    );
  });

  it("session.onboardingCompleted marks onboarding complete", () => {
    const context = signedInContext({ is_onboarding_completed: false });
    const { actor, persist } = startPinned("signedIn", context);
    actor.send({ type: "session.onboardingCompleted" });
    expect(actor.getSnapshot().context.is_onboarding_completed).toBe(true);
    expect(persist).toHaveBeenCalledExactlyOnceWith(toPersisted({ ...context, is_onboarding_completed: true }));
  });

  it("session.demoToggled toggles demo mode for an admin, both ways", () => {
    const context = signedInContext({ roles: ["admin"] });
    const { actor, persist } = startPinned("signedIn", context);
    actor.send({ type: "session.demoToggled" });
    expect(actor.getSnapshot().context.demoMode).toBe(false);
    expect(persist).toHaveBeenLastCalledWith(toPersisted({ ...context, demoMode: false }));
    actor.send({ type: "session.demoToggled" });
    expect(actor.getSnapshot().context.demoMode).toBe(true);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it.each([[["seller"]], [["buyer"]], [["seller", "buyer"]], [[]]] as const)(
    "session.demoToggled is ignored for roles %j",
    (roles) => {
      const { actor, persist } = startPinned("signedIn", signedInContext({ roles: [...roles] }));
      const before = actor.getSnapshot();
      actor.send({ type: "session.demoToggled" });
      expect(actor.getSnapshot().context).toBe(before.context);
      expect(persist).not.toHaveBeenCalled();
    },
  );

  it("session.subscriptionLoaded caches the subscription", () => {
    const context = signedInContext();
    const { actor, persist } = startPinned("signedIn", context);
    actor.send({ type: "session.subscriptionLoaded", isPaidUser: true, subscriptionStatus: "canceled" });
    expect(actor.getSnapshot().context).toMatchObject({ isPaidUser: true, subscriptionStatus: "canceled" });
    expect(persist).toHaveBeenCalledExactlyOnceWith(
      toPersisted({ ...context, isPaidUser: true, subscriptionStatus: "canceled" }),
    );
  });

  it("session.login with another valid token replaces the session", () => {
    const { actor, persist } = startPinned("signedIn", { ...signedIn(), demoMode: false });
    const token = makeToken(T0 + 1000, { sub: "8", roles: ["buyer"], name: "Otro", email: "otro@example.mx" });
    actor.send({ type: "session.login", token });
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context).toMatchObject({
      id: 8,
      name: "Otro",
      roles: ["buyer"],
      token,
      demoMode: false,
      isPaidUser: false,
      subscriptionStatus: "free",
    });
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it("session.login with garbage keeps the current session", () => {
    const { actor, persist } = startPinned("signedIn", signedIn());
    const before = actor.getSnapshot();
    actor.send({ type: "session.login", token: "basura" });
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context).toBe(before.context);
    expect(persist).not.toHaveBeenCalled();
  });
});
