/**
 * The free valuation wizard (spec sections 2, 3, 4, 5, 8 and 9;
 * /valuacion-gratuita/herramienta; contract: contracts/valuations.ts).
 *
 * States:
 * - `step1`, `step2`, `step3`: the forms. `valuation.change` takes only the
 *   step's own fields (amounts and growth only as digits and one dot with at
 *   most one decimal digit). `valuation.next` is gated: nothing happens until
 *   the step's required fields are answered (the page disables the button);
 *   then it goes on if the contract finds no message for the step's fields,
 *   or stays and shows the messages (`showErrors`) otherwise. `valuation.back`
 *   goes to the previous step (step 1 has none).
 * - `step4` ('Ver mi valuación'):
 *   - `reviewing`: the answers to check. `valuation.submit` starts the wait;
 *     `valuation.back` returns to step 3.
 *   - `waiting`: the named delay `sendDelay` (2 s, spec section 9), with the
 *     loader; then `requesting`.
 *   - `requesting`: the named actor `createValuation` (POST /valuations),
 *     with the loader. Success keeps the result and goes to step 5; failure
 *     goes back to `reviewing`, loader hidden and nothing shown
 *     (`logFailure` only: spec section 8).
 * - `step5`: the result. `valuation.back` returns to step 4 to change the
 *   answers and ask again.
 *
 * Supplied by the app with `valuationMachine.provide(...)`: the actor
 * `createValuation` (a rejecting placeholder here) and the action
 * `logFailure` (a no-op here).
 */
import { assign, fromPromise, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import type { ValuationResponse } from "../../contracts/valuations.ts";
import { acceptsValue, isStepFilled, isStepValid, toRequest, type ValuationRequestBody, type ValuationStatus } from "./selectors.ts";
import { EMPTY_ANSWERS, FIELDS_OF_STEP, type AnswerField, type FormStep, type ValuationAnswers, type ValuationContext, type ValuationStep } from "./types.ts";

/** An edit of one field: the field and its new value. */
export type ValuationChange = {
  readonly [F in AnswerField]: { readonly type: "valuation.change"; readonly field: F; readonly value: ValuationAnswers[F] };
}[AnswerField];

export type ValuationEvent =
  | ValuationChange
  | { readonly type: "valuation.next" }
  | { readonly type: "valuation.back" }
  | { readonly type: "valuation.submit" };

/** Spec section 9: 'Ver mi valuación' sends the request after 2 s. */
export const VALUATION_SEND_DELAY_MS = 2_000;

export const initialValuationContext = (): ValuationContext => ({ step: 1, answers: EMPTY_ANSWERS, showErrors: false, refusals: 0, result: null });

export type { ValuationContext };

export const valuationMachine = setup({
  types: {
    context: {} as ValuationContext,
    events: {} as ValuationEvent,
  },
  actors: {
    /** POST /valuations (the app provides it). */
    createValuation: fromPromise<ValuationResponse, ValuationRequestBody>(() =>
      Promise.reject(new Error("createValuation was not provided: use valuationMachine.provide({ actors: { createValuation } })")),
    ),
  },
  actions: {
    /** Log a failed request; the person sees nothing (spec section 8; the app provides it). */
    logFailure: (_, _params: { error: unknown }) => {},
    setStep: assign((_, params: { step: ValuationStep }) => ({ step: params.step, showErrors: false })),
    change: assign(({ context, event }) => {
      if (event.type !== "valuation.change") return {};
      return { answers: { ...context.answers, [event.field]: event.value } };
    }),
    refuse: assign(({ context }) => ({ showErrors: true, refusals: context.refusals + 1 })),
    keepResult: assign((_, params: { result: ValuationResponse }) => ({ result: params.result })),
  },
  guards: {
    /** The field is one of the step's, and its value is acceptable as typed. */
    canChange: ({ event }, params: { step: FormStep }) => {
      if (event.type !== "valuation.change") return false;
      const fields: readonly AnswerField[] = FIELDS_OF_STEP[params.step];
      return fields.includes(event.field) && acceptsValue(event.field, event.value);
    },
    isFilled: ({ context }, params: { step: FormStep }) => isStepFilled(context.answers, params.step),
    isValid: ({ context }, params: { step: FormStep }) => isStepValid(context.answers, params.step),
  },
  delays: {
    sendDelay: VALUATION_SEND_DELAY_MS,
  },
}).createMachine({
  id: "valuation",
  context: initialValuationContext,
  initial: "step1",
  states: {
    step1: {
      entry: { type: "setStep", params: { step: 1 } },
      on: {
        "valuation.change": { guard: { type: "canChange", params: { step: 1 } }, actions: "change" },
        "valuation.next": [
          { guard: { type: "isValid", params: { step: 1 } }, target: "step2" },
          { guard: { type: "isFilled", params: { step: 1 } }, actions: "refuse" },
        ],
      },
    },
    step2: {
      entry: { type: "setStep", params: { step: 2 } },
      on: {
        "valuation.change": { guard: { type: "canChange", params: { step: 2 } }, actions: "change" },
        "valuation.next": [
          { guard: { type: "isValid", params: { step: 2 } }, target: "step3" },
          { guard: { type: "isFilled", params: { step: 2 } }, actions: "refuse" },
        ],
        "valuation.back": { target: "step1" },
      },
    },
    step3: {
      entry: { type: "setStep", params: { step: 3 } },
      on: {
        "valuation.change": { guard: { type: "canChange", params: { step: 3 } }, actions: "change" },
        "valuation.next": [
          { guard: { type: "isValid", params: { step: 3 } }, target: "step4" },
          { guard: { type: "isFilled", params: { step: 3 } }, actions: "refuse" },
        ],
        "valuation.back": { target: "step2" },
      },
    },
    step4: {
      entry: { type: "setStep", params: { step: 4 } },
      initial: "reviewing",
      states: {
        reviewing: {
          on: {
            "valuation.submit": { target: "waiting" },
            "valuation.back": { target: "#valuation.step3" },
          },
        },
        waiting: {
          after: { sendDelay: { target: "requesting" } },
        },
        requesting: {
          invoke: {
            id: "createValuation",
            src: "createValuation",
            input: ({ context }) => toRequest(context.answers),
            onDone: { target: "#valuation.step5", actions: { type: "keepResult", params: ({ event }) => ({ result: event.output }) } },
            onError: { target: "reviewing", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    step5: {
      entry: { type: "setStep", params: { step: 5 } },
      on: {
        "valuation.back": { target: "step4" },
      },
    },
  },
});

export type ValuationSnapshot = SnapshotFrom<typeof valuationMachine>;

/** The view's status for a snapshot (./selectors.ts `valuationView`). */
export function statusOf(snapshot: ValuationSnapshot): ValuationStatus {
  if (snapshot.matches({ step4: "waiting" })) return "waiting";
  if (snapshot.matches({ step4: "requesting" })) return "requesting";
  if (snapshot.matches({ step4: "reviewing" })) return "reviewing";
  if (snapshot.matches("step5")) return "result";
  return "editing";
}
