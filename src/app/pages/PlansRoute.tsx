import { lazy, Suspense } from "react";
import { useHydrated } from "../../hooks/useHydrated.ts";
import { useSession, useSessionReady } from "../../lib/session.tsx";
import { Plans } from "./plans/Plans.tsx";

// The subscription machine and the API client load only for a signed-in person (decision 045).
const SignedInPlans = lazy(() => import("./plans/SignedInPlans.tsx"));

/** /planes: the public plans page with the server's prices, each button starting that plan's checkout; the plan the person has, marked. */
export default function PlansRoute() {
  const session = useSession();
  // The subscription's actor hangs off the session's: wait until that is loaded.
  const sessionReady = useSessionReady(true);
  const hydrated = useHydrated();
  // The prerendered page (and a visitor) shows every plan to choose; the subscription needs the loaded session.
  if (!(hydrated && sessionReady && session.isSignedIn)) return <Plans current={null} />;
  // While the signed-in part loads, the plans show with their buttons waiting (nothing known of the person's plan yet).
  return (
    <Suspense fallback={<Plans current={null} isScheduling />}>
      <SignedInPlans />
    </Suspense>
  );
}
