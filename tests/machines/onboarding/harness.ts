import { createActor, fromPromise } from "xstate";
import { onboardingMachine, statusOf } from "../../../machines/onboarding/onboarding.machine.ts";
import type { CatalogueItem, NotifyTeamInput, OnboardingInput, SaveStepInput } from "../../../machines/onboarding/types.ts";

export const COMPANY_ID = 42;
export const NEW: OnboardingInput = { companyId: COMPANY_ID };

export const GROWTH: CatalogueItem = { id: 1, name: "Capital para crecimiento" };
export const SELL_SHARE: CatalogueItem = { id: 2, name: "Vender participación" };
export const SELL_ALL: CatalogueItem = { id: 3, name: "Vender 100%" };
export const OTHER: CatalogueItem = { id: 4, name: "Fusión" };

/** Lets a settled promise reach the actor (a `fromPromise` answers a few microtasks later). */
export async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}

/**
 * A fake endpoint: each call waits until the test answers it, so a test sees
 * the machine with the request in flight. The calls' inputs are kept.
 */
export function fakeEndpoint<Input>() {
  const calls: Input[] = [];
  let pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  return {
    calls,
    call: (input: Input) =>
      new Promise<unknown>((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
    get inFlight() {
      return pending !== null;
    },
    async answer() {
      pending?.resolve({});
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
export type FakeEndpoint<Input> = ReturnType<typeof fakeEndpoint<Input>>;

/** The machine with fake endpoints and a recording `reportFailure`, started. */
export function startOnboarding(input: OnboardingInput = NEW) {
  const save = fakeEndpoint<SaveStepInput>();
  const notify = fakeEndpoint<NotifyTeamInput>();
  const reported: unknown[] = [];
  const machine = onboardingMachine.provide({
    actors: {
      saveStep: fromPromise(({ input: saved }) => save.call(saved)),
      notifyTeam: fromPromise(({ input: notified }) => notify.call(notified)),
    },
    actions: { reportFailure: (_, { error }) => void reported.push(error) },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    save,
    notify,
    reported,
    snapshot,
    value: () => snapshot().value,
    context: () => snapshot().context,
    step: () => snapshot().context.step,
    status: () => statusOf(snapshot()),
    /** Next, and the save answers. */
    async next() {
      actor.send({ type: "onboarding.next" });
      await save.answer();
    },
    chooseInterests(...interests: CatalogueItem[]) {
      actor.send({ type: "onboarding.change", section: "objective", value: { interests } });
    },
  };
}
export type Onboarding = ReturnType<typeof startOnboarding>;

/** From step 1 (new onboarding) through step 2 with one shareholder at 100%, to step 3. */
export async function toStep3(onboarding: Onboarding): Promise<void> {
  await onboarding.next();
  onboarding.actor.send({ type: "equity.change", index: 0, row: { shareholder: "Ana", equity: 100 } });
  await onboarding.next();
}
