import { useSearch } from "wouter";
import type { PlanId } from "../../../../contracts/subscriptions.ts";
import { useHydrated } from "../../../hooks/useHydrated.ts";
import PlansPage, { type CurrentPlan } from "../../../features/public-site/components/PlansPage.tsx";
import { usePlans } from "../../../features/subscriptions/api/plans-query.ts";
import { useChoosePlan } from "../../../features/subscriptions/components/use-choose-plan.ts";

export interface PlansProps {
  readonly current: CurrentPlan | null;
  readonly onResume?: () => void;
  readonly onSchedule?: (plan: PlanId) => void;
  readonly onKeep?: () => void;
  readonly isScheduling?: boolean;
  /** After the period ends: the plan chosen for then, offered to pay (like a plan chosen before logging in). */
  readonly chosenForNow?: PlanId | null;
}

/** The plans page as a visitor sees it; the signed-in person's plan (./SignedInPlans.tsx) comes in through the props. */
export function Plans({ current, onResume, onSchedule, onKeep, isScheduling = false, chosenForNow = null }: PlansProps) {
  const plans = usePlans();
  const { choose, pending } = useChoosePlan();
  // The prerendered page has no query string: the chosen plan shows once hydrated.
  const hydrated = useHydrated();
  const search = useSearch();
  const chosen = hydrated ? (new URLSearchParams(search).get("plan") ?? chosenForNow) : null;
  // Only a plan of the table resumes (an unknown id finds none).
  const resumePlan = chosen === null ? undefined : plans.data?.find((plan) => plan.id === chosen);
  return (
    <PlansPage
      plans={plans.data}
      queries={[plans]}
      onChoose={choose}
      pendingPlan={pending}
      resumePlan={resumePlan}
      current={current}
      isScheduling={isScheduling}
      {...(onResume === undefined ? {} : { onResume })}
      {...(onSchedule === undefined ? {} : { onSchedule })}
      {...(onKeep === undefined ? {} : { onKeep })}
    />
  );
}
