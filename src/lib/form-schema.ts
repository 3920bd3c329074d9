import { Either, Schema } from "effect";
import { fieldErrors } from "../../contracts/fields.ts";
import type { FormResult } from "./form.ts";

/**
 * Validation with a request's contract (the spec's Spanish messages live in
 * the schemas): the decoded value, or the first message per field. Kept
 * apart from ./form.ts because it loads Effect; a page that must stay light
 * (the contact form) imports this only from its lazily loaded logic.
 */
export function validateForm<A, I>(schema: Schema.Schema<A, I>, values: unknown): FormResult<A> {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(values);
  return Either.isLeft(result) ? { ok: false, errors: fieldErrors(result.left) } : { ok: true, value: result.right };
}

/** `validate` for `useForm`: the form's values decoded with `schema`. */
export const schemaValidator =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (values: unknown): FormResult<A> =>
    validateForm(schema, values);
