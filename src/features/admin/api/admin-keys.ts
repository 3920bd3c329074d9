import type { PagedSearchKey } from "../../../utils/paging.ts";

/**
 * The admin feature's query keys, in a module with no run-time imports (the
 * app's entry forgets them on sign-out without loading the API client).
 * The companies tab reads the same list as Mis empresas, so it uses the
 * shared company keys (src/lib/api/company-keys.ts, `companyKeys.dashboard`):
 * an edit that refreshes one refreshes the other.
 */
export const adminKeys = {
  all: ["admin"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  /** A table's search, page and page size (src/utils/paging.ts `pagedSearchKey`). */
  usersPage: (search: PagedSearchKey) => [...adminKeys.users(), search] as const,
  kpis: () => [...adminKeys.all, "kpis"] as const,
};
