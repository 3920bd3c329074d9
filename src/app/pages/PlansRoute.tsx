import { useSearch } from "wouter";
import { useHydrated } from "../../hooks/useHydrated.ts";
import PlansPage from "../../features/public-site/components/PlansPage.tsx";
import { usePlans } from "../../features/subscriptions/api/plans-query.ts";
import { useChoosePlan } from "../../features/subscriptions/components/use-choose-plan.ts";

/** /planes: the public plans page with the server's prices, each button starting that plan's checkout. */
export default function PlansRoute() {
  const plans = usePlans();
  const { choose, pending } = useChoosePlan();
  // The prerendered page has no query string: the chosen plan shows once hydrated.
  const hydrated = useHydrated();
  const search = useSearch();
  const chosen = hydrated ? new URLSearchParams(search).get("plan") : null;
  // Only a plan of the table resumes (an unknown id finds none).
  const resumePlan = chosen === null ? undefined : plans.data?.find((plan) => plan.id === chosen);
  return <PlansPage plans={plans.data} queries={[plans]} onChoose={choose} pendingPlan={pending} resumePlan={resumePlan} />;
}
