import { queryOptions, useQuery } from "@tanstack/react-query";
import { getOnboardingEndpoint } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { onboardingSummaryKeys } from "./onboarding-summary-keys.ts";

/** GET /companies/{id}/onboardings: everything the owner saved in the wizard. */
export const getOnboardingSummary = (companyId: number) => callEndpoint(getOnboardingEndpoint, { params: { id: companyId } });

export const onboardingSummaryQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: onboardingSummaryKeys.summary(companyId),
    queryFn: () => getOnboardingSummary(companyId),
    // Spec section 8: a failure is logged (OnboardingSummary) and nothing is shown, no toast.
    meta: { silent: true },
  });

export function useOnboardingSummary(companyId: number) {
  return useQuery(onboardingSummaryQueryOptions(companyId));
}
