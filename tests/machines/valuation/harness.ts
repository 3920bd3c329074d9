import { createActor, fromPromise } from "xstate";
import type { ValuationResponse } from "../../../contracts/valuations.ts";
import type { ValuationRequestBody } from "../../../machines/valuation/selectors.ts";
import { statusOf, valuationMachine, type ValuationEvent, type ValuationSnapshot } from "../../../machines/valuation/valuation.machine.ts";
import { EMPTY_ANSWERS, type ValuationAnswers, type ValuationContext } from "../../../machines/valuation/types.ts";
import { fakeEndpoint, type FakeEndpoint } from "../fake-endpoint.ts";

/** Every step answered and valid (México, so MXN). */
export const FILLED: ValuationAnswers = {
  email: " ana@ejemplo.mx ",
  firstName: "Ana",
  lastName: "López",
  industryId: 7,
  location: 1,
  revenue: "12000000",
  ebitda: "2400000.5",
  growth: "-5.5",
  reason: 1,
  website: "tortilleria.com.mx",
};

/** What FILLED sends. */
export const FILLED_REQUEST: ValuationRequestBody = {
  email: "ana@ejemplo.mx",
  name: "Ana López",
  industry_id: 7,
  website: "tortilleria.com.mx",
  gross_revenue: 12_000_000,
  net_profit: 2_400_000.5,
  reason: 1,
  valuation_type: "default",
  location: 1,
  annual_percentage_growth: -5.5,
  currency: "MXN",
};

export const RESULT: ValuationResponse = {
  profit_result: 20,
  valuation_result: 14_250_000,
  multiple: 5.94,
  annual_percentage_growth: -5.5,
  gross_revenue: 12_000_000,
  industry_name: "Alimentos y bebidas",
  net_profit: 2_400_000.5,
  upperEstimate: 19_800_000,
  lowerEstimate: 10_120_000,
  currency: "MXN",
  assumptions: [],
};

/** POST /valuations, faked (answers RESULT unless told otherwise). */
export const fakeValuationServer = () => fakeEndpoint<ValuationRequestBody, ValuationResponse>(RESULT);
export type FakeValuationServer = FakeEndpoint<ValuationRequestBody, ValuationResponse>;

/** The machine with a fake server and a recording `logFailure`. */
export function providedMachine(create: (input: ValuationRequestBody) => Promise<ValuationResponse>, logged: unknown[]) {
  return valuationMachine.provide({
    actors: { createValuation: fromPromise(({ input }) => create(input)) },
    actions: { logFailure: (_, { error }) => void logged.push(error) },
  });
}

const STEP_OF = { step1: 1, step2: 2, step3: 3 } as const;

/**
 * The machine started, from the beginning or pinned at a form step with the
 * given answers (`resolveState`: no entry actions run, nothing is invoked).
 */
export function startValuation(pinned?: { readonly value: "step1" | "step2" | "step3"; readonly answers: ValuationAnswers; readonly showErrors?: boolean }) {
  const server = fakeValuationServer();
  const logged: unknown[] = [];
  const machine = providedMachine(server.call, logged);
  const context: ValuationContext = {
    step: pinned === undefined ? 1 : STEP_OF[pinned.value],
    answers: pinned?.answers ?? EMPTY_ANSWERS,
    showErrors: pinned?.showErrors ?? false,
    refusals: 0,
    result: null,
  };
  const snapshot = pinned === undefined ? undefined : machine.resolveState({ value: pinned.value, context });
  const actor = createActor(machine, snapshot === undefined ? {} : { snapshot });
  actor.start();
  const current = (): ValuationSnapshot => actor.getSnapshot();
  return {
    actor,
    server,
    logged,
    send: (event: ValuationEvent) => actor.send(event),
    value: () => current().value,
    context: () => current().context,
    status: () => statusOf(current()),
  };
}
export type Valuation = ReturnType<typeof startValuation>;

/** Types every answer of `answers` into its step and presses Next, from step 1 to step 4. */
export function fillToReview(valuation: Valuation, answers: ValuationAnswers = FILLED): void {
  const { send } = valuation;
  send({ type: "valuation.change", field: "email", value: answers.email });
  send({ type: "valuation.change", field: "firstName", value: answers.firstName });
  send({ type: "valuation.change", field: "lastName", value: answers.lastName });
  send({ type: "valuation.next" });
  send({ type: "valuation.change", field: "industryId", value: answers.industryId });
  send({ type: "valuation.change", field: "location", value: answers.location });
  send({ type: "valuation.next" });
  send({ type: "valuation.change", field: "revenue", value: answers.revenue });
  send({ type: "valuation.change", field: "ebitda", value: answers.ebitda });
  send({ type: "valuation.change", field: "growth", value: answers.growth });
  send({ type: "valuation.change", field: "reason", value: answers.reason });
  send({ type: "valuation.change", field: "website", value: answers.website });
  send({ type: "valuation.next" });
}
