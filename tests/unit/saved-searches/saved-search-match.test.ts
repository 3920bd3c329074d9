import { describe, expect, it } from "vitest";
import { savedSearchKey, type SavedSearch } from "../../../contracts/saved-searches.ts";
import { findSavedSearch } from "../../../src/features/saved-searches/components/search-summary.ts";

const NO_FILTERS = {
  state_id: null,
  industry_id: null,
  sales_range_id: null,
  interest_id: null,
  company_type_id: null,
  verification_level_id: null,
  ebitda_id: null,
} as const;

/** Saved searches as GET /saved_searches answers them: every filter key, null for "any". */
const saved = (id: number, filters: Partial<Record<keyof typeof NO_FILTERS, number>>, q: string | null): Pick<SavedSearch, "id" | "name" | "filters" | "q"> => ({
  id,
  name: `Búsqueda ${id}`,
  filters: { ...NO_FILTERS, ...filters },
  q,
});

const SAVED = [saved(1, { industry_id: 1, state_id: 19 }, "software"), saved(2, { industry_id: 1 }, null), saved(3, {}, "Tortillería")];

describe("whether the marketplace's search is a saved one (the server's sameness, shared)", () => {
  it("finds the saved search with the same filters and text", () => {
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1, state_id: 19 }, q: "software" })?.id).toBe(1);
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1 } })?.id).toBe(2);
    expect(findSavedSearch(SAVED, { filters: {}, q: "tortilleria" })?.id).toBe(3);
  });

  it("reads the text as the marketplace does: case, accents, extra spaces, punctuation and repeated words do not count", () => {
    for (const q of ["SOFTWARE", "  software ", "software, software", "Sóftware"]) {
      expect(findSavedSearch(SAVED, { filters: { state_id: 19, industry_id: 1 }, q })?.id, q).toBe(1);
    }
    // A text without words is no text: the search without text.
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1 }, q: " ¿? " })?.id).toBe(2);
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1 }, q: "" })?.id).toBe(2);
  });

  it("treats an absent filter, undefined and null alike, and ignores the order of the keys", () => {
    expect(savedSearchKey({ industry_id: 1 }, null)).toBe(savedSearchKey({ ...NO_FILTERS, industry_id: 1 }, undefined));
    expect(savedSearchKey({ state_id: 19, industry_id: 1 }, "a")).toBe(savedSearchKey({ industry_id: 1, state_id: 19 }, "a"));
  });

  it("changing any filter or the text makes it another search", () => {
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1, state_id: 19 }, q: "software libre" })).toBeUndefined();
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1, state_id: 19 } })).toBeUndefined();
    expect(findSavedSearch(SAVED, { filters: { industry_id: 1, state_id: 19, ebitda_id: 4 }, q: "software" })).toBeUndefined();
    expect(findSavedSearch(SAVED, { filters: { industry_id: 2 } })).toBeUndefined();
    // Fewer filters than a saved search is another search too (Todas las empresas is not "Tecnología").
    expect(findSavedSearch(SAVED, { filters: {} })).toBeUndefined();
    expect(findSavedSearch([], { filters: {} })).toBeUndefined();
  });

  it("keeps a filter's value apart from another filter's (Tecnología as industry is not state 1)", () => {
    expect(savedSearchKey({ industry_id: 1 }, null)).not.toBe(savedSearchKey({ state_id: 1 }, null));
  });
});
