import { useState } from "react";
import { useLocation } from "wouter";
import type { PlanId } from "../../../../contracts/subscriptions.ts";
import { selectSession } from "../../../../machines/session/selectors.ts";
import { useSession, useSessionLoad, useSessionReady } from "../../../lib/session.tsx";
import { toastApiError } from "../../../lib/toast.ts";
import { loginPathFor } from "../../../utils/safe-redirect.ts";
import { useCreateCheckoutSession } from "../api/checkout-mutation.ts";

/** The plans page with a plan chosen: where a visitor comes back to after logging in or signing up. */
export const plansPathFor = (plan: PlanId): string => `/planes?plan=${plan}`;

export interface ChoosePlan {
  /** Starts paying for `plan`: a visitor logs in first and comes back to the same plan. */
  readonly choose: (plan: PlanId) => void;
  /** The plan whose checkout is being prepared, if any. */
  readonly pending: PlanId | null;
}

/**
 * Choosing a plan (spec section 2): the checkout opens in a new tab. The tab
 * is opened at once, inside the click, and pointed at the checkout when its
 * address arrives: a tab opened after an await is blocked as a pop-up.
 */
export function useChoosePlan(): ChoosePlan {
  const [, navigate] = useLocation();
  const loadSession = useSessionLoad();
  const checkout = useCreateCheckoutSession();
  const [pending, setPending] = useState<PlanId | null>(null);

  const session = useSession();
  const sessionReady = useSessionReady();

  const choose = (plan: PlanId) => {
    if (pending !== null) return;
    // Known to be signed out: log in (or sign up) first, then back to this plan.
    if (sessionReady && !session.isSignedIn) {
      navigate(loginPathFor(plansPathFor(plan)));
      return;
    }
    const tab = window.open("about:blank", "_blank");
    // The checkout page must not reach back into ours.
    if (tab !== null) tab.opener = null;
    setPending(plan);
    void (async () => {
      try {
        // A stored session may still be loading: ask the actor itself.
        if (!selectSession((await loadSession()).getSnapshot()).isSignedIn) {
          tab?.close();
          navigate(loginPathFor(plansPathFor(plan)));
          return;
        }
        const { checkout_url } = await checkout.mutateAsync(plan);
        if (tab === null) window.location.assign(checkout_url);
        else tab.location.href = checkout_url;
      } catch (error) {
        tab?.close();
        toastApiError(error);
      } finally {
        setPending(null);
      }
    })();
  };

  return { choose, pending };
}
