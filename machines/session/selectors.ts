import type { Role } from "../../contracts/sessions.ts";
import type { SessionSnapshot } from "./session.machine.ts";

/** Everything the views need from the session; components never read context. */
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

const views = new WeakMap<SessionSnapshot, SessionView>();

/** Pure: the same snapshot always gives the same (cached) view object. */
export function selectSession(snapshot: SessionSnapshot): SessionView {
  const cached = views.get(snapshot);
  if (cached !== undefined) return cached;
  const { context } = snapshot;
  const isSignedIn = snapshot.matches("signedIn");
  const roles = isSignedIn ? context.roles : [];
  const isAdmin = roles.includes("admin");
  const isSeller = roles.includes("seller");
  const isBuyer = roles.includes("buyer");
  const view: SessionView = {
    isSignedIn,
    id: context.id,
    name: context.name,
    email: context.email,
    phone: context.phone,
    roles,
    isAdmin,
    isSeller,
    isBuyer,
    showOnboardingDot: isSignedIn && !isBuyer && !context.is_onboarding_completed,
    demoMode: context.demoMode,
    isPaidUser: context.isPaidUser,
    subscriptionStatus: context.subscriptionStatus,
    token: isSignedIn ? context.token : null,
  };
  views.set(snapshot, view);
  return view;
}
