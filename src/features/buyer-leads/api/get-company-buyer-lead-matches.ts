import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyBuyerLeadMatchesEndpoint } from "../../../../contracts/buyer-leads.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { buyerLeadKeys } from "./buyer-lead-keys.ts";

/** GET /companies/{id}/buyer_lead_matches: how many active buyer mandates match the company (owner or admin). */
export const getCompanyBuyerLeadMatches = (companyId: number) => callEndpoint(getCompanyBuyerLeadMatchesEndpoint, { params: { id: companyId } });

export const companyBuyerLeadMatchesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: buyerLeadKeys.companyMatches(companyId),
    queryFn: () => getCompanyBuyerLeadMatches(companyId),
  });

export function useCompanyBuyerLeadMatches(companyId: number) {
  return useQuery({ ...companyBuyerLeadMatchesQueryOptions(companyId), enabled: companyId > 0 });
}
