import { useEffect } from "react";
import { pagingOf, type Paging } from "../utils/paging.ts";

/** What a paged query offers (TanStack Query's result with `keepPreviousData` fits). */
export interface PagedResult {
  readonly data?: { readonly total: number; readonly per_page: number } | undefined;
  /** The rows shown are the previous page's while this one loads. */
  readonly isPlaceholderData: boolean;
}

/**
 * The pager of a server-paged table, from the page asked for: "Página 2 de 3"
 * shows at once while the rows of page 1 stay (dimmed) until page 2 arrives.
 * When rows went away and the page is past the last (a search, a
 * deactivation), it moves to the last page once the answer is in, in place
 * of the one asked for (a page kept in the URL is replaced, not stacked).
 */
export function usePaging(page: number, setPage: (page: number, replace?: boolean) => void, result: PagedResult): Paging | null {
  const { data, isPlaceholderData } = result;
  const paging = data === undefined ? null : pagingOf(page, data.total, data.per_page);
  const lastPage = data === undefined || isPlaceholderData ? null : (paging?.pageCount ?? null);
  useEffect(() => {
    // In place of the page that is gone (`replace`): back must not lead to it again.
    if (lastPage !== null && page > lastPage) setPage(lastPage, true);
  }, [page, lastPage, setPage]);
  return paging;
}
