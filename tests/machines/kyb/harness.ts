import { createActor, fromPromise } from "xstate";
import type { KybResponse } from "../../../contracts/kyb.ts";
import { kybMachine, type KybInput, type SubmitKybInput } from "../../../machines/kyb/kyb.machine.ts";

export const PAID: KybInput = { companyId: 42, isPaid: true };
export const FREE: KybInput = { companyId: 42, isPaid: false };

export const RESULT: KybResponse = { id: 9, company_id: 42, status: "pending", rfc: "ABC680524P73", created_at: "2025-01-15T12:00:00.000Z" };

/** Lets a settled promise reach the actor (a `fromPromise` answers a few microtasks later). */
export async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}

/**
 * The endpoint, faked: each call waits until the test answers it, so a test
 * sees the machine with the request in flight. The calls' inputs are kept.
 */
export function fakeKybServer() {
  const calls: SubmitKybInput[] = [];
  let pending: { resolve: (value: KybResponse) => void; reject: (error: unknown) => void } | null = null;
  return {
    calls,
    submit: (input: SubmitKybInput) =>
      new Promise<KybResponse>((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
    async answer(result: KybResponse = RESULT) {
      pending?.resolve(result);
      pending = null;
      await settle();
    },
    async fail(error: unknown = new Error("500")) {
      pending?.reject(error);
      pending = null;
      await settle();
    },
  };
}
export type FakeKybServer = ReturnType<typeof fakeKybServer>;

/** The machine with the fake server and recording actions, started. */
export function startKyb(input: KybInput, server: FakeKybServer = fakeKybServer()) {
  const toasts: KybResponse[] = [];
  const logged: unknown[] = [];
  const machine = kybMachine.provide({
    actors: { submitKyb: fromPromise(({ input: submitted }) => server.submit(submitted)) },
    actions: {
      notifySuccess: (_, { result }) => void toasts.push(result),
      logFailure: (_, { error }) => void logged.push(error),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, server, toasts, logged, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}
