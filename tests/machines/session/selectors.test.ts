import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../contracts/sessions.ts";
import { selectSession, SIGNED_OUT_CONTEXT, SIGNED_OUT_VIEW, viewOf } from "../../../machines/session/selectors.ts";
import { sessionMachine } from "../../../machines/session/session.machine.ts";
import { T0, signedInContext, signedOutContext } from "./harness.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const signedIn = (roles: Role[], is_onboarding_completed = false) =>
  sessionMachine.resolveState({ value: "signedIn", context: signedInContext({ roles, is_onboarding_completed }) });

describe("selectSession", () => {
  it("describes a signed-out visitor", () => {
    const snapshot = sessionMachine.resolveState({
      value: "signedOut",
      context: { ...signedOutContext, id: 42, phone: "+5255", isPaidUser: true, subscriptionStatus: "active" },
    });
    expect(selectSession(snapshot)).toEqual({
      isSignedIn: false,
      id: 42,
      name: null,
      email: null,
      phone: "+5255",
      roles: [],
      isAdmin: false,
      isSeller: false,
      isBuyer: false,
      showOnboardingDot: false,
      demoMode: true,
      isPaidUser: true,
      subscriptionStatus: "active",
      token: null,
    });
  });

  it("describes a signed-in seller", () => {
    const snapshot = signedIn(["seller"]);
    const { context } = snapshot;
    expect(selectSession(snapshot)).toEqual({
      isSignedIn: true,
      id: 42,
      name: context.name,
      email: context.email,
      phone: context.phone,
      roles: ["seller"],
      isAdmin: false,
      isSeller: true,
      isBuyer: false,
      showOnboardingDot: true,
      demoMode: true,
      isPaidUser: false,
      subscriptionStatus: "free",
      token: context.token,
    });
  });

  it.each([
    [["admin"], false, true],
    [["admin"], true, false],
    [["seller"], false, true],
    [["seller"], true, false],
    [["buyer"], false, false],
    [["buyer"], true, false],
    [["seller", "buyer"], false, false],
  ] as const)("roles %j, onboarding complete %s: red dot %s (spec section 6)", (roles, complete, dot) => {
    expect(selectSession(signedIn([...roles], complete)).showOnboardingDot).toBe(dot);
  });

  it("flags each role", () => {
    expect(selectSession(signedIn(["admin"]))).toMatchObject({ isAdmin: true, isSeller: false, isBuyer: false });
    expect(selectSession(signedIn(["buyer"]))).toMatchObject({ isAdmin: false, isSeller: false, isBuyer: true });
  });

  it("gives the same object for the same snapshot", () => {
    const snapshot = signedIn(["admin"]);
    expect(selectSession(snapshot)).toBe(selectSession(snapshot));
  });

  it("is viewOf(context, state is signedIn)", () => {
    const snapshot = signedIn(["buyer"]);
    expect(selectSession(snapshot)).toEqual(viewOf(snapshot.context, true));
  });
});

describe("SIGNED_OUT_VIEW (what pages show before the session actor loads)", () => {
  it("is the selector applied to the signed-out context a visitor with nothing stored starts from", () => {
    expect(SIGNED_OUT_CONTEXT).toEqual(signedOutContext);
    expect(SIGNED_OUT_VIEW).toEqual(selectSession(sessionMachine.resolveState({ value: "signedOut", context: signedOutContext })));
    expect(SIGNED_OUT_VIEW).toEqual({
      isSignedIn: false,
      id: null,
      name: null,
      email: null,
      phone: null,
      roles: [],
      isAdmin: false,
      isSeller: false,
      isBuyer: false,
      showOnboardingDot: false,
      demoMode: true,
      isPaidUser: false,
      subscriptionStatus: null,
      token: null,
    });
  });
});
