/**
 * The paged lists' limits, without a schema (list-query.ts builds the query
 * schemas from them): the marketplace's URLs need them on a visitor's first
 * load, which carries no Effect (decision 047).
 */

/** The longest search text accepted (longer is a 400). */
export const SEARCH_MAX_LENGTH = 100;
/** Cards per page: the default, and the most a client may ask for. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
