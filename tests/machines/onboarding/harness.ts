import { createActor, fromPromise } from "xstate";
import { onboardingMachine, statusOf } from "../../../machines/onboarding/onboarding.machine.ts";
import { EMPTY_ANSWERS, type CatalogueItem, type NotifyTeamInput, type OnboardingInput, type SaveStepInput } from "../../../machines/onboarding/types.ts";
import { fakeEndpoint as sharedFakeEndpoint, type FakeEndpoint as SharedFakeEndpoint } from "../fake-endpoint.ts";

export const COMPANY_ID = 42;
export const NEW: OnboardingInput = { companyId: COMPANY_ID };
/**
 * A new onboarding as sign-up leaves it (the company's name) with the round's
 * stage and size given, so Next passes steps 1 and 4 (machines/onboarding/step-checks.ts);
 * the tests that are about those checks start from NEW.
 */
export const NAMED_ROUND = { funding_round: "series_a", funding_round_amount: 250_000 } as const;
export const STARTED: OnboardingInput = {
  companyId: COMPANY_ID,
  saved: { answers: { general: { ...EMPTY_ANSWERS.general, name: "Tacos Don Juan" }, fundingRound: NAMED_ROUND }, steps: [] },
};

export const GROWTH: CatalogueItem = { id: 1, name: "Capital para crecimiento" };
export const SELL_SHARE: CatalogueItem = { id: 2, name: "Vender participación" };
export const SELL_ALL: CatalogueItem = { id: 3, name: "Vender 100%" };
export const OTHER: CatalogueItem = { id: 4, name: "Fusión" };

/** A fake endpoint whose answer the machine ignores (the saves and the notification). */
export const fakeEndpoint = <Input>() => sharedFakeEndpoint<Input, unknown>({});
export type FakeEndpoint<Input> = SharedFakeEndpoint<Input, unknown>;

/** The machine with fake endpoints and a recording `reportFailure`, started. */
export function startOnboarding(input: OnboardingInput = STARTED) {
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
