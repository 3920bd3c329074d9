import { COMPANY_NOT_FOUND_MESSAGE } from "../../contracts/companies.ts";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";

/**
 * Errors that carry their HTTP status and the Spanish message the user
 * sees. Routes and guards throw them; the error handler (server/app.ts)
 * answers `{ message }` with the status.
 */
export class HttpError extends Error {
  readonly _tag = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}


export const MESSAGES = {
  ...AUTH_MESSAGES,
  unexpected: "Ocurrió un error, intenta más tarde.",
  notFound: "Recurso no encontrado.",
  invalidJson: "El cuerpo de la solicitud no es JSON válido.",
  emptyJson: "El cuerpo de la solicitud está vacío.",
  unsupportedMediaType: "El tipo de contenido no es compatible. Envía los datos como application/json.",
  bodyTooLarge: "El cuerpo de la solicitud es demasiado grande.",
  badRequest: "La solicitud no es válida.",
  companyNotFound: COMPANY_NOT_FOUND_MESSAGE,
} as const;

export const badRequest = (message: string = MESSAGES.badRequest) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.authRequired) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);

interface FrameworkError {
  readonly code?: unknown;
  readonly statusCode?: unknown;
}

const hasShape = (error: unknown): error is FrameworkError => typeof error === "object" && error !== null;

/**
 * Map any thrown value to a status and a Spanish message. `expected` is
 * false only for failures we did not foresee (they are logged, answered 500).
 */
export function toErrorReply(error: unknown): { statusCode: number; message: string; expected: boolean } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message, expected: true };
  if (!hasShape(error)) return { statusCode: 500, message: MESSAGES.unexpected, expected: false };
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { statusCode: 400, message: MESSAGES.invalidJson, expected: true };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { statusCode: 400, message: MESSAGES.emptyJson, expected: true };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { statusCode: 415, message: MESSAGES.unsupportedMediaType, expected: true };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { statusCode: 413, message: MESSAGES.bodyTooLarge, expected: true };
    default:
      break;
  }
  const status = typeof error.statusCode === "number" ? error.statusCode : 500;
  // The JSON parser reports syntax errors and prototype poisoning as a 400 SyntaxError.
  if (status === 400 && error instanceof SyntaxError) return { statusCode: 400, message: MESSAGES.invalidJson, expected: true };
  if (status === 404) return { statusCode: 404, message: MESSAGES.notFound, expected: true };
  if (status >= 400 && status < 500) return { statusCode: status, message: MESSAGES.badRequest, expected: true };
  return { statusCode: 500, message: MESSAGES.unexpected, expected: false };
}
