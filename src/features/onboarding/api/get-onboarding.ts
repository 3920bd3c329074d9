import { queryOptions, useQuery } from "@tanstack/react-query";
import { getOnboardingEndpoint } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { onboardingKeys } from "./onboarding-keys.ts";

/** GET /companies/{id}/onboardings: everything saved so far and which saves were made. */
export const getOnboarding = (companyId: number) => callEndpoint(getOnboardingEndpoint, { params: { id: companyId } });

/** Always fresh: the wizard resumes from what the server has. */
export const onboardingQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: onboardingKeys.summary(companyId), queryFn: () => getOnboarding(companyId), staleTime: 0 });

export function useOnboarding(companyId: number) {
  return useQuery(onboardingQueryOptions(companyId));
}
