import { describe, expect, it } from "vitest";
import { pageCountOf, pagingOf } from "../../../src/utils/paging.ts";

describe("paging of a server-paged table (src/utils/paging.ts)", () => {
  it("counts pages of 5, at least one", () => {
    expect(pageCountOf(0, 5)).toBe(1);
    expect(pageCountOf(1, 5)).toBe(1);
    expect(pageCountOf(5, 5)).toBe(1);
    expect(pageCountOf(6, 5)).toBe(2);
    expect(pageCountOf(11, 5)).toBe(3);
    expect(pageCountOf(3, 0)).toBe(1);
  });

  it("says where the reader is and what is next", () => {
    expect(pagingOf(1, 11, 5)).toEqual({ page: 1, pageCount: 3, hasPrevious: false, hasNext: true, label: "Página 1 de 3" });
    expect(pagingOf(2, 11, 5)).toEqual({ page: 2, pageCount: 3, hasPrevious: true, hasNext: true, label: "Página 2 de 3" });
    expect(pagingOf(3, 11, 5)).toEqual({ page: 3, pageCount: 3, hasPrevious: true, hasNext: false, label: "Página 3 de 3" });
    expect(pagingOf(1, 0, 5)).toEqual({ page: 1, pageCount: 1, hasPrevious: false, hasNext: false, label: "Página 1 de 1" });
  });

  it("keeps the page within the pages there are", () => {
    expect(pagingOf(7, 11, 5).page).toBe(3);
    expect(pagingOf(0, 11, 5).page).toBe(1);
    expect(pagingOf(-2, 11, 5).page).toBe(1);
    expect(pagingOf(Number.NaN, 11, 5).page).toBe(1);
  });
});
