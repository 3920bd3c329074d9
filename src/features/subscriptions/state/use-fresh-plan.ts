import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { subscriptionKeys } from "../api/subscription-keys.ts";
import { useSubscription, type SubscriptionView } from "./use-subscription.ts";

/** The tabs of one browser tell each other here that the plan changed (issue 27). */
export const PLAN_CHANNEL = "puente-plan";

/** What tells two tabs' plans apart; null while only the session's cache is known. */
export function planSignature(view: SubscriptionView | null): string | null {
  if (view === null || view.fromCache) return null;
  return JSON.stringify([view.isPaid, view.planId, view.isCancelled, view.accessUntil, view.periodEnd, view.scheduledPlanId]);
}

/**
 * Keeps every open tab of the signed-in person in step with their plan
 * (mounted once for the whole app while signed in, src/app/App.tsx):
 * - when what this tab knows of the plan changes (paid on /pago-exitoso,
 *   cancelled, resumed, or an answer from the server), it says so on a
 *   `BroadcastChannel`; another tab that knows something else asks the
 *   server at once, so it follows within the time of one request;
 * - a tab coming back into view asks the server too (a change made
 *   elsewhere, e.g. in Stripe's portal or by an admin);
 * - Historial is fetched again after a change.
 * The answer updates the session (`isPaidUser`), so KYB and Historial enable
 * or disable without a reload. Two tabs that agree stop there: a message
 * equal to what a tab knows is ignored.
 */
export function usePlanSync(): void {
  const { subscription, send } = useSubscription();
  const queryClient = useQueryClient();
  const signature = planSignature(subscription);
  const known = useRef<string | null>(signature);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const refresh = () => send({ type: "subscription.refresh" });
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    if (typeof BroadcastChannel !== "undefined") {
      const opened = new BroadcastChannel(PLAN_CHANNEL);
      opened.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data === "string" && event.data !== known.current) refresh();
      };
      channel.current = opened;
    }
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      channel.current?.close();
      channel.current = null;
    };
  }, [send]);

  useEffect(() => {
    const previous = known.current;
    known.current = signature;
    if (signature === null || signature === previous) return;
    channel.current?.postMessage(signature);
    // The first answer is no change; a later one may have added or ended a payment.
    if (previous !== null) void queryClient.invalidateQueries({ queryKey: subscriptionKeys.payments() });
  }, [signature, queryClient]);
}

/**
 * A page whose controls depend on the plan ('KYB básico', the plans page)
 * asks the server when it mounts: what the session cached may be old.
 * Other tabs' changes reach it through `usePlanSync`.
 */
export function useFreshPlan(): void {
  const { send } = useSubscription();
  useEffect(() => {
    // Starts the actor (which fetches) or, if it already runs, fetches again.
    send({ type: "subscription.refresh" });
  }, [send]);
}
