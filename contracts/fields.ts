import { ParseResult, Schema } from "effect";

/**
 * Field building blocks shared by every form contract. Validation messages are
 * the spec's Spanish text; the client shows them under fields and the server
 * answers them as `{ message }`, so both sides say the same thing.
 */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string, trimmed on decode; a non-string fails with `message`. */
export const trimmedString = (message: string) =>
  Schema.transform(Schema.String.annotations({ message: () => message }), Schema.String, {
    strict: true,
    decode: (value) => value.trim(),
    encode: (value) => value,
  });

/** A string that must be present and, once trimmed, non-empty. */
export const requiredText = (message: string) =>
  Schema.propertySignature(
    trimmedString(message).pipe(
      Schema.minLength(1, { message: () => message }),
    ),
  ).annotations({ missingMessage: () => message });

/** Required, trimmed e-mail in a valid format. */
export const requiredEmail = (requiredMessage: string, formatMessage = "Ingresa un email válido") =>
  Schema.propertySignature(
    trimmedString(requiredMessage).pipe(
      Schema.minLength(1, { message: () => requiredMessage }),
      Schema.pattern(EMAIL_PATTERN, { message: () => formatMessage }),
    ),
  ).annotations({ missingMessage: () => requiredMessage });

/** A secret that must not be blank; it is sent exactly as typed. */
export const requiredSecret = (message: string) =>
  Schema.propertySignature(
    Schema.String.annotations({ message: () => message }).pipe(
      Schema.filter((value) => value.trim().length > 0, { message: () => message }),
    ),
  ).annotations({ missingMessage: () => message });

export type FieldErrors = Readonly<Record<string, string>>;

export const INVALID_BODY_MESSAGE = "Los datos enviados no son válidos.";

// Schemas carry Spanish messages on every field; Effect's own English text
// ("Expected string, actual 5") only appears for an unannotated shape, and a
// user must never see it.
const spanishMessage = (issue: ParseResult.ArrayFormatterIssue): string => {
  if (issue.path.length === 0) return INVALID_BODY_MESSAGE;
  if (/^(Expected|is missing|is unexpected)/.test(issue.message)) {
    return `El campo ${issue.path.join(".")} no es válido.`;
  }
  return issue.message;
};

/** First message per top-level field, for showing under form inputs. */
export const fieldErrors = (error: ParseResult.ParseError): FieldErrors => {
  const errors: Record<string, string> = {};
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_";
    errors[key] ??= spanishMessage(issue);
  }
  return errors;
};

/** The first message of a parse error: what the API answers in `{ message }`. */
export const firstMessage = (error: ParseResult.ParseError): string => {
  const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0];
  return issue ? spanishMessage(issue) : INVALID_BODY_MESSAGE;
};
