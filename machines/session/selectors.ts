/**
 * The session machine's context (its shape and its signed-out value) and the
 * selectors that turn it into what the views need; components never read
 * context.
 *
 * This module imports nothing at run time (types only), so it can sit in the
 * app's entry without XState or Effect: public pages render the signed-out
 * view before the session actor loads. That is why the signed-out context
 * lives here and not in ./session.machine.ts: the machine starts from it
 * when nothing usable is stored and clears back to it, and `SIGNED_OUT_VIEW`
 * is this module's selector applied to it, so the view shown before the actor
 * loads cannot drift from the one the machine gives.
 */
import type { Role } from "../../contracts/sessions.ts";
import type { SessionSnapshot } from "./session.machine.ts";

/**
 * What the browser keeps of the session between visits (spec section 3).
 * Identity and credentials are `null` (roles empty) while signed out. The
 * machine decodes it with the `PersistedSession` schema.
 */
export interface PersistedSession {
  readonly id: number | null;
  readonly name: string | null;
  readonly email: string | null;
  readonly roles: ReadonlyArray<Role>;
  readonly token: string | null;
  readonly phone: string | null;
  readonly demoMode: boolean;
  readonly is_onboarding_completed: boolean;
  readonly isPaidUser: boolean;
  readonly subscriptionStatus: string | null;
}

/** localStorage key of the persisted session (spec section 3). */
export const SESSION_STORAGE_KEY = "puente.session";

export type SessionContext = PersistedSession & {
  /** When the token stops being valid, in ms since the epoch; `null` without a usable token. */
  readonly expiresAt: number | null;
};

/** What a visitor who never signed in has stored: demo mode on, onboarding incomplete. */
export const DEFAULT_PERSISTED_SESSION: PersistedSession = {
  id: null,
  name: null,
  email: null,
  roles: [],
  token: null,
  phone: null,
  demoMode: true,
  is_onboarding_completed: false,
  isPaidUser: false,
  subscriptionStatus: null,
};

/** What signing out clears (spec section 4); everything else stays. */
export const SIGNED_OUT_CREDENTIALS = {
  name: null,
  email: null,
  roles: [],
  token: null,
  expiresAt: null,
} as const satisfies Partial<SessionContext>;

/** The machine's starting context when nothing usable is stored. */
export const SIGNED_OUT_CONTEXT: SessionContext = { ...DEFAULT_PERSISTED_SESSION, ...SIGNED_OUT_CREDENTIALS };

/** Everything the views need from the session. */
export interface SessionView {
  readonly isSignedIn: boolean;
  readonly id: number | null;
  readonly name: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly roles: ReadonlyArray<Role>;
  readonly isAdmin: boolean;
  readonly isSeller: boolean;
  readonly isBuyer: boolean;
  /** Spec section 6: admin and seller "if incomplete", buyer never. */
  readonly showOnboardingDot: boolean;
  readonly demoMode: boolean;
  readonly isPaidUser: boolean;
  readonly subscriptionStatus: string | null;
  /** The bearer token for API calls, `null` while signed out. */
  readonly token: string | null;
}

/** Pure: the view of a context, in the `signedIn` state or not. */
export function viewOf(context: SessionContext, isSignedIn: boolean): SessionView {
  const roles = isSignedIn ? context.roles : [];
  const isBuyer = roles.includes("buyer");
  return {
    isSignedIn,
    id: context.id,
    name: context.name,
    email: context.email,
    phone: context.phone,
    roles,
    isAdmin: roles.includes("admin"),
    isSeller: roles.includes("seller"),
    isBuyer,
    showOnboardingDot: isSignedIn && !isBuyer && !context.is_onboarding_completed,
    demoMode: context.demoMode,
    isPaidUser: context.isPaidUser,
    subscriptionStatus: context.subscriptionStatus,
    token: isSignedIn ? context.token : null,
  };
}

/** The view of a visitor with nothing stored, before (or without) the actor. */
export const SIGNED_OUT_VIEW: SessionView = viewOf(SIGNED_OUT_CONTEXT, false);

const views = new WeakMap<SessionSnapshot, SessionView>();

/** Pure: the same snapshot always gives the same (cached) view object. */
export function selectSession(snapshot: SessionSnapshot): SessionView {
  let view = views.get(snapshot);
  if (view === undefined) {
    view = viewOf(snapshot.context, snapshot.matches("signedIn"));
    views.set(snapshot, view);
  }
  return view;
}
