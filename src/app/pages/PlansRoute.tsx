import { useSearch } from "wouter";
import { PLAN_IDS, type PlanId } from "../../../contracts/subscriptions.ts";
import PlansPage from "../../features/public-site/components/PlansPage.tsx";
import { usePlans } from "../../features/subscriptions/api/get-plans.ts";
import { useChoosePlan } from "../../features/subscriptions/components/use-choose-plan.ts";

const isPlanId = (value: string | null): value is PlanId => PLAN_IDS.some((id) => id === value);

/** /planes: the public plans page with the server's prices, each button starting that plan's checkout. */
export default function PlansRoute() {
  const plans = usePlans();
  const { choose, pending } = useChoosePlan();
  const chosen = new URLSearchParams(useSearch()).get("plan");
  const resumePlan = isPlanId(chosen) ? plans.data?.find((plan) => plan.id === chosen) : undefined;
  return <PlansPage plans={plans.data} queries={[plans]} onChoose={choose} pendingPlan={pending} resumePlan={resumePlan} />;
}
