import type { FilterKey } from "../../../contracts/marketplace.ts";
import type { PagedSearchKey } from "../../utils/paging.ts";

/**
 * The query keys of a company, written once for every feature that reads or
 * refreshes one (docs/decisions/026-query-keys-and-tables.md). A feature
 * never imports another feature, so the keys five features share live here:
 * the marketplace (the cards and the public profile), the companies feature
 * (Mis empresas and the record it edits), the admin's Empresas tab (the same
 * list as Mis empresas), the deal room (a decision changes what a profile
 * shows) and the data room (a new picture). Hierarchical, so a prefix
 * refreshes or forgets everything under it:
 *
 *   ['companies']
 *   ['companies', 'list', filters]          the marketplace's cards
 *   ['companies', 'dashboard', search]      Mis empresas, the admin's Empresas
 *   ['companies', 'detail', id]             the public profile (with the viewer's access)
 *   ['companies', 'detail', id, 'dashboard'] the whole record, for its owner or an admin
 *
 * No run-time imports: the app's entry forgets the user's entries at
 * sign-out without loading the API client.
 */

/** What the marketplace's list asks for: the spec's filters, the search text and the page. */
export type CompanyListFilters = Readonly<Partial<Record<FilterKey, number>>> & {
  readonly q?: string;
  readonly page?: number;
};

export const companyKeys = {
  all: ["companies"] as const,
  lists: () => [...companyKeys.all, "list"] as const,
  list: (filters: CompanyListFilters) => [...companyKeys.lists(), filters] as const,
  dashboards: () => [...companyKeys.all, "dashboard"] as const,
  dashboard: (search: PagedSearchKey) => [...companyKeys.dashboards(), search] as const,
  details: () => [...companyKeys.all, "detail"] as const,
  detail: (id: number) => [...companyKeys.details(), id] as const,
  record: (id: number) => [...companyKeys.detail(id), "dashboard"] as const,
};
