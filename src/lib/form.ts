import { useEffect, type RefObject } from "react";
import { Either, Schema } from "effect";
import { fieldErrors, type FieldErrors } from "../../contracts/fields.ts";

/**
 * Form validation runs on submit (spec section 5): decode the values with
 * the request's contract and either get the decoded value or the first
 * Spanish message per field.
 */
export type FormResult<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: FieldErrors };

export function validateForm<A, I>(schema: Schema.Schema<A, I>, values: unknown): FormResult<A> {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(values);
  return Either.isLeft(result) ? { ok: false, errors: fieldErrors(result.left) } : { ok: true, value: result.right };
}

/**
 * After a submit with errors, move focus to the first invalid control in the
 * form (inputs carry aria-invalid; a select's root carries data-invalid and
 * its trigger button takes the focus), so keyboard and screen-reader users
 * land on what to fix. `attempt` changes on every submit.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, errors: FieldErrors, attempt: number): void {
  useEffect(() => {
    if (attempt === 0 || Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] > button[aria-haspopup="listbox"]');
    first?.focus();
  }, [formRef, errors, attempt]);
}
