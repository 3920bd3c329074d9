import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DASHBOARD_PAGE_SIZE, listDashboardCompaniesEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { adminKeys } from "./admin-keys.ts";
import type { AdminTablePage } from "./list-users.ts";

/** GET /companies?is_dashboard=true as an admin: every company, newest first, 10 a page; `q` searches name, reference and contact. */
export const listCompanies = ({ q, page }: AdminTablePage) =>
  callEndpoint(listDashboardCompaniesEndpoint, { query: { ...(q.trim() === "" ? {} : { q: q.trim() }), page, per_page: DASHBOARD_PAGE_SIZE } });

export const companiesQueryOptions = (query: AdminTablePage) =>
  queryOptions({
    queryKey: adminKeys.companiesPage({ q: query.q.trim(), page: query.page, perPage: DASHBOARD_PAGE_SIZE }),
    queryFn: () => listCompanies(query),
    placeholderData: keepPreviousData,
  });

export function useCompanies(query: AdminTablePage) {
  return useQuery(companiesQueryOptions(query));
}
