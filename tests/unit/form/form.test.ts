import { describe, expect, it } from "vitest";
import { ResetPasswordForm } from "../../../contracts/accounts.ts";
import { LoginRequest } from "../../../contracts/sessions.ts";
import { ApiError } from "../../../src/lib/api-error.ts";
import {
  FORM_ERROR,
  INITIAL_FORM_STATE,
  formReducer,
  runSubmit,
  submitFailure,
  type ApiErrorMapper,
  type FormAction,
  type FormResult,
  type FormState,
  type SubmitSteps,
} from "../../../src/lib/form.ts";
import { schemaValidator, validateForm } from "../../../src/lib/form-schema.ts";

const WRONG_CREDENTIALS = "El email o la contraseña son incorrectos.";
const loginMapper: ApiErrorMapper = (error) => (error.status === 401 ? { [FORM_ERROR]: error.message } : null);

/** Runs `runSubmit` with the real reducer; returns the outcome, the actions and the final state. */
async function submit<Values, Body, Result>(values: Values, steps: SubmitSteps<Values, Body, Result>, lock = { current: false }) {
  const actions: FormAction[] = [];
  let state: FormState = INITIAL_FORM_STATE;
  const outcome = await runSubmit(
    values,
    steps,
    (action) => {
      actions.push(action);
      state = formReducer(state, action);
    },
    lock,
  );
  return { outcome, actions: actions.map((action) => action.type), state, lock };
}

describe("validateForm (the contract's Spanish messages)", () => {
  it("gives the first message per field, trimmed text counting as empty", () => {
    expect(validateForm(LoginRequest, { email: "  ", password: "" })).toEqual({
      ok: false,
      errors: { email: "Debes ingresar tu email", password: "Debes ingresar tu contraseña" },
    });
    expect(validateForm(LoginRequest, { email: "no-es-un-email", password: "x" })).toEqual({
      ok: false,
      errors: { email: "Ingresa un email válido" },
    });
  });

  it("gives the decoded value when valid (text trimmed)", () => {
    expect(schemaValidator(LoginRequest)({ email: " ana@ejemplo.mx ", password: "secreta" })).toEqual({
      ok: true,
      value: { email: "ana@ejemplo.mx", password: "secreta" },
    });
  });

  it("puts a cross-field message on the field it is about", () => {
    const result = validateForm(ResetPasswordForm, { password: "Larga-2026", password_confirmation: "Larga-2027" });
    expect(result).toEqual({ ok: false, errors: { password_confirmation: "Los campos no coinciden" } });
  });
});

describe("formReducer", () => {
  it("goes idle → validating → submitting → idle and clears the messages when sending", () => {
    const invalid = formReducer(formReducer(INITIAL_FORM_STATE, { type: "submit" }), { type: "invalid", errors: { email: "Debes ingresar tu email" } });
    expect(invalid).toEqual({ status: "idle", errors: { email: "Debes ingresar tu email" }, attempt: 1 });
    const sending = formReducer(formReducer(invalid, { type: "submit" }), { type: "send" });
    expect(sending).toEqual({ status: "submitting", errors: {}, attempt: 1 });
    expect(formReducer(sending, { type: "succeed" })).toEqual({ status: "idle", errors: {}, attempt: 1 });
  });

  it("ignores a submit while one is under way", () => {
    const validating = formReducer(INITIAL_FORM_STATE, { type: "submit" });
    expect(formReducer(validating, { type: "submit" })).toBe(validating);
    const submitting = formReducer(validating, { type: "send" });
    expect(formReducer(submitting, { type: "submit" })).toBe(submitting);
  });

  it("counts an attempt (focus moves) only when a failure has messages to show", () => {
    const submitting = formReducer(formReducer(INITIAL_FORM_STATE, { type: "submit" }), { type: "send" });
    expect(formReducer(submitting, { type: "fail", errors: {} })).toEqual({ status: "idle", errors: {}, attempt: 0 });
    expect(formReducer(submitting, { type: "fail", errors: { [FORM_ERROR]: WRONG_CREDENTIALS } })).toEqual({
      status: "idle",
      errors: { [FORM_ERROR]: WRONG_CREDENTIALS },
      attempt: 1,
    });
  });
});

describe("submitFailure", () => {
  it("shows a mapped API error in the form", () => {
    expect(submitFailure(new ApiError(401, WRONG_CREDENTIALS), loginMapper)).toEqual({ show: "form", errors: { [FORM_ERROR]: WRONG_CREDENTIALS } });
  });

  it("toasts what the mapping leaves out, what is not an API error, and everything without a mapping", () => {
    expect(submitFailure(new ApiError(500, "Ocurrió un error, intenta más tarde."), loginMapper)).toEqual({ show: "toast" });
    expect(submitFailure(new TypeError("Failed to fetch"), loginMapper)).toEqual({ show: "toast" });
    expect(submitFailure(new ApiError(401, WRONG_CREDENTIALS))).toEqual({ show: "toast" });
    expect(submitFailure(new ApiError(409, "Ya existe"), () => ({}))).toEqual({ show: "toast" });
  });
});

describe("runSubmit", () => {
  const login = (send: (body: { email: string; password: string }) => Promise<string>) =>
    ({ validate: schemaValidator(LoginRequest), submit: send, mapApiError: loginMapper }) satisfies SubmitSteps<unknown, { email: string; password: string }, string>;

  it("never sends invalid values; the messages are shown and focus moves", async () => {
    const sent: unknown[] = [];
    const run = await submit({ email: "", password: "" }, login(async (body) => (sent.push(body), "token")));
    expect(run.outcome).toEqual({ kind: "invalid", errors: { email: "Debes ingresar tu email", password: "Debes ingresar tu contraseña" } });
    expect(run.actions).toEqual(["submit", "invalid"]);
    expect(run.state.attempt).toBe(1);
    expect(sent).toEqual([]);
  });

  it("sends the decoded body and ends idle without messages", async () => {
    const run = await submit({ email: " ana@ejemplo.mx ", password: "secreta" }, login(async (body) => `token for ${body.email}`));
    expect(run.outcome).toEqual({ kind: "succeeded", body: { email: "ana@ejemplo.mx", password: "secreta" }, result: "token for ana@ejemplo.mx" });
    expect(run.actions).toEqual(["submit", "send", "succeed"]);
    expect(run.state).toEqual({ status: "idle", errors: {}, attempt: 0 });
    expect(run.lock.current).toBe(false);
  });

  it("shows a mapped API error in the form and leaves the toast out", async () => {
    const run = await submit({ email: "ana@ejemplo.mx", password: "mala" }, login(() => Promise.reject(new ApiError(401, WRONG_CREDENTIALS))));
    expect(run.outcome).toMatchObject({ kind: "failed", shownInForm: true });
    expect(run.state.errors).toEqual({ [FORM_ERROR]: WRONG_CREDENTIALS });
  });

  it("leaves any other failure to the toast, with no messages in the form", async () => {
    const error = new ApiError(500, "Ocurrió un error, intenta más tarde.");
    const run = await submit({ email: "ana@ejemplo.mx", password: "x" }, login(() => Promise.reject(error)));
    expect(run.outcome).toEqual({ kind: "failed", error, shownInForm: false });
    expect(run.state).toEqual({ status: "idle", errors: {}, attempt: 0 });
  });

  it("refuses a second submit while the first is in flight (a double click)", async () => {
    let release: (value: string) => void = () => {};
    const lock = { current: false };
    const calls: unknown[] = [];
    const steps = login((body) => {
      calls.push(body);
      return new Promise<string>((resolve) => (release = resolve));
    });
    const first = submit({ email: "ana@ejemplo.mx", password: "x" }, steps, lock);
    const second = await submit({ email: "ana@ejemplo.mx", password: "x" }, steps, lock);
    expect(second.outcome).toEqual({ kind: "busy" });
    expect(second.actions).toEqual([]);
    release("token");
    expect((await first).outcome.kind).toBe("succeeded");
    expect(calls).toHaveLength(1);
    expect(lock.current).toBe(false);
  });

  it("waits for a validation that loads lazily, and reports a failed load as a failure (nothing sent)", async () => {
    const lazy = async (values: { name: string }): Promise<FormResult<{ name: string }>> =>
      values.name === "" ? { ok: false, errors: { name: "Debes ingresar tu nombre" } } : { ok: true, value: values };
    const ok = await submit({ name: "Mariana" }, { validate: lazy, submit: async (body) => body.name });
    expect(ok.outcome).toMatchObject({ kind: "succeeded", result: "Mariana" });

    const offline = new TypeError("Failed to fetch dynamically imported module");
    const failed = await submit({ name: "Mariana" }, { validate: () => Promise.reject(offline), submit: async () => "never" });
    expect(failed.outcome).toEqual({ kind: "failed", error: offline, shownInForm: false });
    expect(failed.actions).toEqual(["submit", "fail"]);
  });
});
