import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DASHBOARD_PAGE_SIZE, listDashboardCompaniesEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { pagedSearchKey, pagedSearchQuery, type TableSearch } from "../../../utils/paging.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

/** Spec section 9: the my-businesses table shows 10 rows per page. */
export const MY_COMPANIES_PAGE_SIZE = DASHBOARD_PAGE_SIZE;

export type MyCompaniesQuery = TableSearch;

/** GET /companies?is_dashboard=true: the signed-in owner's companies (all of them for an admin). */
export const getMyCompanies = (query: MyCompaniesQuery) => callEndpoint(listDashboardCompaniesEndpoint, { query: pagedSearchQuery(query, MY_COMPANIES_PAGE_SIZE) });

export const myCompaniesQueryOptions = (query: MyCompaniesQuery) =>
  queryOptions({
    queryKey: companyKeys.dashboard(pagedSearchKey(query, MY_COMPANIES_PAGE_SIZE)),
    queryFn: () => getMyCompanies(query),
    placeholderData: keepPreviousData,
  });

export function useMyCompanies(query: MyCompaniesQuery) {
  return useQuery(myCompaniesQueryOptions(query));
}
