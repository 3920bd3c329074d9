import type { CataloguePath } from "./catalogues.ts";

/**
 * The marketplace's filters, limits and messages, without a schema: the marketplace
 * page and its URLs need them on arrival, and a module that imports Effect
 * would bring Effect's runtime into the first load of a page a visitor finds
 * from a search engine (decision 047). contracts/marketplace.ts re-exports
 * them and builds the query's schema from them.
 */

/** Totals are counted up to this many matches; past it the answer says "more than". */
export const TOTAL_COUNT_CAP = 1000;
export const MAX_PAGE = 100;

/** The spec's filter parameters and the Spanish name of each, for messages. */
export const FILTER_LABELS = {
  state_id: "estado",
  industry_id: "industria",
  sales_range_id: "rango de ventas",
  interest_id: "interés",
  company_type_id: "tipo de empresa",
  verification_level_id: "nivel de verificación",
  ebitda_id: "rango de EBITDA",
} as const;
export type FilterKey = keyof typeof FILTER_LABELS;
export const FILTER_KEYS: ReadonlyArray<FilterKey> = [
  "state_id",
  "industry_id",
  "sales_range_id",
  "interest_id",
  "company_type_id",
  "verification_level_id",
  "ebitda_id",
];

/** The catalogue each filter's ids come from: the server refuses an id not in it, the app shows the id's name from it. */
export const FILTER_CATALOGUES: Readonly<Record<FilterKey, CataloguePath>> = {
  state_id: "states",
  industry_id: "industries",
  sales_range_id: "yearly_sales_ranges",
  interest_id: "interests",
  company_type_id: "company_types",
  verification_level_id: "verification_levels",
  ebitda_id: "ebitda_ranges",
};

export const invalidFilterMessage = (key: FilterKey): string => `El filtro de ${FILTER_LABELS[key]} no es válido.`;

/** After a rejection or a revocation, the same buyer may ask the same company again after this many days. */
export const ACCESS_REQUEST_COOLING_OFF_DAYS = 30;

export const INTEREST_SUMMARY_MAX_LENGTH = 2000;
export const INTEREST_MESSAGES = {
  name: "Debes ingresar tu nombre",
  email: "Debes ingresar tu email",
  humanId: "Falta la referencia de la empresa",
  humanIdMismatch: "La referencia no corresponde a esta empresa.",
  summary: "Debes escribir tu mensaje",
  summaryTooLong: `El mensaje no puede tener más de ${INTEREST_SUMMARY_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
  nameTooLong: "El nombre no puede tener más de 120 caracteres.",
  sent: "Mensaje de interés enviado con éxito",
  tooMany: "Enviaste demasiados mensajes de interés. Espera unos minutos e intenta de nuevo.",
  ownCompany: "No puedes enviar un mensaje de interés a tu propia empresa.",
} as const;
