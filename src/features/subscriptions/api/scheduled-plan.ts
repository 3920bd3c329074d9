import { cancelPlanChangeEndpoint, schedulePlanChangeEndpoint, type PlanId } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /subscriptions/scheduled_plan: change to `plan` when the period paid for ends (nothing is charged now). */
export const schedulePlanChange = (plan: PlanId) => callEndpoint(schedulePlanChangeEndpoint, { body: { plan_id: plan } });

/** DELETE /subscriptions/scheduled_plan: keep the current plan after all. */
export const cancelPlanChange = () => callEndpoint(cancelPlanChangeEndpoint);
