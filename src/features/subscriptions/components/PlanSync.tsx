import { usePlanSync } from "../state/use-fresh-plan.ts";

/** Keeps this tab in step with the person's plan (../state/use-fresh-plan.ts `usePlanSync`); renders nothing. */
export default function PlanSync(): null {
  usePlanSync();
  return null;
}
