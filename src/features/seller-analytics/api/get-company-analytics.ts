import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyAnalyticsEndpoint } from "../../../../contracts/seller-analytics.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { sellerAnalyticsKeys } from "../../../lib/api/seller-analytics-keys.ts";

/** GET /companies/{id}/analytics: views, messages, requests, opens, and 12 weeks of them (owner or admin). */
export const getCompanyAnalytics = (companyId: number) => callEndpoint(getCompanyAnalyticsEndpoint, { params: { id: companyId } });

export const companyAnalyticsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: sellerAnalyticsKeys.company(companyId),
    queryFn: () => getCompanyAnalytics(companyId),
  });

export function useCompanyAnalytics(companyId: number) {
  return useQuery({ ...companyAnalyticsQueryOptions(companyId), enabled: companyId > 0 });
}
