import type { Plan } from "../../../../contracts/subscriptions.ts";
import { formatAccessDate } from "../../../../machines/subscription/selectors.ts";
import type { CurrentPlan } from "../../../features/public-site/components/PlansPage.tsx";
import { usePlans } from "../../../features/subscriptions/api/plans-query.ts";
import { useFreshPlan } from "../../../features/subscriptions/state/use-fresh-plan.ts";
import { useSubscription, type SubscriptionView } from "../../../features/subscriptions/state/use-subscription.ts";
import { Plans } from "./Plans.tsx";

/**
 * /planes signed in: the plan the person has, asked for and marked. Its own
 * chunk (the subscription machine, XState, the API client), loaded only for
 * a signed-in person: a visitor's /planes stays light.
 */

/** The signed-in person's paid plan as the page marks it; null for the free plan, or while only the cache is known. */
function currentPlanOf(subscription: SubscriptionView | null, plans: ReadonlyArray<Plan> | undefined): CurrentPlan | null {
  if (subscription === null || !subscription.isPaid || subscription.planId === null || subscription.planNickname === null) return null;
  const until = subscription.isCancelled ? subscription.accessUntil : subscription.periodEnd;
  const scheduled = plans?.find((plan) => plan.id === subscription.scheduledPlanId);
  return {
    planId: subscription.planId,
    nickname: subscription.planNickname,
    paidUntil: until === null ? null : formatAccessDate(until),
    isCancelled: subscription.isCancelled,
    // While the plan is asked for again (on arriving here), its buttons wait: the machine takes no request meanwhile.
    isResuming: subscription.isResuming || subscription.isLoading,
    scheduled: scheduled === undefined ? null : { planId: scheduled.id, nickname: scheduled.nickname },
  };
}

export default function SignedInPlans() {
  useFreshPlan();
  const { subscription, send } = useSubscription();
  const plans = usePlans();
  // The machine makes the request and keeps the answer; the other tabs hear of it (usePlanSync).
  return (
    <Plans
      current={currentPlanOf(subscription, plans.data)}
      onResume={() => send({ type: "subscription.resumeRequested" })}
      onSchedule={(plan) => send({ type: "subscription.changeScheduled", plan })}
      onKeep={() => send({ type: "subscription.scheduledChangeDropped" })}
      isScheduling={(subscription?.isChangingPlan ?? false) || (subscription?.isLoading ?? false)}
      chosenForNow={subscription !== null && !subscription.isPaid ? subscription.scheduledPlanId : null}
    />
  );
}
