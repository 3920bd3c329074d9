import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listCompaniesEndpoint } from "../../../../contracts/marketplace.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys, type CompanyListFilters } from "../../../lib/api/company-keys.ts";

/** What the marketplace asks for: the spec's filters, the search text and the page. */
export type CompanyFilters = CompanyListFilters;

/** GET /companies: the published companies matching the filters (public; cards only). */
export const getCompanies = (filters: CompanyFilters = {}) => callEndpoint(listCompaniesEndpoint, { query: filters });

export const companiesQueryOptions = (filters: CompanyFilters) =>
  queryOptions({
    queryKey: companyKeys.list(filters),
    queryFn: () => getCompanies(filters),
    staleTime: 30_000,
    // Keep the last results on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export function useCompanies(filters: CompanyFilters) {
  return useQuery(companiesQueryOptions(filters));
}
