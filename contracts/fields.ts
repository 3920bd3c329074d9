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

// --- Account and registration fields (issue 3) -------------------------------

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_REQUIRED_MESSAGE = "Debes ingresar una contraseña";
export const PASSWORD_MIN_MESSAGE = "La contraseña debe ser de al menos 8 caracteres";
export const PASSWORD_MAX_MESSAGE = "La contraseña no puede tener más de 128 caracteres";
export const PASSWORDS_DIFFER_MESSAGE = "Los campos no coinciden";
export const LOWERCASE_EMAIL_MESSAGE = "El correo debe estar en minúsculas";

const tooLong = (max: number) => `Puede tener como máximo ${max} caracteres`;

/** Required trimmed text with an upper bound; `tooLongMessage` defaults to a generic one (the spec gives none). */
export const boundedText = (message: string, max: number, tooLongMessage: string = tooLong(max)) =>
  Schema.propertySignature(
    trimmedString(message).pipe(
      Schema.minLength(1, { message: () => message }),
      Schema.maxLength(max, { message: () => tooLongMessage }),
    ),
  ).annotations({ missingMessage: () => message });

/** Optional trimmed text; blank becomes absent. */
export const optionalText = (max: number) =>
  Schema.optional(
    Schema.transform(
      Schema.String.annotations({ message: () => "Debe ser texto" }).pipe(
        Schema.maxLength(max, { message: () => tooLong(max) }),
      ),
      Schema.String,
      { strict: true, decode: (value) => value.trim(), encode: (value) => value },
    ),
  );

/** The largest value of a PostgreSQL `integer` column (ids, counts). */
export const POSTGRES_INT_MAX = 2_147_483_647;

/**
 * An id in a path parameter ("12"), decoded to the branded id: digits only,
 * checked for length before the pattern, within the integer column's range.
 */
export const idFromPathParam = <B extends number>(id: Schema.Schema<B, number>, message: string) =>
  Schema.transform(
    Schema.String.annotations({ message: () => message }).pipe(
      Schema.maxLength(10, { message: () => message }),
      Schema.pattern(/^[1-9]\d*$/, { message: () => message }),
    ),
    id,
    { strict: true, decode: (digits) => Number(digits), encode: (value) => String(value) },
  );

/** A positive integer id within the column's range, branded `brand`. */
export const positiveId = <const Brand extends string>(brand: Brand, message: string) =>
  Schema.Number.annotations({ message: () => message }).pipe(
    Schema.int({ message: () => message }),
    Schema.between(1, POSTGRES_INT_MAX, { message: () => message }),
    Schema.brand(brand),
  );

/** A chosen catalogue id: a positive integer; anything else (null included) fails with `message`. */
export const requiredId = (message: string) =>
  Schema.propertySignature(
    Schema.Number.annotations({ message: () => message }).pipe(
      Schema.int({ message: () => message }),
      Schema.positive({ message: () => message }),
    ),
  ).annotations({ missingMessage: () => message });

/** Required, trimmed e-mail in a valid format that must already be lower case. */
export const lowercaseEmail = (requiredMessage: string) =>
  Schema.propertySignature(
    trimmedString(requiredMessage).pipe(
      Schema.minLength(1, { message: () => requiredMessage }),
      Schema.pattern(EMAIL_PATTERN, { message: () => "Ingresa un email válido" }),
      Schema.maxLength(254, { message: () => tooLong(254) }),
      Schema.filter((value) => value === value.toLowerCase(), { message: () => LOWERCASE_EMAIL_MESSAGE }),
    ),
  ).annotations({ missingMessage: () => requiredMessage });

/** A new password: not blank, 8 to 128 characters, sent exactly as typed. */
export const newPassword = (requiredMessage: string = PASSWORD_REQUIRED_MESSAGE) =>
  Schema.propertySignature(
    Schema.String.annotations({ message: () => requiredMessage }).pipe(
      Schema.filter((value) => value.trim().length > 0, { message: () => requiredMessage }),
      Schema.filter((value) => value.length >= PASSWORD_MIN_LENGTH, { message: () => PASSWORD_MIN_MESSAGE }),
      Schema.filter((value) => value.length <= PASSWORD_MAX_LENGTH, { message: () => PASSWORD_MAX_MESSAGE }),
    ),
  ).annotations({ missingMessage: () => requiredMessage });

/** A confirmation field: any string (an empty one simply does not match). */
export const confirmation = Schema.propertySignature(
  Schema.String.annotations({ message: () => PASSWORDS_DIFFER_MESSAGE }),
).annotations({ missingMessage: () => PASSWORDS_DIFFER_MESSAGE });

/** Struct-level check that `confirmationKey` repeats `passwordKey`; the issue points at the confirmation field. */
export const passwordsMatch =
  <K extends string, C extends string>(passwordKey: K, confirmationKey: C) =>
  (value: Readonly<Record<K | C, string>>) =>
    value[passwordKey] === value[confirmationKey] || { path: [confirmationKey], message: PASSWORDS_DIFFER_MESSAGE };
