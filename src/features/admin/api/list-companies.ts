import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DASHBOARD_PAGE_SIZE, listDashboardCompaniesEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { pagedSearchKey, pagedSearchQuery, type TableSearch } from "../../../utils/paging.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

/** GET /companies?is_dashboard=true as an admin: every company, newest first, 10 a page; `q` searches name, reference and contact. */
export const listCompanies = (query: TableSearch) => callEndpoint(listDashboardCompaniesEndpoint, { query: pagedSearchQuery(query, DASHBOARD_PAGE_SIZE) });

export const companiesQueryOptions = (query: TableSearch) =>
  queryOptions({
    queryKey: companyKeys.dashboard(pagedSearchKey(query, DASHBOARD_PAGE_SIZE)),
    queryFn: () => listCompanies(query),
    placeholderData: keepPreviousData,
  });

export function useCompanies(query: TableSearch) {
  return useQuery(companiesQueryOptions(query));
}
