/**
 * The admin feature's query keys, in a module with no run-time imports (the
 * app's entry forgets them on sign-out without loading the API client).
 * The companies tab reads the same list as Mis empresas, so it uses the
 * app-wide key of that list (`['companies', 'dashboard', …]`): an edit that
 * refreshes one refreshes the other.
 */
/** A table's search, page and page size (src/utils/paging.ts `pagedSearchKey`). */
export interface AdminTableQuery {
  readonly q: string;
  readonly page: number;
  readonly perPage: number;
}

export const adminKeys = {
  all: ["admin"] as const,
  users: () => ["admin", "users"] as const,
  usersPage: (query: AdminTableQuery) => ["admin", "users", query] as const,
  kpis: () => ["admin", "kpis"] as const,
  companies: () => ["companies", "dashboard"] as const,
  companiesPage: (query: AdminTableQuery) => ["companies", "dashboard", query] as const,
};
