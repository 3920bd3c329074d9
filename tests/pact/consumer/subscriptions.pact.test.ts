import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import {
  cancelSubscriptionEndpoint,
  resumeSubscriptionEndpoint,
  createBillingPortalSessionEndpoint,
  schedulePlanChangeEndpoint,
  cancelPlanChangeEndpoint,
  createCheckoutSessionEndpoint,
  getSubscriptionEndpoint,
  listPaymentsEndpoint,
  listPlansEndpoint,
  SUBSCRIPTION_MESSAGES,
} from "../../../contracts/subscriptions.ts";
import { cancelSubscription } from "../../../src/features/subscriptions/api/cancel-subscription.ts";
import { resumeSubscription } from "../../../src/features/subscriptions/api/resume-subscription.ts";
import { createBillingPortalSession } from "../../../src/features/subscriptions/api/create-billing-portal-session.ts";
import { cancelPlanChange, schedulePlanChange } from "../../../src/features/subscriptions/api/scheduled-plan.ts";
import { createCheckoutSession } from "../../../src/features/subscriptions/api/create-checkout-session.ts";
import { getPlans } from "../../../src/features/subscriptions/api/get-plans.ts";
import { getSubscription } from "../../../src/features/subscriptions/api/get-subscription.ts";
import { listPayments } from "../../../src/features/subscriptions/api/list-payments.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, string, useMockServer, when } from "./pact.ts";

const { boolean, number } = MatchersV3;

const bearer = bearerFrom("sellerToken");

const PLAN = {
  id: regex("^(explora|impulsa)_(monthly|quarterly)$", "explora_monthly"),
  name: string("Explora"),
  nickname: string("Explora mensual"),
  interval: regex("^(month|quarter)$", "month"),
  amount_mxn: integer(1500),
  // A percent may be whole (2) or not (2.5): any number.
  success_fee_percent: number(2),
  plus_iva: boolean(true),
  is_most_popular: boolean(false),
};

const FREE = {
  id: integer(1),
  status: string("free"),
  is_free: boolean(true),
  plan_id: null,
  nickname: null,
  period_start: null,
  period_end: null,
  cancel_at: null,
  amount: null,
  currency: string("mxn"),
  created_at: when("2026-11-01T10:00:00.000Z"),
};

const ACTIVE = {
  ...FREE,
  status: string("active"),
  is_free: boolean(false),
  plan_id: string("explora_monthly"),
  nickname: string("Explora mensual"),
  period_start: when("2026-11-01T10:00:00.000Z"),
  period_end: when("2026-12-01T10:00:00.000Z"),
  amount: integer(1740),
};

/** Cancelled: no renewal, access until cancel_at (the end of the period paid for). */
const CANCELLED = {
  ...ACTIVE,
  status: string("canceled"),
  cancel_at: when("2026-12-01T10:00:00.000Z"),
};

describe("subscriptions and payments (consumer)", () => {
  const pact = newPact();

  it("GET /api/plans lists the plans with their prices in MXN before IVA", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the plan table")
      .withRequest(...requestTo(listPlansEndpoint))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(eachLike(PLAN, 4)))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const plans = await getPlans();
        expect(plans).toHaveLength(4);
        expect(plans[0]).toMatchObject({ id: "explora_monthly", amount_mxn: 1500, plus_iva: true });
      });
  });

  it("GET /api/subscriptions answers the free plan to a seller who never paid", async () => {
    await pact
      .addInteraction()
      .given("a seller on the free plan is signed in")
      .uponReceiving("a request for a free seller's subscription")
      .withRequest(...requestTo(getSubscriptionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(FREE))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        expect(await getSubscription()).toMatchObject({ is_free: true, status: "free", cancel_at: null });
      });
  });

  it("GET /api/subscriptions answers an active plan with its period", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("a request for a paying seller's subscription")
      .withRequest(...requestTo(getSubscriptionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(ACTIVE))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        expect(await getSubscription()).toMatchObject({ is_free: false, status: "active", plan_id: "explora_monthly" });
      });
  });

  it("GET /api/subscriptions answers a cancelled plan that keeps access until cancel_at", async () => {
    await pact
      .addInteraction()
      .given("a seller with a cancelled Explora plan is signed in")
      .uponReceiving("a request for a cancelled seller's subscription")
      .withRequest(...requestTo(getSubscriptionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(CANCELLED))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const subscription = await getSubscription();
        expect(subscription).toMatchObject({ is_free: false, status: "canceled", plan_id: "explora_monthly" });
        expect(subscription.cancel_at).toBe(subscription.period_end);
      });
  });

  it("POST /api/payments/checkout_sessions answers the checkout page to open", async () => {
    await pact
      .addInteraction()
      .given("a seller on the free plan is signed in")
      .uponReceiving("a checkout for the Explora monthly plan")
      .withRequest(...requestTo(createCheckoutSessionEndpoint, { headers: bearer, body: { subscription_id: "explora_monthly" } }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ checkout_url: regex("^https?://.+", "http://localhost:3000/api/payments/local-checkout/cs_local_1") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        expect((await createCheckoutSession("explora_monthly")).checkout_url).toMatch(/^https?:\/\//);
      });
  });

  it("POST /api/payments/checkout_sessions refuses the plan the seller already pays for (409)", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("a checkout of the plan already active")
      .withRequest(...requestTo(createCheckoutSessionEndpoint, { headers: bearer, body: { subscription_id: "explora_monthly" } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SUBSCRIPTION_MESSAGES.alreadyPaid) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(createCheckoutSession("explora_monthly"));
        expect(failure instanceof ApiError && failure.status).toBe(409);
        expect(failure instanceof ApiError && failure.message).toBe(SUBSCRIPTION_MESSAGES.alreadyPaid);
      });
  });

  it("DELETE /api/subscriptions cancels and keeps access until cancel_at", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("a cancellation of an active plan")
      .withRequest(...requestTo(cancelSubscriptionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ ...ACTIVE, status: string("canceled"), cancel_at: when("2026-12-01T10:00:00.000Z") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const cancelled = await cancelSubscription();
        expect(cancelled.is_free).toBe(false);
        expect(cancelled.cancel_at).not.toBeNull();
      });
  });

  it("PUT /api/subscriptions resumes a cancelled plan within its period", async () => {
    await pact
      .addInteraction()
      .given("a seller with a cancelled Explora plan is signed in")
      .uponReceiving("a resumption of a cancelled plan")
      .withRequest(...requestTo(resumeSubscriptionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ ...ACTIVE, status: string("active"), cancel_at: null }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const resumed = await resumeSubscription();
        expect(resumed).toMatchObject({ is_free: false, status: "active", cancel_at: null });
      });
  });

  it("POST /api/payments/portal_sessions says there is no payment method to manage on a plan Stripe does not charge (409)", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("a billing portal for a plan paid on the local checkout")
      .withRequest(...requestTo(createBillingPortalSessionEndpoint, { headers: bearer }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SUBSCRIPTION_MESSAGES.noBillingPortal) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(createBillingPortalSession());
        expect(failure instanceof ApiError && failure.status).toBe(409);
        expect(failure instanceof ApiError && failure.message).toBe(SUBSCRIPTION_MESSAGES.noBillingPortal);
      });
  });

  it("PUT /api/subscriptions/scheduled_plan chooses the plan that follows when the period ends", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("a change of plan scheduled for the end of the period")
      .withRequest(...requestTo(schedulePlanChangeEndpoint, { headers: bearer, body: { plan_id: "explora_quarterly" } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ ...ACTIVE, status: string("canceled"), cancel_at: when("2026-12-01T10:00:00.000Z"), scheduled_plan_id: "explora_quarterly" }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        expect(await schedulePlanChange("explora_quarterly")).toMatchObject({ is_free: false, scheduled_plan_id: "explora_quarterly" });
      });
  });

  it("DELETE /api/subscriptions/scheduled_plan says there is nothing scheduled (409)", async () => {
    await pact
      .addInteraction()
      .given("a seller with a cancelled Explora plan is signed in")
      .uponReceiving("dropping a change of plan that was never scheduled")
      .withRequest(...requestTo(cancelPlanChangeEndpoint, { headers: bearer }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SUBSCRIPTION_MESSAGES.nothingScheduled) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(cancelPlanChange());
        expect(failure instanceof ApiError && failure.status).toBe(409);
      });
  });

  it("GET /api/payments pages Historial five at a time", async () => {
    await pact
      .addInteraction()
      .given("a seller with an active Explora plan is signed in")
      .uponReceiving("the second page of a paying seller's payments")
      .withRequest(...requestTo(listPaymentsEndpoint, { headers: bearer, query: { page: "2" } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: integer(1),
            paid_at: when("2026-06-01T10:00:00.000Z"),
            plan_id: string("explora_monthly"),
            nickname: string("Explora mensual"),
            amount: integer(1740),
            currency: string("mxn"),
            status: string("paid"),
            receipt_url: regex("^(https?://|/).+", "/api/payments/1/receipt"),
          }),
          total: integer(6),
          page: integer(2),
          per_page: integer(5),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const list = await listPayments(2);
        expect(list).toMatchObject({ page: 2, per_page: 5 });
        expect(list.items[0]?.amount).toBe(1740);
      });
  });

  it("GET /api/payments is for paid users only (403)", async () => {
    await pact
      .addInteraction()
      .given("a seller on the free plan is signed in")
      .uponReceiving("a free seller asking for payments")
      .withRequest(...requestTo(listPaymentsEndpoint, { headers: bearer, query: { page: "1" } }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SUBSCRIPTION_MESSAGES.historyPaidOnly) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(listPayments(1));
        expect(failure instanceof ApiError && failure.status).toBe(403);
      });
  });
});
