import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyRecordEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { onboardingSummaryKeys } from "./onboarding-summary-keys.ts";

/**
 * GET /companies/{id}?is_dashboard=true: the record's society and tax system
 * names. Declared here because a feature never imports another feature.
 */
export const getCompany = (companyId: number) => callEndpoint(getCompanyRecordEndpoint, { params: { id: companyId } });

export const summaryCompanyQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: onboardingSummaryKeys.company(companyId),
    queryFn: () => getCompany(companyId),
    // Spec section 8: a failure is logged (OnboardingSummary) and nothing is shown, no toast.
    meta: { silent: true },
  });

export function useSummaryCompany(companyId: number) {
  return useQuery(summaryCompanyQueryOptions(companyId));
}
