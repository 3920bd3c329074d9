/**
 * The API's error type and user-facing fallback messages, free of Effect so
 * the app shell (query client, error toasts) can use them without loading the
 * schema library. `api-client.ts` re-exports everything here.
 */

export const GENERIC_ERROR_MESSAGE = "Ocurrió un error, intenta más tarde";
export const BAD_REQUEST_FALLBACK_MESSAGE = "Ocurrió un error, intenta más tarde.";

/** A failed call: HTTP status (0 when there was no response) and a Spanish message for the user. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;

  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * What a person is told about any failure (spec section 8): an API error's
 * Spanish message (the client only ever puts one there, see
 * ./api-client.ts), and for anything else (a script that failed to load, a
 * bug) the generic 'Ocurrió un error, intenta más tarde'.
 */
export function userMessageOf(error: unknown): string {
  return isApiError(error) && error.message.trim() !== "" ? error.message : GENERIC_ERROR_MESSAGE;
}
