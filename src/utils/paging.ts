/**
 * The paging of a server-paged table (Mis empresas, Historial, the admin
 * tables): which page shows and what the pager says. No React, no styles:
 * unit tested in node (tests/unit/components/paging.test.ts).
 */

/** How many pages `total` rows fill, at least one (an empty table is one empty page). */
export function pageCountOf(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

export interface Paging {
  /** The page shown, within 1..pageCount. */
  readonly page: number;
  readonly pageCount: number;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  /** "Página 2 de 3". */
  readonly label: string;
}

/** The pager for `page` of `total` rows, `perPage` a page; a page past the last is the last. */
export function pagingOf(page: number, total: number, perPage: number): Paging {
  const pageCount = pageCountOf(total, perPage);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return {
    page: current,
    pageCount,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    label: `Página ${current} de ${pageCount}`,
  };
}

/** What a searchable, server-paged table asks for: the search box's text and the page. */
export interface TableSearch {
  readonly q: string;
  readonly page: number;
}

/** The request's query: `q` trimmed and left out when empty, the page and its size. */
export const pagedSearchQuery = ({ q, page }: TableSearch, perPage: number) => ({ ...(q.trim() === "" ? {} : { q: q.trim() }), page, per_page: perPage });

/** The same search as part of a cache key: spaces around the text do not make another entry. */
export const pagedSearchKey = ({ q, page }: TableSearch, perPage: number) => ({ q: q.trim(), page, perPage });

/** A searchable, server-paged table's part of its cache key (src/lib/api/company-keys.ts, the admin's keys). */
export type PagedSearchKey = ReturnType<typeof pagedSearchKey>;
