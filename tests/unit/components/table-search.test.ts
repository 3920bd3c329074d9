import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "../../../contracts/list-query.ts";
import { tableSearchFrom, withTableSearch } from "../../../src/hooks/useTableSearch.ts";

// The search and page of the admin tables and Mis empresas live in the URL
// (issue 28): a reload or a shared link opens the same page of rows.

describe("a table's search and page in the query string", () => {
  it("reads the page and the search, and takes anything odd as the defaults", () => {
    expect(tableSearchFrom("")).toEqual({ q: "", page: 1 });
    expect(tableSearchFrom("?page=3")).toEqual({ q: "", page: 3 });
    expect(tableSearchFrom("page=3&q=trevi%C3%B1o")).toEqual({ q: "treviño", page: 3 });
    for (const odd of ["0", "-2", "2.5", "abc", "", "01", "9999999", "1e3"]) expect(tableSearchFrom(`?page=${odd}`).page, odd).toBe(1);
    expect(tableSearchFrom(`?q=${"a".repeat(SEARCH_MAX_LENGTH + 50)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("writes them back, leaving out the defaults and keeping other parameters", () => {
    expect(withTableSearch("", { q: "", page: 1 })).toBe("");
    expect(withTableSearch("", { q: "", page: 2 })).toBe("?page=2");
    expect(withTableSearch("?page=4", { q: "  treviño ", page: 1 })).toBe("?q=trevi%C3%B1o");
    expect(withTableSearch("tab=x&page=2", { q: "a b", page: 3 })).toBe("?tab=x&page=3&q=a+b");
    // A round trip gives the same search.
    const written = withTableSearch("", { q: "Mueblería & Hijos", page: 7 });
    expect(tableSearchFrom(written)).toEqual({ q: "Mueblería & Hijos", page: 7 });
  });
});
