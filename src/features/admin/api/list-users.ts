import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listUsersEndpoint } from "../../../../contracts/admin.ts";
import { DASHBOARD_PAGE_SIZE } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { pagedSearchKey, pagedSearchQuery, type TableSearch } from "../../../utils/paging.ts";
import { adminKeys } from "./admin-keys.ts";

/** GET /users: every account, newest first, 10 a page; `q` searches name and e-mail. */
export const listUsers = (query: TableSearch) => callEndpoint(listUsersEndpoint, { query: pagedSearchQuery(query, DASHBOARD_PAGE_SIZE) });

export const usersQueryOptions = (query: TableSearch) =>
  queryOptions({
    queryKey: adminKeys.usersPage(pagedSearchKey(query, DASHBOARD_PAGE_SIZE)),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: TableSearch) {
  return useQuery(usersQueryOptions(query));
}
