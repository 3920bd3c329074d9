import { useCallback, useState } from "react";

/** The search and page of a searchable, server-paged table: a new search starts again at page 1. */
export function useTableSearch() {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const search = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);
  return { q, page, setPage, search };
}
