import { useEffect, useRef } from "react";
import { SESSION_STORAGE_KEY } from "../../../../machines/session/selectors.ts";
import { useSession } from "../../../lib/session.tsx";
import { useSubscription } from "./use-subscription.ts";

interface Plan {
  readonly isPaidUser: boolean;
  readonly subscriptionStatus: string | null;
}

/** The plan another tab stored with its session, or null when the stored value says none. */
function storedPlan(json: string): Plan | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null) return null;
    const isPaidUser: unknown = Reflect.get(parsed, "isPaidUser");
    const status: unknown = Reflect.get(parsed, "subscriptionStatus");
    return typeof isPaidUser === "boolean" ? { isPaidUser, subscriptionStatus: typeof status === "string" ? status : null } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the signed-in user's plan fresh on a page whose controls depend on
 * it ('KYB básico'): asks the server for the subscription when the page
 * mounts, when the tab comes back into view, and when another tab of the
 * app stores a different plan (the user paid there: /pago-exitoso updated
 * that tab's session). The answer updates the session (`isPaidUser`,
 * through the subscription actor's `notifySession`), so whatever reads it
 * follows without a reload.
 */
export function useFreshPlan(): void {
  const { send } = useSubscription();
  const session = useSession();
  const known = useRef<Plan>(session);
  useEffect(() => {
    known.current = { isPaidUser: session.isPaidUser, subscriptionStatus: session.subscriptionStatus };
  }, [session.isPaidUser, session.subscriptionStatus]);

  useEffect(() => {
    const refresh = () => send({ type: "subscription.refresh" });
    // Starts the actor (which fetches) or, if it already runs, fetches again.
    refresh();
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY || event.newValue === null) return;
      const other = storedPlan(event.newValue);
      // Only a plan that differs from this tab's: the fetch's own write cannot start another round.
      if (other !== null && (other.isPaidUser !== known.current.isPaidUser || other.subscriptionStatus !== known.current.subscriptionStatus)) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("storage", onStorage);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("storage", onStorage);
    };
  }, [send]);
}
