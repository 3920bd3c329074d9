import { useSearch } from "wouter";
import type { Plan, PlanId } from "../../../contracts/subscriptions.ts";
import { formatAccessDate } from "../../../machines/subscription/selectors.ts";
import { useHydrated } from "../../hooks/useHydrated.ts";
import { useSession, useSessionReady } from "../../lib/session.tsx";
import PlansPage, { type CurrentPlan } from "../../features/public-site/components/PlansPage.tsx";
import { usePlans } from "../../features/subscriptions/api/plans-query.ts";
import { useChoosePlan } from "../../features/subscriptions/components/use-choose-plan.ts";
import { useFreshPlan } from "../../features/subscriptions/state/use-fresh-plan.ts";
import { useSubscription, type SubscriptionView } from "../../features/subscriptions/state/use-subscription.ts";

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

interface PlansProps {
  readonly current: CurrentPlan | null;
  readonly onResume?: () => void;
  readonly onSchedule?: (plan: PlanId) => void;
  readonly onKeep?: () => void;
  readonly isScheduling?: boolean;
  /** After the period ends: the plan chosen for then, offered to pay (like a plan chosen before logging in). */
  readonly chosenForNow?: PlanId | null;
}

function Plans({ current, onResume, onSchedule, onKeep, isScheduling = false, chosenForNow = null }: PlansProps) {
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

/** Signed in: the plan the person has is asked for and marked. */
function SignedInPlans() {
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

/** /planes: the public plans page with the server's prices, each button starting that plan's checkout; the plan the person has, marked. */
export default function PlansRoute() {
  const session = useSession();
  // The subscription's actor hangs off the session's: wait until that is loaded.
  const sessionReady = useSessionReady(true);
  const hydrated = useHydrated();
  // The prerendered page (and a visitor) shows every plan to choose; the subscription needs the loaded session.
  return hydrated && sessionReady && session.isSignedIn ? <SignedInPlans /> : <Plans current={null} />;
}
