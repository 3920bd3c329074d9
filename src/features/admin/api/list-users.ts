import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listUsersEndpoint } from "../../../../contracts/admin.ts";
import { DASHBOARD_PAGE_SIZE } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { adminKeys } from "./admin-keys.ts";

export interface AdminTablePage {
  readonly q: string;
  readonly page: number;
}

/** GET /users: every account, newest first, 10 a page; `q` searches name and e-mail. */
export const listUsers = ({ q, page }: AdminTablePage) =>
  callEndpoint(listUsersEndpoint, { query: { ...(q.trim() === "" ? {} : { q: q.trim() }), page, per_page: DASHBOARD_PAGE_SIZE } });

export const usersQueryOptions = (query: AdminTablePage) =>
  queryOptions({
    queryKey: adminKeys.usersPage({ q: query.q.trim(), page: query.page, perPage: DASHBOARD_PAGE_SIZE }),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: AdminTablePage) {
  return useQuery(usersQueryOptions(query));
}
