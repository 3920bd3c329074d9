import { useEffect, useRef, useState, type RefObject } from "react";
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

/**
 * The submit-time validation every form shares: errors per field, focus on
 * the first invalid control after each failed submit, and `validate(values)`
 * that returns the decoded request or null (errors shown).
 */
export function useValidatedForm<A, I>(schema: Schema.Schema<A, I>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors, attempt);
  const validate = (values: unknown): A | null => {
    const result = validateForm(schema, values);
    setAttempt((count) => count + 1);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.value : null;
  };
  return { errors, formRef, validate };
}
