import { fromPromise } from "xstate";
import { KYB_MESSAGES } from "../../../../contracts/kyb.ts";
import { kybMachine } from "../../../../machines/kyb/kyb.machine.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { createKybValidation } from "../api/create-kyb-validation.ts";

/**
 * The KYB machine (machines/kyb/) with the app's side effects:
 * - `submitKyb`: the real fetcher (decoded with the contract);
 * - `notifySuccess`: the spec's success toast (section 8);
 * - `logFailure`: a log line only; the spec shows no message and the
 *   dialog closes after 2 s.
 */
export const appKybMachine = kybMachine.provide({
  actors: { submitKyb: fromPromise(({ input }) => createKybValidation(input)) },
  actions: {
    notifySuccess: () => toastSuccess(KYB_MESSAGES.verified),
    logFailure: (_, { error }) => console.warn("Error al solicitar el KYB básico:", error),
  },
});
