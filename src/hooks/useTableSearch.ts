import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";
import { SEARCH_MAX_LENGTH } from "../../contracts/list-query.ts";
import type { TableSearch } from "../utils/paging.ts";

/** The largest page the URL may ask for (a table of a million rows, 10 a page, has fewer). */
const MAX_PAGE = 999_999;

/**
 * The search and page a URL's query string asks of a table (`?q=…&page=2`):
 * missing or odd values are the defaults (no search, page 1), the text cut
 * at what the API accepts. Pure: unit tested in node.
 */
export function tableSearchFrom(search: string): TableSearch {
  const params = new URLSearchParams(search);
  const q = (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const pageText = params.get("page") ?? "";
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Math.min(Number(pageText), MAX_PAGE) : 1;
  return { q, page };
}

/** `search` (without its "?") with the table's search and page written in, the defaults left out and any other parameter kept; "" or "?…". */
export function withTableSearch(search: string, next: TableSearch): string {
  const params = new URLSearchParams(search);
  const q = next.q.trim();
  if (q === "") params.delete("q");
  else params.set("q", q);
  if (next.page <= 1) params.delete("page");
  else params.set("page", String(next.page));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * The search and page of a searchable, server-paged table, kept in the URL's
 * query string: a reload, a shared link or the back button shows the same
 * rows. A new search starts again at page 1. Each search and page is a step
 * in the history; moving off a page that no longer exists (`replace`) is not.
 */
export function useTableSearch() {
  const query = useSearch();
  const [location, navigate] = useLocation();
  const { q, page } = tableSearchFrom(query);
  const go = useCallback(
    (next: TableSearch, replace = false) => navigate(`${location}${withTableSearch(query, next)}`, { replace }),
    [navigate, location, query],
  );
  const setPage = useCallback((next: number, replace = false) => go({ q, page: next }, replace), [go, q]);
  const search = useCallback((text: string) => go({ q: text, page: 1 }), [go]);
  return { q, page, setPage, search };
}
