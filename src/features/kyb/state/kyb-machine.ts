import { fromPromise } from "xstate";
import { kybMachine } from "../../../../machines/kyb/kyb.machine.ts";
import { createKybValidation } from "../api/create-kyb-validation.ts";

/**
 * The KYB machine (machines/kyb/) with the app's side effects:
 * - `submitKyb`: the real fetcher (decoded with the contract);
 * - no `notifySuccess`: the result is said once, in the dialog's status
 *   (a toast would say it a second time, outside the modal);
 * - `logFailure`: a log line only; the spec shows no message and the
 *   dialog closes after 2 s.
 */
export const appKybMachine = kybMachine.provide({
  actors: { submitKyb: fromPromise(({ input }) => createKybValidation(input)) },
  actions: {
    logFailure: (_, { error }) => console.warn("Error al solicitar el KYB básico:", error),
  },
});
