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
 * - Signing out (`session.logout`, `session.unauthorized` after an API 401,
 *   `session.deactivated` when the API says the account was deactivated, and
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
 *   (`toPersisted`), so the app's localStorage writer never reads context;
 *   `restorePersistedSession` reads them back (Effect Schema), and anything
 *   that does not decode restores as signed out.
 *   `persist` and `onSignedOut` are no-ops here: the app supplies them with
 *   `sessionMachine.provide({ actions: { persist, onSignedOut } })`; tests
 *   swap guards and delays the same way.
 * - `isAdmin` guards the Incognito (demo) toggle: only admins may toggle it.
 *
 * The machine imports nothing from the app or the server, so it can be
 * tested alone and inspected (`createActor(machine, { inspect })`). The
 * signed-out context and the views derived from the context live in
 * ./selectors.ts, which loads without XState or Effect.
 */
import { Either, Schema } from "effect";
import { assign, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import type { SessionClaims } from "../../contracts/sessions.ts";
import { Role } from "../../contracts/sessions.ts";
import { decodeTokenClaims } from "./claims.ts";
import { DEFAULT_PERSISTED_SESSION, SIGNED_OUT_CREDENTIALS, type PersistedSession, type SessionContext } from "./selectors.ts";

// ---------------------------------------------------------------------------
// What the browser keeps between visits
// ---------------------------------------------------------------------------

const defaults = DEFAULT_PERSISTED_SESSION;

/**
 * Decodes what the browser kept (`PersistedSession`, spec section 3). Missing
 * keys take their defaults, so data written by an older version still loads.
 */
const PersistedSessionSchema = Schema.Struct({
  id: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => defaults.id }),
  name: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => defaults.name }),
  email: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => defaults.email }),
  roles: Schema.optionalWith(Schema.Array(Role), { default: () => defaults.roles }),
  token: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => defaults.token }),
  phone: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => defaults.phone }),
  demoMode: Schema.optionalWith(Schema.Boolean, { default: () => defaults.demoMode }),
  is_onboarding_completed: Schema.optionalWith(Schema.Boolean, { default: () => defaults.is_onboarding_completed }),
  isPaidUser: Schema.optionalWith(Schema.Boolean, { default: () => defaults.isPaidUser }),
  subscriptionStatus: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => defaults.subscriptionStatus }),
});

/**
 * Only the persisted fields of `session` (e.g. the machine context without
 * `expiresAt`): what the `persist` action receives and storage keeps.
 */
export function toPersisted(session: PersistedSession): PersistedSession {
  return {
    id: session.id,
    name: session.name,
    email: session.email,
    roles: session.roles,
    token: session.token,
    phone: session.phone,
    demoMode: session.demoMode,
    is_onboarding_completed: session.is_onboarding_completed,
    isPaidUser: session.isPaidUser,
    subscriptionStatus: session.subscriptionStatus,
  };
}

const decodePersisted = Schema.decodeUnknownEither(PersistedSessionSchema);

/**
 * Decodes what was stored (the object, or the JSON string as read from
 * localStorage). Anything that does not decode gives the defaults (signed
 * out), never an exception.
 */
export function restorePersistedSession(raw: unknown): PersistedSession {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return DEFAULT_PERSISTED_SESSION;
    }
  }
  const decoded = decodePersisted(value);
  return Either.isRight(decoded) ? decoded.right : DEFAULT_PERSISTED_SESSION;
}

// ---------------------------------------------------------------------------
// The access token, as the client reads it
// ---------------------------------------------------------------------------

// Claims decoding lives in ./claims.ts (no XState), so a page can read a
// fresh token's claims without loading the machine.
export { decodeTokenClaims };

/** A token that decodes, names a numeric user and has not expired yet. */
export interface LiveToken {
  readonly claims: SessionClaims;
  /** `Number(sub)`. */
  readonly userId: number;
  /** `exp` in milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** `token` as a usable session at time `now` (ms), or `null` if it is not one. */
export function readLiveToken(token: string | null, now: number): LiveToken | null {
  if (token === null) return null;
  const claims = decodeTokenClaims(token);
  if (claims === null || !/^\d+$/.test(claims.sub)) return null;
  const userId = Number(claims.sub);
  const expiresAt = claims.exp * 1000;
  if (!Number.isSafeInteger(userId) || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { claims, userId, expiresAt };
}

/**
 * What a login with `token` puts in the context (everything but the Incognito
 * toggle), or null if the token is not usable at `now`. The end-to-end tests
 * store the same session after logging in through the API.
 */
export function signedInContext(token: string, now: number): Omit<SessionContext, "demoMode"> | null {
  const live = readLiveToken(token, now);
  if (live === null) return null;
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
    token,
    expiresAt: live.expiresAt,
  };
}

// ---------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------

/** Why a session ended: the person logged out, the token expired, the API refused it, or the account was deactivated (the app says so on the login page). */
export type SignOutReason = "logout" | "expired" | "unauthorized" | "deactivated";

export interface SessionInput {
  /** What `restorePersistedSession` read from the browser. */
  readonly persisted: PersistedSession;
  /** The time of the restore, in ms since the epoch (usually `Date.now()`). */
  readonly now: number;
}

export type SessionEvent =
  | { readonly type: "session.login"; readonly token: string }
  | { readonly type: "session.logout" }
  | { readonly type: "session.unauthorized" }
  /** The API said the account is deactivated (a 401 or 403 with AUTH_MESSAGES.deactivated). */
  | { readonly type: "session.deactivated" }
  | { readonly type: "session.profileUpdated"; readonly name: string; readonly phone: string | null }
  | { readonly type: "session.onboardingCompleted" }
  | { readonly type: "session.demoToggled" }
  | {
      readonly type: "session.subscriptionLoaded";
      readonly isPaidUser: boolean;
      readonly subscriptionStatus: string;
    };

/** Browsers and Node fire at once (or warn) when a timer is longer than this. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

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
    /** Tell the server the session ended, so the token stops working at once (the app provides it). */
    revokeSession: (_, _params: { token: string | null }) => {},
    signIn: assign((_, params: { token: string }) => signedInContext(params.token, Date.now()) ?? {}),
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
        "session.logout": {
          target: "signedOut",
          // Before the credentials are cleared: the server needs the token that ends.
          actions: [{ type: "revokeSession", params: ({ context }) => ({ token: context.token }) }, ...signOut("logout")],
        },
        "session.unauthorized": { target: "signedOut", actions: signOut("unauthorized") },
        "session.deactivated": { target: "signedOut", actions: signOut("deactivated") },
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
