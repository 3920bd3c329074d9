import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listCompaniesEndpoint, type FilterKey } from "../../../../contracts/marketplace.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** What the marketplace asks for: the spec's filters, the search text and the page. */
export type CompanyFilters = Readonly<Partial<Record<FilterKey, number>>> & {
  readonly q?: string;
  readonly page?: number;
};

/** GET /companies: the published companies matching the filters (public; cards only). */
export const getCompanies = (filters: CompanyFilters = {}) => callEndpoint(listCompaniesEndpoint, { query: filters });

export const companyKeys = {
  all: ["companies"] as const,
  lists: () => ["companies", "list"] as const,
  list: (filters: CompanyFilters) => ["companies", "list", filters] as const,
  details: () => ["companies", "detail"] as const,
  detail: (id: number) => ["companies", "detail", id] as const,
  record: (id: number) => ["companies", "detail", id, "dashboard"] as const,
};

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
