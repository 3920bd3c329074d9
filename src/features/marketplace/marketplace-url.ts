import { FILTER_KEYS, MAX_PAGE, type FilterKey } from "../../../contracts/marketplace-constants.ts";
import { SEARCH_MAX_LENGTH } from "../../../contracts/list-limits.ts";
import type { CompanyFilters } from "./api/get-companies.ts";

/**
 * The marketplace's state lives in the URL (`?q=…&industry_id=3&page=2`), so
 * a search can be shared and the back button works. Reading is forgiving:
 * a malformed value is dropped rather than sent, and the text is cut to the
 * API's limit.
 */

export const MARKETPLACE_PATH = "/compra-una-empresa";

const positiveInt = (raw: string | null, max = 2_147_483_647): number | undefined => {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= max ? value : undefined;
};

export function parseMarketplaceSearch(search: string): CompanyFilters {
  const params = new URLSearchParams(search);
  const filters: Partial<Record<FilterKey, number>> = {};
  for (const key of FILTER_KEYS) {
    const value = positiveInt(params.get(key));
    if (value !== undefined) filters[key] = value;
  }
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const page = positiveInt(params.get("page"), MAX_PAGE);
  return { ...filters, ...(q === "" ? {} : { q }), ...(page === undefined || page === 1 ? {} : { page }) };
}

/** The query string for `filters` in a stable order (no leading "?"; empty for none). */
export function marketplaceSearchFor(filters: CompanyFilters): string {
  const params = new URLSearchParams();
  if (filters.q !== undefined && filters.q.trim() !== "") params.set("q", filters.q.trim());
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

export const marketplaceHref = (filters: CompanyFilters): string => {
  const search = marketplaceSearchFor(filters);
  return search === "" ? MARKETPLACE_PATH : `${MARKETPLACE_PATH}?${search}`;
};

/** Whether any filter (not the search text, not the page) is set. */
export const hasFilters = (filters: CompanyFilters): boolean => FILTER_KEYS.some((key) => filters[key] !== undefined);

/** `filters` with one filter changed (null removes it); any change goes back to page 1. */
export function withFilter(filters: CompanyFilters, key: FilterKey, value: number | null): CompanyFilters {
  const { page: _page, [key]: _old, ...rest } = filters;
  return value === null ? rest : { ...rest, [key]: value };
}

export function withSearch(filters: CompanyFilters, q: string): CompanyFilters {
  const { page: _page, q: _q, ...rest } = filters;
  const text = q.trim().slice(0, SEARCH_MAX_LENGTH);
  return text === "" ? rest : { ...rest, q: text };
}

/** Every filter cleared; the search text stays (it has its own clear button). */
export function withoutFilters(filters: CompanyFilters): CompanyFilters {
  return filters.q === undefined ? {} : { q: filters.q };
}
