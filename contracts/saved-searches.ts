import { Schema } from "effect";
import { FILTER_KEYS, invalidFilterMessage, type FilterKey } from "./marketplace.ts";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE, INVALID_SEARCH_MESSAGE } from "./list-query.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { boundedText, idFromPathParam, positiveId, POSTGRES_INT_MAX, trimmedString } from "./fields.ts";
import { searchWords } from "./search-words.ts";

/**
 * Saved searches (issue 16): a signed-in buyer saves a marketplace filter and
 * search text, and is e-mailed when a newly listed company matches it (the
 * same matching as GET /companies). At most MAX_SAVED_SEARCHES per account.
 */

export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;

export const SAVED_SEARCH_MESSAGES = {
  name: "Ponle un nombre a tu búsqueda.",
  nameTooLong: `El nombre puede tener como máximo ${SAVED_SEARCH_NAME_MAX_LENGTH} caracteres.`,
  saved: "Búsqueda guardada. Te avisaremos por correo cuando se publique una empresa que coincida.",
  deleted: "Búsqueda eliminada.",
  duplicate: "Ya guardaste una búsqueda con estos filtros.",
  tooManySaved: `Puedes guardar hasta ${MAX_SAVED_SEARCHES} búsquedas. Elimina alguna para guardar otra.`,
  notFound: "La búsqueda guardada no existe.",
  notBuyer: "Solo los compradores e inversionistas pueden guardar búsquedas.",
  tooMany: "Hiciste demasiados cambios seguidos. Espera unos minutos e intenta de nuevo.",
} as const;

/** A filter's id in a JSON body: absent or null (any), or a positive integer. */
const filterId = (key: FilterKey) =>
  Schema.optional(
    Schema.NullOr(
      Schema.Number.annotations({ message: () => invalidFilterMessage(key) }).pipe(
        Schema.int({ message: () => invalidFilterMessage(key) }),
        Schema.between(1, POSTGRES_INT_MAX, { message: () => invalidFilterMessage(key) }),
      ),
    ),
  );

/** The marketplace's filters (contracts/marketplace.ts FILTER_KEYS), each optional. */
export const SavedSearchFiltersInput = Schema.Struct({
  state_id: filterId("state_id"),
  industry_id: filterId("industry_id"),
  sales_range_id: filterId("sales_range_id"),
  interest_id: filterId("interest_id"),
  company_type_id: filterId("company_type_id"),
  verification_level_id: filterId("verification_level_id"),
  ebitda_id: filterId("ebitda_id"),
});

/** The filters as stored: every key, null for "any". */
export const SavedSearchFilters = Schema.Struct(
  Object.fromEntries(FILTER_KEYS.map((key) => [key, Schema.NullOr(Schema.Int)])) as { readonly [K in FilterKey]: Schema.NullOr<typeof Schema.Int> },
);
export type SavedSearchFilters = typeof SavedSearchFilters.Type;

/** POST /saved_searches. */
export const CreateSavedSearch = Schema.Struct({
  name: boundedText(SAVED_SEARCH_MESSAGES.name, SAVED_SEARCH_NAME_MAX_LENGTH, SAVED_SEARCH_MESSAGES.nameTooLong),
  filters: Schema.optional(SavedSearchFiltersInput),
  q: Schema.optional(
    Schema.NullOr(trimmedString(INVALID_SEARCH_MESSAGE).pipe(Schema.maxLength(SEARCH_MAX_LENGTH, { message: () => SEARCH_TOO_LONG_MESSAGE }))),
  ),
});
export type CreateSavedSearch = typeof CreateSavedSearch.Type;

export const SavedSearch = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  filters: SavedSearchFilters,
  /** The search text, or null. */
  q: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  /** When we last e-mailed a match (null: never). */
  last_alert_at: Schema.NullOr(Schema.String),
  /** How many matching listings we e-mailed about. */
  alerts_sent: Schema.Int,
});
export type SavedSearch = typeof SavedSearch.Type;

/** The search text as the marketplace reads it: its plain words, each once, in order ("" for none). */
export const normalizedSearchText = (q: string | null | undefined): string => (q === null || q === undefined ? "" : searchWords(q).join(" "));

/**
 * What makes two searches the same (decision 035), one function for the
 * server (no two saved searches alike) and the app (is the marketplace's
 * search one the buyer saved?): every filter, unset, null and absent
 * alike, and the text as the marketplace reads it ("TECNOLOGÍA  Monterrey"
 * = "tecnologia monterrey"; a text without words is no text).
 */
export function savedSearchKey(filters: Readonly<Partial<Record<FilterKey, number | null | undefined>>>, q: string | null | undefined): string {
  return JSON.stringify([...FILTER_KEYS.map((key) => filters[key] ?? null), normalizedSearchText(q)]);
}

export const SavedSearchList = Schema.Struct({ items: Schema.Array(SavedSearch) });
export type SavedSearchList = typeof SavedSearchList.Type;

export const SavedSearchId = positiveId("SavedSearchId", SAVED_SEARCH_MESSAGES.notFound);
export const SavedSearchIdParams = Schema.Struct({ id: idFromPathParam(SavedSearchId, SAVED_SEARCH_MESSAGES.notFound) });

export const DeletedSavedSearch = Schema.Struct({ id: Schema.Int });

/** GET /saved_searches: the caller's saved searches, newest first. */
export const listSavedSearchesEndpoint = defineEndpoint({
  method: "GET",
  path: "/saved_searches",
  summary: "The signed-in buyer's saved searches, newest first.",
  access: { who: "role", roles: ["buyer"], refusal: "notBuyer" },
  response: SavedSearchList,
  errors: { notBuyer: { status: 403, message: SAVED_SEARCH_MESSAGES.notBuyer } },
});

/** POST /saved_searches: save the marketplace's current filters and search text. */
export const createSavedSearchEndpoint = defineEndpoint({
  method: "POST",
  path: "/saved_searches",
  summary: "Save a marketplace filter and search; a newly listed company that matches it is e-mailed to the buyer.",
  access: { who: "role", roles: ["buyer"], refusal: "notBuyer" },
  body: CreateSavedSearch,
  response: SavedSearch,
  status: 201,
  errors: {
    notBuyer: { status: 403, message: SAVED_SEARCH_MESSAGES.notBuyer },
    duplicate: { status: 409, message: SAVED_SEARCH_MESSAGES.duplicate },
    tooManySaved: { status: 409, message: SAVED_SEARCH_MESSAGES.tooManySaved },
    tooMany: { status: 429, message: SAVED_SEARCH_MESSAGES.tooMany },
  },
});

/** DELETE /saved_searches/{id}: stop the alerts of one of the caller's saved searches. */
export const deleteSavedSearchEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/saved_searches/:id",
  summary: "Delete one of the caller's saved searches (its alerts stop).",
  // Each buyer their own searches: someone else's id is a missing one (the handler).
  access: { who: "role", roles: ["buyer"], refusal: "notBuyer" },
  params: SavedSearchIdParams,
  response: DeletedSavedSearch,
  errors: {
    notBuyer: { status: 403, message: SAVED_SEARCH_MESSAGES.notBuyer },
    notFound: { status: 404, message: SAVED_SEARCH_MESSAGES.notFound },
    tooMany: { status: 429, message: SAVED_SEARCH_MESSAGES.tooMany },
  },
});

export const SAVED_SEARCH_ENDPOINTS: ReadonlyArray<Endpoint> = [listSavedSearchesEndpoint, createSavedSearchEndpoint, deleteSavedSearchEndpoint];
