import { vi } from "vitest";
import { createActor } from "xstate";
import { DEFAULT_PERSISTED_SESSION, type PersistedSession, type SessionContext } from "../../../machines/session/selectors.ts";
import { sessionMachine, type SessionInput, type SignOutReason } from "../../../machines/session/session.machine.ts";
import { claimsFor, makeToken } from "./jwt.ts";

/** A fixed "now" for every machine test (fake timers set the clock to it). */
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

/** The machine with spies for the two actions the app provides. */
export function spiedMachine() {
  const persist = vi.fn<(session: PersistedSession) => void>();
  const onSignedOut = vi.fn<(params: { reason: SignOutReason }) => void>();
  const machine = sessionMachine.provide({
    actions: {
      persist: (_, session) => persist(session),
      onSignedOut: (_, params) => onSignedOut(params),
    },
  });
  return { machine, persist, onSignedOut };
}

/** Starts the spied machine the way the app does: from what was stored. */
export function startFromStorage(persisted: PersistedSession, now = T0) {
  const spies = spiedMachine();
  const input: SessionInput = { persisted, now };
  const actor = createActor(spies.machine, { input });
  actor.start();
  return { ...spies, actor };
}

/** Starts the spied machine pinned to `value` with `context`, without running entry actions. */
export function startPinned(value: "signedIn" | "signedOut", context: SessionContext) {
  const spies = spiedMachine();
  const snapshot = spies.machine.resolveState({ value, context });
  const actor = createActor(spies.machine, { snapshot, input: { persisted: DEFAULT_PERSISTED_SESSION, now: T0 } });
  actor.start();
  return { ...spies, actor };
}

/** The context right after a seller (by default) signed in at T0 with a one-hour token. */
export function signedInContext(overrides: Parameters<typeof claimsFor>[1] = {}): SessionContext {
  const claims = claimsFor(T0, overrides);
  return {
    id: Number(claims.sub),
    name: claims.name,
    email: claims.email,
    roles: claims.roles,
    token: makeToken(T0, overrides),
    phone: claims.phone,
    demoMode: true,
    is_onboarding_completed: claims.is_onboarding_completed,
    isPaidUser: claims.is_paid,
    subscriptionStatus: claims.status,
    expiresAt: claims.exp * 1000,
  };
}

export const signedOutContext: SessionContext = { ...DEFAULT_PERSISTED_SESSION, expiresAt: null };
