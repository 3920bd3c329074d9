import { fromPromise } from "xstate";
import { valuationMachine } from "../../../../machines/valuation/valuation.machine.ts";
import { createValuation } from "../api/create-valuation.ts";

/**
 * The valuation machine (machines/valuation/) with the app's side effects:
 * - `createValuation`: the real fetcher (POST /valuations, decoded with the contract);
 * - `logFailure`: a log line only; spec section 8 shows the person nothing.
 */
export const appValuationMachine = valuationMachine.provide({
  actors: { createValuation: fromPromise(({ input }) => createValuation(input)) },
  actions: {
    logFailure: (_, { error }) => console.warn("Error al calcular la valuación:", error),
  },
});
