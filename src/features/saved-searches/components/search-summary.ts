/**
 * Saved searches in words: the filters as people read them (catalogue
 * names, not ids), the default name the save dialog proposes, the body it
 * sends, and the criteria a saved search takes back to the marketplace.
 * Pure: unit tested in node (tests/unit/saved-searches/search-summary.test.ts).
 */
import type { CataloguePath } from "../../../../contracts/catalogues.ts";
import { FILTER_CATALOGUES, FILTER_KEYS, type FilterKey } from "../../../../contracts/marketplace-constants.ts";
import { SAVED_SEARCH_NAME_MAX_LENGTH, savedSearchKey, type SavedSearch } from "../../../../contracts/saved-searches.ts";

/** What a marketplace search is: its filters (ids) and its text. */
export interface SearchCriteria {
  readonly filters: Readonly<Partial<Record<FilterKey, number>>>;
  readonly q?: string | undefined;
}

/** Each filter's name on screen (the marketplace's labels). */
export const FILTER_NAMES: Readonly<Record<FilterKey, string>> = {
  industry_id: "Industria",
  interest_id: "Tipo de transacción",
  company_type_id: "Tipo de empresa",
  state_id: "Estado",
  sales_range_id: "Ventas anuales",
  ebitda_id: "EBITDA",
  verification_level_id: "Verificación",
};

/** The order a summary reads the filters in: what, how, where, how big. */
const SUMMARY_ORDER: ReadonlyArray<FilterKey> = ["industry_id", "interest_id", "company_type_id", "state_id", "sales_range_id", "ebitda_id", "verification_level_id"];

/** A catalogue item's name, or undefined while (or when) it is not known. */
export type NameOf = (path: CataloguePath, id: number) => string | undefined;

export const NO_FILTERS_TEXT = "Todas las empresas";

export interface FilterPart {
  readonly key: FilterKey;
  /** "Industria". */
  readonly label: string;
  /** "Tecnología" (or "n.º 3" while the name is unknown). */
  readonly value: string;
}

/** The filters that are set, in reading order, each with its catalogue name. */
export function filterParts(filters: SearchCriteria["filters"], nameOf: NameOf): ReadonlyArray<FilterPart> {
  return SUMMARY_ORDER.flatMap((key) => {
    const id = filters[key];
    if (id === undefined) return [];
    return [{ key, label: FILTER_NAMES[key], value: nameOf(FILTER_CATALOGUES[key], id) ?? `n.º ${id}` }];
  });
}

/** "Industria: Tecnología · Estado: Nuevo León", or "Todas las empresas". */
export function filtersText(filters: SearchCriteria["filters"], nameOf: NameOf): string {
  const parts = filterParts(filters, nameOf);
  return parts.length === 0 ? NO_FILTERS_TEXT : parts.map((part) => `${part.label}: ${part.value}`).join(" · ");
}

/** The text as quoted in a summary: «software». */
export const quotedText = (q: string): string => `«${q}»`;

/**
 * The name the save dialog proposes: the filters' names and the text,
 * "Tecnología · Nuevo León · «software»", cut to the longest name allowed.
 */
export function defaultSearchName({ filters, q }: SearchCriteria, nameOf: NameOf): string {
  const text = q?.trim() ?? "";
  const parts = [...filterParts(filters, nameOf).map((part) => part.value), ...(text === "" ? [] : [quotedText(text)])];
  const name = parts.length === 0 ? NO_FILTERS_TEXT : parts.join(" · ");
  return name.length <= SAVED_SEARCH_NAME_MAX_LENGTH ? name : `${name.slice(0, SAVED_SEARCH_NAME_MAX_LENGTH - 1).trimEnd()}…`;
}

/** The set filters only (no nulls), in the contract's key order. */
const setFilters = (filters: Readonly<Partial<Record<FilterKey, number | null>>>): Partial<Record<FilterKey, number>> => {
  const set: Partial<Record<FilterKey, number>> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (typeof value === "number") set[key] = value;
  }
  return set;
};

/** POST /saved_searches' body: the name, the set filters and the text (null for none). */
export function savedSearchBody(name: string, { filters, q }: SearchCriteria) {
  const text = q?.trim() ?? "";
  return { name, filters: setFilters(filters), q: text === "" ? null : text };
}

/** A saved search as marketplace criteria (its "Ver resultados" link). */
export function criteriaOf(saved: Pick<SavedSearch, "filters" | "q">): SearchCriteria {
  return { filters: setFilters(saved.filters), ...(saved.q === null || saved.q.trim() === "" ? {} : { q: saved.q }) };
}

/**
 * The saved search that is the marketplace's current search, if any: the
 * same filters and the same text as the server compares them when it
 * refuses a duplicate (the contract's savedSearchKey), so the button says
 * "Búsqueda guardada" exactly when saving again would be refused.
 */
export function findSavedSearch<T extends Pick<SavedSearch, "filters" | "q">>(searches: ReadonlyArray<T>, { filters, q }: SearchCriteria): T | undefined {
  const key = savedSearchKey(filters, q);
  return searches.find((saved) => savedSearchKey(saved.filters, saved.q) === key);
}

/** The catalogues a summary of these searches needs, each once. */
export function cataloguesFor(searches: ReadonlyArray<SearchCriteria["filters"]>): ReadonlyArray<CataloguePath> {
  return [...new Set(searches.flatMap((filters) => SUMMARY_ORDER.filter((key) => filters[key] !== undefined).map((key) => FILTER_CATALOGUES[key])))];
}

/** "Ninguna", "1 alerta", "12 alertas". */
export const alertsText = (count: number): string => (count === 0 ? "Ninguna" : count === 1 ? "1 alerta" : `${count.toLocaleString("es-MX")} alertas`);
