/**
 * The KYB básico dialog (spec sections 2, 4, 5, 6, 8 and 9; contract:
 * contracts/kyb.ts; docs/decisions/016-kyb.md).
 *
 * States (flat; ./selectors.ts names them for the view):
 * - `closed` (initial): `kyb.open` opens the dialog only for paid users
 *   (guard `isPaid`); otherwise nothing happens. Entering it forgets the RFC.
 * - `editing`: `kyb.change` keeps the RFC as typed; `kyb.submit` checks it
 *   with the contract's RFC check (contracts/rfc.ts, the one the server runs):
 *   valid goes on with the normalised RFC (trimmed, upper case), invalid stays
 *   here with the Spanish message.
 * - `submitting`: the `submitKyb` actor (POST /companies/:id/validations/kyb).
 *   The dialog cannot be closed meanwhile.
 * - `succeeded`: the dialog says the result (once: the app adds no toast;
 *   `notifySuccess` is a hook for tests), remembers the verified RFC (kept
 *   after closing: the button shows it), then closes after `successClose` (8 s).
 * - `failed`: silent for the user (spec section 8), `logFailure` only; closes
 *   after `failureClose` (2 s).
 *
 * `kyb.close` closes from every state but `submitting`. `kyb.paidChanged`
 * follows the session's plan anywhere (a plan that ends closes nothing that is
 * already open: the server decides the request).
 *
 * Supplied by the app with `kybMachine.provide(...)`: the actor `submitKyb`
 * (a rejecting placeholder here) and the actions `notifySuccess`,
 * `logFailure` (no-ops here).
 */
import { assign, fromPromise, setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import type { KybResponse } from "../../contracts/kyb.ts";
import { checkRfc } from "../../contracts/rfc.ts";
import type { KybContext } from "./selectors.ts";

export interface KybInput {
  readonly companyId: number;
  readonly isPaid: boolean;
}

export type KybEvent =
  | { readonly type: "kyb.open" }
  | { readonly type: "kyb.close" }
  | { readonly type: "kyb.change"; readonly rfc: string }
  | { readonly type: "kyb.submit" }
  | { readonly type: "kyb.paidChanged"; readonly isPaid: boolean };

export interface SubmitKybInput {
  readonly companyId: number;
  /** Normalised and checked. */
  readonly rfc: string;
}

/** Spec section 9: how long the dialog stays open after an answer. */
export const KYB_SUCCESS_CLOSE_MS = 8_000;
export const KYB_FAILURE_CLOSE_MS = 2_000;

export const initialKybContext = ({ companyId, isPaid }: KybInput): KybContext => ({ companyId, isPaid, rfc: "", error: null, result: null, verifiedRfc: null });

export const kybMachine = setup({
  types: {
    context: {} as KybContext,
    events: {} as KybEvent,
    input: {} as KybInput,
  },
  actors: {
    /** POST /companies/:id/validations/kyb (the app provides it). */
    submitKyb: fromPromise<KybResponse, SubmitKybInput>(() =>
      Promise.reject(new Error("submitKyb was not provided: use kybMachine.provide({ actors: { submitKyb } })")),
    ),
  },
  actions: {
    /** Told of a success (a no-op in the app: the dialog says the result; tests count it). */
    notifySuccess: (_, _params: { result: KybResponse }) => {},
    /** Log the failure; nothing is shown (spec section 8; the app provides it). */
    logFailure: (_, _params: { error: unknown }) => {},
    reset: assign({ rfc: "", error: null, result: null }),
    setRfc: assign((_, params: { rfc: string }) => ({ rfc: params.rfc })),
    setPaid: assign((_, params: { isPaid: boolean }) => ({ isPaid: params.isPaid })),
    /** The RFC as it will be sent: trimmed, upper case. */
    acceptRfc: assign(({ context }) => {
      const checked = checkRfc(context.rfc);
      return checked.ok ? { rfc: checked.rfc, error: null } : {};
    }),
    refuseRfc: assign(({ context }) => {
      const checked = checkRfc(context.rfc);
      return { error: checked.ok ? null : checked.message };
    }),
    remember: assign((_, params: { result: KybResponse }) => ({ result: params.result, verifiedRfc: params.result.rfc })),
  },
  guards: {
    isPaid: ({ context }) => context.isPaid,
    isRfcValid: ({ context }) => checkRfc(context.rfc).ok,
  },
  delays: {
    successClose: KYB_SUCCESS_CLOSE_MS,
    failureClose: KYB_FAILURE_CLOSE_MS,
  },
}).createMachine({
  id: "kyb",
  context: ({ input }) => initialKybContext(input),
  initial: "closed",
  on: {
    "kyb.paidChanged": { actions: { type: "setPaid", params: ({ event }) => ({ isPaid: event.isPaid }) } },
  },
  states: {
    closed: {
      entry: "reset",
      on: {
        "kyb.open": { guard: "isPaid", target: "editing" },
      },
    },
    editing: {
      on: {
        "kyb.change": { actions: { type: "setRfc", params: ({ event }) => ({ rfc: event.rfc }) } },
        "kyb.submit": [
          { guard: "isRfcValid", target: "submitting", actions: "acceptRfc" },
          { actions: "refuseRfc" },
        ],
        "kyb.close": { target: "closed" },
      },
    },
    submitting: {
      invoke: {
        id: "submitKyb",
        src: "submitKyb",
        input: ({ context }) => ({ companyId: context.companyId, rfc: context.rfc }),
        onDone: {
          target: "succeeded",
          actions: [
            { type: "remember", params: ({ event }) => ({ result: event.output }) },
            { type: "notifySuccess", params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: "failed", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    succeeded: {
      after: { successClose: { target: "closed" } },
      on: { "kyb.close": { target: "closed" } },
    },
    failed: {
      after: { failureClose: { target: "closed" } },
      on: { "kyb.close": { target: "closed" } },
    },
  },
});

export type KybSnapshot = SnapshotFrom<typeof kybMachine>;
