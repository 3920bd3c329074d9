import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callLazily } from "../../../lib/api/call-lazily.ts";
import { companyKeys, type CompanyListFilters } from "../../../lib/api/company-keys.ts";

/** What the marketplace asks for: the spec's filters, the search text and the page. */
export type CompanyFilters = CompanyListFilters;

/**
 * GET /companies: the published companies matching the filters (public; cards only).
 * Its contract loads with the first call: a visitor's first page arrives in the HTML (decision 047).
 */
export const getCompanies = (filters: CompanyFilters = {}) =>
  callLazily(async () => (await import("../../../../contracts/marketplace.ts")).listCompaniesEndpoint, { query: filters });

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
