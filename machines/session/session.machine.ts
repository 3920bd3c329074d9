/**
 * The session lifecycle of Puente (spec sections 3, 4 and 6).
 *
 * Why each piece exists:
 * - `restoring` is a transient start state: the app restores the stored session
 *   (`input.persisted`) at `input.now`; the guard `hasLiveToken` sends it to
 *   `signedIn` only if the stored token decodes and has not expired by then,
 *   otherwise to `signedOut` with the credentials cleared. It is never a
 *   resting state.
 * - `signedOut` / `signedIn`: "signed in means a token is present". Only
 *   `session.login` with a usable token (decodes, numeric `sub`, not expired)
 *   signs in; anything else is ignored.
 * - Signing out (`session.logout`, `session.unauthorized` after an API 401, and
 *   the `untilExpiry` timer) clears name, email, roles and token only; id,
 *   phone, onboarding, demo mode and subscription stay (spec section 4). The
 *   action `onSignedOut` gets the reason so the app can navigate to
 *   /iniciar-sesion and close menus.
 * - `untilExpiry` is a named delay (`exp - Date.now()`, clamped to 0 and to the
 *   largest timer browsers and Node accept). When it fires and the token has
 *   really expired (guard `hasExpired`), the session ends with reason
 *   `'expired'`; if the clamp cut it short (a token living more than ~24.8
 *   days), the state re-enters and the timer starts again.
 * - `persist` runs after every context change with the persisted fields
 *   (`toPersisted`), so the app's localStorage writer never reads context.
 *   `persist` and `onSignedOut` are no-ops here: the app supplies them with
 *   `sessionMachine.provide({ actions: { persist, onSignedOut } })`; tests
 *   swap guards and delays the same way.
 * - `isAdmin` guards the Incognito (demo) toggle: only admins may toggle it.
 *
 * The machine imports nothing from the app or the server, so it can be
 * tested alone and inspected (`createActor(machine, { inspect })`).
 */
import { assign, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import { toPersisted, type PersistedSession } from "./persisted.ts";
import { readLiveToken } from "./token.ts";

export type SignOutReason = "logout" | "expired" | "unauthorized";

export interface SessionInput {
  /** What `restorePersistedSession` read from the browser. */
  readonly persisted: PersistedSession;
  /** The time of the restore, in ms since the epoch (usually `Date.now()`). */
  readonly now: number;
}

export type SessionContext = PersistedSession & {
  /** When the token stops being valid, in ms since the epoch; `null` without a usable token. */
  readonly expiresAt: number | null;
};

export type SessionEvent =
  | { readonly type: "session.login"; readonly token: string }
  | { readonly type: "session.logout" }
  | { readonly type: "session.unauthorized" }
  | { readonly type: "session.profileUpdated"; readonly name: string; readonly phone: string | null }
  | { readonly type: "session.onboardingCompleted" }
  | { readonly type: "session.demoToggled" }
  | {
      readonly type: "session.subscriptionLoaded";
      readonly isPaidUser: boolean;
      readonly subscriptionStatus: string;
    };

export { toPersisted };

/** Browsers and Node fire at once (or warn) when a timer is longer than this. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** What signing out clears (spec section 4); everything else stays. */
const SIGNED_OUT_CREDENTIALS = {
  name: null,
  email: null,
  roles: [],
  token: null,
  expiresAt: null,
} as const satisfies Partial<SessionContext>;

/**
 * The starting context: the stored session if its token is usable at `now`
 * (identity and roles refreshed from the claims, a name changed since login
 * kept), otherwise the stored session with the credentials cleared.
 */
export function restoreContext({ persisted, now }: SessionInput): SessionContext {
  const live = readLiveToken(persisted.token, now);
  if (live === null) return { ...persisted, ...SIGNED_OUT_CREDENTIALS };
  return {
    ...persisted,
    id: live.userId,
    email: live.claims.email,
    name: persisted.name ?? live.claims.name,
    roles: live.claims.roles,
    expiresAt: live.expiresAt,
  };
}

const persist = {
  type: "persist",
  params: ({ context }: { context: SessionContext }) => toPersisted(context),
} as const;

const signOut = (reason: SignOutReason) =>
  ["clearCredentials", persist, { type: "onSignedOut", params: { reason } }] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    /** Write the persisted fields to storage (the app provides it). */
    persist: (_, _session: PersistedSession) => {},
    /** Navigate to /iniciar-sesion, close menus, etc. (the app provides it). */
    onSignedOut: (_, _params: { reason: SignOutReason }) => {},
    signIn: assign((_, params: { token: string }) => {
      const live = readLiveToken(params.token, Date.now());
      if (live === null) return {};
      const { claims } = live;
      return {
        id: live.userId,
        name: claims.name,
        email: claims.email,
        roles: claims.roles,
        phone: claims.phone,
        is_onboarding_completed: claims.is_onboarding_completed,
        isPaidUser: claims.is_paid,
        subscriptionStatus: claims.status,
        token: params.token,
        expiresAt: live.expiresAt,
      };
    }),
    clearCredentials: assign(SIGNED_OUT_CREDENTIALS),
    updateProfile: assign((_, params: { name: string; phone: string | null }) => ({
      name: params.name,
      phone: params.phone,
    })),
    completeOnboarding: assign({ is_onboarding_completed: true }),
    toggleDemoMode: assign(({ context }) => ({ demoMode: !context.demoMode })),
    cacheSubscription: assign((_, params: { isPaidUser: boolean; subscriptionStatus: string }) => ({
      isPaidUser: params.isPaidUser,
      subscriptionStatus: params.subscriptionStatus,
    })),
  },
  guards: {
    /** The restored context kept a token usable at `input.now` (see `restoreContext`). */
    hasLiveToken: ({ context }) => context.token !== null && context.expiresAt !== null,
    /** The token in a login event decodes, names a user and has not expired. */
    isUsableToken: (_, params: { token: string }) => readLiveToken(params.token, Date.now()) !== null,
    hasExpired: ({ context }) => context.expiresAt === null || context.expiresAt <= Date.now(),
    isAdmin: ({ context }) => context.roles.includes("admin"),
  },
  delays: {
    untilExpiry: ({ context }) =>
      Math.min(MAX_TIMER_DELAY, Math.max(0, (context.expiresAt ?? 0) - Date.now())),
  },
}).createMachine({
  id: "session",
  context: ({ input }) => restoreContext(input),
  initial: "restoring",
  states: {
    restoring: {
      always: [
        { guard: "hasLiveToken", target: "signedIn", actions: [persist] },
        { target: "signedOut", actions: [persist] },
      ],
    },
    signedOut: {
      on: {
        "session.login": {
          guard: { type: "isUsableToken", params: ({ event }) => ({ token: event.token }) },
          target: "signedIn",
          actions: [{ type: "signIn", params: ({ event }) => ({ token: event.token }) }, persist],
        },
      },
    },
    signedIn: {
      after: {
        untilExpiry: [
          { guard: "hasExpired", target: "signedOut", actions: signOut("expired") },
          // The timer was clamped short of `exp`: start it again.
          { target: "signedIn", reenter: true },
        ],
      },
      on: {
        // Another account signs in over this one: replace it and restart the timer.
        "session.login": {
          guard: { type: "isUsableToken", params: ({ event }) => ({ token: event.token }) },
          target: "signedIn",
          reenter: true,
          actions: [{ type: "signIn", params: ({ event }) => ({ token: event.token }) }, persist],
        },
        "session.logout": { target: "signedOut", actions: signOut("logout") },
        "session.unauthorized": { target: "signedOut", actions: signOut("unauthorized") },
        "session.profileUpdated": {
          actions: [
            { type: "updateProfile", params: ({ event }) => ({ name: event.name, phone: event.phone }) },
            persist,
          ],
        },
        "session.onboardingCompleted": { actions: ["completeOnboarding", persist] },
        "session.demoToggled": { guard: "isAdmin", actions: ["toggleDemoMode", persist] },
        "session.subscriptionLoaded": {
          actions: [
            {
              type: "cacheSubscription",
              params: ({ event }) => ({
                isPaidUser: event.isPaidUser,
                subscriptionStatus: event.subscriptionStatus,
              }),
            },
            persist,
          ],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
