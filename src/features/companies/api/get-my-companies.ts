import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DASHBOARD_PAGE_SIZE, listDashboardCompaniesEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "./company-keys.ts";

/** Spec section 9: the my-businesses table shows 10 rows per page. */
export const MY_COMPANIES_PAGE_SIZE = DASHBOARD_PAGE_SIZE;

export interface MyCompaniesQuery {
  readonly q: string;
  readonly page: number;
}

/** GET /companies?is_dashboard=true: the signed-in owner's companies (all of them for an admin). */
export const getMyCompanies = ({ q, page }: MyCompaniesQuery) =>
  callEndpoint(listDashboardCompaniesEndpoint, {
    query: { ...(q.trim() === "" ? {} : { q: q.trim() }), page, per_page: MY_COMPANIES_PAGE_SIZE },
  });

export const myCompaniesQueryOptions = (query: MyCompaniesQuery) =>
  queryOptions({
    queryKey: companyKeys.dashboard({ q: query.q.trim(), page: query.page, perPage: MY_COMPANIES_PAGE_SIZE }),
    queryFn: () => getMyCompanies(query),
    placeholderData: keepPreviousData,
  });

export function useMyCompanies(query: MyCompaniesQuery) {
  return useQuery(myCompaniesQueryOptions(query));
}
