import { createActor, fromPromise } from "xstate";
import type { KybResponse } from "../../../contracts/kyb.ts";
import { kybMachine, type KybInput, type SubmitKybInput } from "../../../machines/kyb/kyb.machine.ts";
import { fakeEndpoint, type FakeEndpoint } from "../fake-endpoint.ts";

export const PAID: KybInput = { companyId: 42, isPaid: true };
export const FREE: KybInput = { companyId: 42, isPaid: false };

export const RESULT: KybResponse = { id: 9, company_id: 42, status: "pending", rfc: "ABC680524P73", created_at: "2025-01-15T12:00:00.000Z" };

/** POST /companies/:id/validations/kyb, faked (answers RESULT unless told otherwise). */
export const fakeKybServer = () => fakeEndpoint<SubmitKybInput, KybResponse>(RESULT);
export type FakeKybServer = FakeEndpoint<SubmitKybInput, KybResponse>;

/** The machine with the fake server and recording actions, started. */
export function startKyb(input: KybInput, server: FakeKybServer = fakeKybServer()) {
  const toasts: KybResponse[] = [];
  const logged: unknown[] = [];
  const machine = kybMachine.provide({
    actors: { submitKyb: fromPromise(({ input: submitted }) => server.call(submitted)) },
    actions: {
      notifySuccess: (_, { result }) => void toasts.push(result),
      logFailure: (_, { error }) => void logged.push(error),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, server, toasts, logged, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}
