import { ParseResult, Schema } from "effect";

/**
 * Field building blocks shared by every form contract. Validation messages are
 * the spec's Spanish text; the client shows them under fields and the server
 * answers them as `{ message }`, so both sides say the same thing.
 */

/** The largest value of a PostgreSQL `integer` column (ids, counts). */
export const POSTGRES_INT_MAX = 2_147_483_647;

const tooLong = (max: number) => `Puede tener como máximo ${max} caracteres`;

/**
 * One mailbox and nothing else: a dot-atom local part (letters, digits and
 * RFC 5322's other atext characters; dots only between them), "@", and a
 * domain of two or more labels (letters, digits, inner hyphens). Display
 * names, lists, comments, quoted local parts and angle brackets
 * (`x<victim@evil.example>`, `a,b@evil.example`) are refused: an address
 * parser downstream (nodemailer) could deliver them elsewhere. No dot can
 * be read two ways (atext has none), so it runs in linear time; the length
 * is checked before it anyway (EMAIL_MAX_LENGTH).
 */
const ATEXT = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]";
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?";
export const EMAIL_PATTERN = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@${LABEL}(?:\\.${LABEL})+$`, "u");
/** RFC 5321's limit for a path; longer is refused before the pattern runs. */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = "Ingresa un email válido";

/** A string, trimmed on decode; a non-string fails with `message`. */
export const trimmedString = (message: string) =>
  Schema.transform(Schema.String.annotations({ message: () => message }), Schema.String, {
    strict: true,
    decode: (value) => value.trim(),
    encode: (value) => value,
  });

/** A string that must be present and, once trimmed, non-empty and at most `max` characters. */
export const requiredText = (message: string, max = 2000) =>
  Schema.propertySignature(
    trimmedString(message).pipe(
      Schema.minLength(1, { message: () => message }),
      Schema.maxLength(max, { message: () => tooLong(max) }),
    ),
  ).annotations({ missingMessage: () => message });

/** A trimmed e-mail: present, then short enough, then well formed (the cheap checks first). */
const email = (requiredMessage: string) =>
  trimmedString(requiredMessage).pipe(
    Schema.minLength(1, { message: () => requiredMessage }),
    Schema.maxLength(EMAIL_MAX_LENGTH, { message: () => INVALID_EMAIL_MESSAGE }),
    Schema.pattern(EMAIL_PATTERN, { message: () => INVALID_EMAIL_MESSAGE }),
  );

/** A phone as people write it: digits, spaces, dashes, dots, parentheses and a leading +. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 20;
export const INVALID_PHONE_MESSAGE = "Ingresa un teléfono válido";

/** The contact form's phone rule: PHONE_PATTERN (linear) with 8 to 20 digits; callers bound the length first. */
export const isPhone = (value: string): boolean => {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
};

/** Required, trimmed e-mail in a valid format. */
export const requiredEmail = (requiredMessage: string) =>
  Schema.propertySignature(email(requiredMessage)).annotations({ missingMessage: () => requiredMessage });

/** An optional trimmed e-mail: absent, or present and well formed (the same checks as requiredEmail). */
export const optionalEmail = (requiredMessage: string) => Schema.optional(email(requiredMessage));

/** A phone typed by a person: trimmed, at most PHONE_MAX_LENGTH characters, then the phone rule (isPhone). */
export const PHONE_MAX_LENGTH = 30;
const phone = (requiredMessage: string) =>
  trimmedString(requiredMessage).pipe(
    Schema.minLength(1, { message: () => requiredMessage }),
    Schema.maxLength(PHONE_MAX_LENGTH, { message: () => INVALID_PHONE_MESSAGE }),
    Schema.filter(isPhone, { message: () => INVALID_PHONE_MESSAGE }),
  );

/** A required phone: present, short enough, 8 to 20 digits as people write them. */
export const requiredPhone = (requiredMessage: string) =>
  Schema.propertySignature(phone(requiredMessage)).annotations({ missingMessage: () => requiredMessage });

/** An optional phone: absent, or a valid one (requiredPhone's checks). */
export const optionalPhone = (requiredMessage: string) => Schema.optional(phone(requiredMessage));

/** A secret that must not be blank, at most `max` characters; it is sent exactly as typed. */
export const requiredSecret = (message: string, max = 1024) =>
  Schema.propertySignature(
    Schema.String.annotations({ message: () => message }).pipe(
      Schema.maxLength(max, { message: () => message }),
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


/** Digits without a leading zero (length is checked before it). */
export const PATH_ID_PATTERN = /^[1-9]\d*$/;

/**
 * An id in a path parameter ("12"), decoded to the branded id: digits only,
 * checked for length before the pattern, within the integer column's range.
 */
export const idFromPathParam = <B extends number>(id: Schema.Schema<B, number>, message: string) =>
  Schema.transform(
    Schema.String.annotations({ message: () => message }).pipe(
      Schema.maxLength(10, { message: () => message }),
      Schema.pattern(PATH_ID_PATTERN, { message: () => message }),
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

/** A chosen catalogue id: a positive integer an id column can hold; anything else (null included) fails with `message`. */
export const requiredId = (message: string) =>
  Schema.propertySignature(
    Schema.Number.annotations({ message: () => message }).pipe(
      Schema.int({ message: () => message }),
      Schema.between(1, POSTGRES_INT_MAX, { message: () => message }),
    ),
  ).annotations({ missingMessage: () => message });

/** Required, trimmed e-mail in a valid format that must already be lower case. */
export const lowercaseEmail = (requiredMessage: string) =>
  Schema.propertySignature(
    email(requiredMessage).pipe(Schema.filter((value) => value === value.toLowerCase(), { message: () => LOWERCASE_EMAIL_MESSAGE })),
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

/** One page of a server-paged list: its rows, how many there are in all, which page and its size. */
export const pageOf = <Row extends Schema.Schema.AnyNoContext>(row: Row) =>
  Schema.Struct({
    items: Schema.Array(row),
    total: Schema.Int,
    page: Schema.Int,
    per_page: Schema.Int,
  });

/** The highest page number a paged list accepts in its query. */
export const QUERY_PAGE_MAX = 100_000;
