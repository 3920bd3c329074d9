import { Schema } from "effect";
import { POSTGRES_INT_MAX, trimmedString } from "./fields.ts";
import { MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from "./list-limits.ts";

/**
 * Query-string parts shared by the paged lists (the marketplace listing,
 * Mis empresas and the admin tables): a positive integer parameter and the
 * search text, with their Spanish messages.
 */

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from "./list-limits.ts";

export const SEARCH_TOO_LONG_MESSAGE = `La búsqueda no puede tener más de ${SEARCH_MAX_LENGTH} caracteres.`;
export const INVALID_SEARCH_MESSAGE = "La búsqueda no es válida: escribe un solo texto.";
export const INVALID_PAGE_MESSAGE = "La página solicitada no es válida.";
export const INVALID_PAGE_SIZE_MESSAGE = `El número de resultados por página debe estar entre 1 y ${MAX_PAGE_SIZE}.`;

/** Empty, or up to ten digits without a leading zero. */
export const QUERY_INT_PATTERN = /^(|[1-9]\d{0,9})$/;

/** A positive integer written in a query string ("12"), or absent/empty. */
export const positiveIntParam = (message: string, max = POSTGRES_INT_MAX) =>
  Schema.optional(
    Schema.transform(
      Schema.String.annotations({ message: () => message }).pipe(
        Schema.pattern(QUERY_INT_PATTERN, { message: () => message }),
        Schema.filter((value) => value === "" || Number(value) <= max, { message: () => message }),
      ),
      Schema.UndefinedOr(Schema.Int),
      {
        strict: true,
        decode: (value) => (value === "" ? undefined : Number(value)),
        encode: (value) => (value === undefined ? "" : String(value)),
      },
    ),
  );

/** The search text: optional, trimmed, at most SEARCH_MAX_LENGTH characters. */
export const searchText = Schema.optional(
  // Not a string (`?q=a&q=b` arrives as a list): say so, not that it is too long.
  trimmedString(INVALID_SEARCH_MESSAGE).pipe(Schema.maxLength(SEARCH_MAX_LENGTH, { message: () => SEARCH_TOO_LONG_MESSAGE })),
);
