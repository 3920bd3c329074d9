import { describe, expect, it } from "vitest";
import type { CataloguePath } from "../../../contracts/catalogues.ts";
import { SAVED_SEARCH_NAME_MAX_LENGTH } from "../../../contracts/saved-searches.ts";
import {
  alertsText,
  cataloguesFor,
  criteriaOf,
  defaultSearchName,
  filtersText,
  savedSearchBody,
  type NameOf,
} from "../../../src/features/saved-searches/components/search-summary.ts";
import { marketplaceHref } from "../../../src/features/marketplace/marketplace-url.ts";

const CATALOGUES: Partial<Record<CataloguePath, Record<number, string>>> = {
  industries: { 1: "Tecnología", 3: "Alimentos y bebidas" },
  states: { 19: "Nuevo León" },
  ebitda_ranges: { 4: "De 5 a 10 millones" },
  interests: { 1: "Capital para crecimiento" },
};
const nameOf: NameOf = (path, id) => CATALOGUES[path]?.[id];

const NO_FILTERS = {
  state_id: null,
  industry_id: null,
  sales_range_id: null,
  interest_id: null,
  company_type_id: null,
  verification_level_id: null,
  ebitda_id: null,
};

describe("saved searches in words (src/features/saved-searches/components/search-summary.ts)", () => {
  it("reads the filters by their catalogue names, what before where, whatever order they were set in", () => {
    expect(filtersText({ state_id: 19, ebitda_id: 4, industry_id: 1 }, nameOf)).toBe("Industria: Tecnología · Estado: Nuevo León · EBITDA: De 5 a 10 millones");
    expect(filtersText({}, nameOf)).toBe("Todas las empresas");
    // A name not known (its catalogue failed): the id, never a blank.
    expect(filtersText({ company_type_id: 2 }, nameOf)).toBe("Tipo de empresa: n.º 2");
  });

  it("proposes a name from the filters' names and the text", () => {
    expect(defaultSearchName({ filters: { state_id: 19, industry_id: 1 }, q: " software " }, nameOf)).toBe("Tecnología · Nuevo León · «software»");
    expect(defaultSearchName({ filters: {}, q: "panadería" }, nameOf)).toBe("«panadería»");
    expect(defaultSearchName({ filters: {} }, nameOf)).toBe("Todas las empresas");
  });

  it("cuts a long proposed name to the longest name the server takes", () => {
    const name = defaultSearchName({ filters: { industry_id: 3, interest_id: 1, state_id: 19, ebitda_id: 4 }, q: "empresas familiares con ventas recurrentes" }, nameOf);
    expect(name.length).toBe(SAVED_SEARCH_NAME_MAX_LENGTH);
    expect(name.endsWith("…")).toBe(true);
    expect(name.startsWith("Alimentos y bebidas · Capital para crecimiento · Nuevo León")).toBe(true);
  });

  it("sends the set filters and the trimmed text, null for none", () => {
    expect(savedSearchBody("Mi búsqueda", { filters: { industry_id: 1, state_id: 19 }, q: "  software " })).toEqual({
      name: "Mi búsqueda",
      filters: { state_id: 19, industry_id: 1 },
      q: "software",
    });
    expect(savedSearchBody("Todo", { filters: {}, q: "   " })).toEqual({ name: "Todo", filters: {}, q: null });
  });

  it("takes a saved search back to the marketplace's own URL", () => {
    const criteria = criteriaOf({ filters: { ...NO_FILTERS, industry_id: 1, state_id: 19 }, q: "software" });
    expect(criteria).toEqual({ filters: { state_id: 19, industry_id: 1 }, q: "software" });
    expect(marketplaceHref({ ...criteria.filters, ...(criteria.q === undefined ? {} : { q: criteria.q }) })).toBe("/compra-una-empresa?q=software&state_id=19&industry_id=1");
    expect(criteriaOf({ filters: NO_FILTERS, q: null })).toEqual({ filters: {} });
  });

  it("asks only for the catalogues the searches use, once each", () => {
    expect(cataloguesFor([{ industry_id: 1 }, { industry_id: 3, state_id: 19 }, {}])).toEqual(["industries", "states"]);
  });

  it("counts the alerts sent", () => {
    expect([0, 1, 1500].map(alertsText)).toEqual(["Ninguna", "1 alerta", "1,500 alertas"]);
  });
});
