import { useEffect, useReducer, useRef, useState, type FormEvent, type RefObject } from "react";
import type { FieldErrors } from "../../contracts/fields.ts";
import { isApiError, type ApiError } from "./api-error.ts";
import { fieldsOf, type Fields } from "./form-fields.ts";
import { toastApiError } from "./toast.ts";

/**
 * The one submit scaffold every form uses (docs/decisions/010):
 *
 * 1. validation runs on submit (spec section 5) and yields the request body
 *    or the Spanish message per field (the contract schema's messages, see
 *    `validateForm` in ./form-schema.ts);
 * 2. focus moves to the first invalid control;
 * 3. while the request is in flight the form is busy (the submit button
 *    shows it) and further submits are ignored;
 * 4. a failed request shows the API's message in a toast (spec section 8),
 *    unless `mapApiError` turns it into a message in the form: under a field,
 *    or above the submit button (`FORM_ERROR`).
 *
 * This module stays free of Effect at run time, so a page whose validation
 * loads lazily (the contact form) can use it without putting the schema
 * library on its first load. The pure parts (`formReducer`,
 * `submitFailure`, `runSubmit`) run in node and are unit tested.
 */

/** Valid: the request body. Invalid: the first message per field. */
export type FormResult<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: FieldErrors };

/** The key of a message about the whole form rather than one field (also where `fieldErrors` puts root-level issues). */
export const FORM_ERROR = "_";

export type FormStatus = "idle" | "validating" | "submitting";

export interface FormState {
  readonly status: FormStatus;
  readonly errors: FieldErrors;
  /** Counts submits that ended with messages to show; focus moves when it changes. */
  readonly attempt: number;
}

export type FormAction =
  | { readonly type: "submit" }
  | { readonly type: "invalid"; readonly errors: FieldErrors }
  | { readonly type: "send" }
  | { readonly type: "succeed" }
  | { readonly type: "fail"; readonly errors: FieldErrors };

export const INITIAL_FORM_STATE: FormState = { status: "idle", errors: {}, attempt: 0 };

const NO_ERRORS: FieldErrors = {};
const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** The submit lifecycle: idle → validating → (idle with messages | submitting → idle). */
export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case "submit":
      return state.status === "idle" ? { ...state, status: "validating" } : state;
    case "invalid":
      return { status: "idle", errors: action.errors, attempt: state.attempt + 1 };
    case "send":
      // Messages from the last attempt go away, so a repeated server message is announced again.
      return { ...state, status: "submitting", errors: NO_ERRORS };
    case "succeed":
      return { ...state, status: "idle", errors: NO_ERRORS };
    case "fail":
      return { status: "idle", errors: action.errors, attempt: hasErrors(action.errors) ? state.attempt + 1 : state.attempt };
  }
}

/** Turns an API error into messages shown in the form, or null to show it in a toast. */
export type ApiErrorMapper = (error: ApiError) => FieldErrors | null;

/** What a failed request shows: messages in the form (mapped) or the error toast. */
export function submitFailure(error: unknown, mapApiError?: ApiErrorMapper): { readonly show: "form"; readonly errors: FieldErrors } | { readonly show: "toast" } {
  if (mapApiError !== undefined && isApiError(error)) {
    const errors = mapApiError(error);
    if (errors !== null && hasErrors(errors)) return { show: "form", errors };
  }
  return { show: "toast" };
}

export interface SubmitSteps<Values, Body, Result> {
  /** Values to the request body, or the message per field; may be async (validation code loaded on demand). */
  readonly validate: (values: Values) => FormResult<Body> | Promise<FormResult<Body>>;
  /** Sends the body (a mutation's `mutateAsync`, or a fetcher). */
  readonly submit: (body: Body) => Promise<Result>;
  readonly mapApiError?: ApiErrorMapper | undefined;
}

export type SubmitOutcome<Body, Result> =
  | { readonly kind: "busy" }
  | { readonly kind: "invalid"; readonly errors: FieldErrors }
  | { readonly kind: "succeeded"; readonly body: Body; readonly result: Result }
  | { readonly kind: "failed"; readonly error: unknown; readonly shownInForm: boolean };

/**
 * One submit, without React: validate, send, classify the failure. `lock`
 * is held from the first moment to the end, so a second submit in the same
 * tick (a double click) is refused before any state has re-rendered.
 */
export async function runSubmit<Values, Body, Result>(
  values: Values,
  steps: SubmitSteps<Values, Body, Result>,
  dispatch: (action: FormAction) => void,
  lock: { current: boolean },
): Promise<SubmitOutcome<Body, Result>> {
  if (lock.current) return { kind: "busy" };
  lock.current = true;
  try {
    dispatch({ type: "submit" });
    let validated: FormResult<Body>;
    try {
      validated = await steps.validate(values);
    } catch (error) {
      // The validation code failed to load (offline): nothing was sent.
      dispatch({ type: "fail", errors: NO_ERRORS });
      return { kind: "failed", error, shownInForm: false };
    }
    if (!validated.ok) {
      dispatch({ type: "invalid", errors: validated.errors });
      return { kind: "invalid", errors: validated.errors };
    }
    dispatch({ type: "send" });
    try {
      const result = await steps.submit(validated.value);
      dispatch({ type: "succeed" });
      return { kind: "succeeded", body: validated.value, result };
    } catch (error) {
      const failure = submitFailure(error, steps.mapApiError);
      dispatch({ type: "fail", errors: failure.show === "form" ? failure.errors : NO_ERRORS });
      return { kind: "failed", error, shownInForm: failure.show === "form" };
    }
  } finally {
    lock.current = false;
  }
}

/**
 * The controls a failed submit can focus: inputs mark aria-invalid; a
 * react-aria Select marks its root and focuses its trigger; a radio group
 * (react-aria) and a checkbox group (ui/CheckboxGroup) mark their group and
 * focus their first option, where the group's message is announced.
 */
export const INVALID_CONTROL_SELECTOR = [
  '[aria-invalid="true"]',
  '[data-invalid] > button[aria-haspopup="listbox"]',
  '[role="radiogroup"][data-invalid] input[type="radio"]',
  'fieldset[data-invalid] input[type="checkbox"]',
].join(", ");

/**
 * After a submit with messages, move focus to the first invalid control in
 * the form, so keyboard and screen-reader users land on what to fix. The
 * page's scroll padding (src/styles/global.css.ts) keeps it below the sticky
 * header. `attempt` changes on every such submit.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, errors: FieldErrors, attempt: number): void {
  useEffect(() => {
    if (attempt === 0 || !hasErrors(errors)) return;
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL_SELECTOR)?.focus();
  }, [formRef, errors, attempt]);
}

/** What `onSuccess` may do to the form (e.g. empty the message that was sent). */
export interface FormControls<Values> {
  readonly setValues: (update: Values | ((current: Values) => Values)) => void;
}

export interface FormOptions<Values, Body, Result> extends SubmitSteps<Values, Body, Result> {
  readonly initialValues: Values;
  /** After the request succeeded: the success toast, a redirect, resetting fields. */
  readonly onSuccess?: (result: Result, body: Body, form: FormControls<Values>) => void;
  /** After the request failed, besides the toast or the mapped message. */
  readonly onError?: (error: unknown) => void;
}

/**
 * The form's fields (`field`, `checkbox`, `money`, `percent`, `file`: see
 * ./form-fields.ts) are the only way a control gets its label, description,
 * value and message: `<TextField {...form.field("email", { label: "Email" })} />`.
 */
export interface Form<Values> extends FormControls<Values>, Fields<Values> {
  readonly values: Values;
  /** `set("email")` changes one value (e.g. from an effect); controls get theirs from `field()`. */
  readonly set: <K extends keyof Values>(key: K) => (value: Values[K]) => void;
  /** The message per field; `errors[FORM_ERROR]` is about the whole form. */
  readonly errors: FieldErrors;
  /** The message about the whole form (see `FormAlert`), if any. */
  readonly formError: string | undefined;
  /** Validating or sending: show it on the submit button. */
  readonly isSubmitting: boolean;
  readonly formRef: RefObject<HTMLFormElement | null>;
  /** The form's onSubmit. */
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The form scaffold: values, submit-time validation, focus, busy state, and what a failed request shows. */
export function useForm<Values, Body, Result>(options: FormOptions<Values, Body, Result>): Form<Values> {
  const [values, setValues] = useState<Values>(options.initialValues);
  const [state, dispatch] = useReducer(formReducer, INITIAL_FORM_STATE);
  const formRef = useRef<HTMLFormElement>(null);
  const lock = useRef(false);
  useFocusFirstInvalid(formRef, state.errors, state.attempt);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runSubmit(values, options, dispatch, lock).then((outcome) => {
      if (outcome.kind === "succeeded") {
        options.onSuccess?.(outcome.result, outcome.body, { setValues });
      } else if (outcome.kind === "failed") {
        if (!outcome.shownInForm) toastApiError(outcome.error);
        options.onError?.(outcome.error);
      }
    });
  };

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const fields = fieldsOf({ values, errors: state.errors, change: (key, value) => set(key)(value) });

  return {
    ...fields,
    values,
    set,
    setValues,
    errors: state.errors,
    formError: state.errors[FORM_ERROR],
    isSubmitting: state.status !== "idle",
    formRef,
    onSubmit,
  };
}
