import { describe, expect, it } from "vitest";
import {
  hasFilters,
  marketplaceHref,
  parseMarketplaceSearch,
  withFilter,
  withoutFilters,
  withSearch,
} from "../../../src/features/marketplace/marketplace-url.ts";

describe("marketplace URL state", () => {
  it("reads filters, search and page from the query string", () => {
    expect(parseMarketplaceSearch("q=tecnolog%C3%ADa&industry_id=3&state_id=19&page=2")).toEqual({
      q: "tecnología",
      industry_id: 3,
      state_id: 19,
      page: 2,
    });
  });

  it("drops malformed values instead of sending them, and cuts the text to 100 characters", () => {
    expect(parseMarketplaceSearch("industry_id=abc&state_id=0&ebitda_id=-2&interest_id=1.5&page=0&q=%20%20")).toEqual({});
    expect(parseMarketplaceSearch(`q=${"x".repeat(150)}`).q).toHaveLength(100);
    expect(parseMarketplaceSearch("page=101")).toEqual({});
  });

  it("writes a stable, shareable URL and round-trips", () => {
    const filters = { ebitda_id: 4, q: "manufactura", industry_id: 2, page: 3 };
    const href = marketplaceHref(filters);
    expect(href).toBe("/compra-una-empresa?q=manufactura&industry_id=2&ebitda_id=4&page=3");
    expect(parseMarketplaceSearch(href.split("?")[1] ?? "")).toEqual(filters);
    expect(marketplaceHref({})).toBe("/compra-una-empresa");
    expect(marketplaceHref({ page: 1 })).toBe("/compra-una-empresa");
  });

  it("any change of filter or search goes back to page 1", () => {
    expect(withFilter({ industry_id: 2, page: 4 }, "state_id", 19)).toEqual({ industry_id: 2, state_id: 19 });
    expect(withFilter({ industry_id: 2, page: 4 }, "industry_id", null)).toEqual({});
    expect(withSearch({ state_id: 19, page: 2, q: "viejo" }, "  nuevo  ")).toEqual({ state_id: 19, q: "nuevo" });
    expect(withSearch({ q: "viejo" }, "   ")).toEqual({});
  });

  it("clearing filters keeps the search text; only filters count as filters", () => {
    expect(withoutFilters({ q: "salud", industry_id: 5, ebitda_id: 2, page: 3 })).toEqual({ q: "salud" });
    expect(hasFilters({ q: "salud", page: 2 })).toBe(false);
    expect(hasFilters({ company_type_id: 1 })).toBe(true);
  });
});
