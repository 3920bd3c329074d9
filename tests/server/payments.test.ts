import { setTimeout as delay } from "node:timers/promises";
import { and, asc, count, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse } from "../../contracts/sessions.ts";
import {
  BILLING_PAGE_SIZE,
  cancelSubscriptionEndpoint,
  CheckoutSessionResponse,
  createCheckoutSessionEndpoint,
  listPaymentsEndpoint,
  paymentWebhookEndpoint,
  PaymentList,
  PlanList,
  Subscription,
  PLAN_REQUIRED_MESSAGE,
  SUBSCRIPTION_MESSAGES,
  UNKNOWN_PLAN_MESSAGE,
} from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { checkoutSessions, paymentEvents, payments, subscriptions } from "../../server/payments/schema.ts";
import { openCheckout } from "../../server/payments/checkout.ts";
import { createLocalProvider } from "../../server/payments/local-provider.ts";
import type { PaymentProvider } from "../../server/payments/provider.ts";
import { createStripeProvider } from "../../server/payments/stripe-provider.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

const APP_URL = "https://puente.example";
const LOCAL_SECRET = "whsec_local_test_0123456789abcdefghijklmnopqrstuv";
const PASSWORD = "Clave-segura-2026";
const DAY = 24 * 60 * 60 * 1000;

const decodeSubscription = Schema.decodeUnknownSync(Subscription);
const decodePayments = Schema.decodeUnknownSync(PaymentList);
const decodeCheckout = Schema.decodeUnknownSync(CheckoutSessionResponse);

/** The claims of a token, read without verifying (the server verified it when it signed it). */
const claimsOf = (token: string): { is_paid: boolean; status: string } => {
  const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  if (typeof payload !== "object" || payload === null) throw new Error("no claims");
  return { is_paid: Reflect.get(payload, "is_paid") === true, status: String(Reflect.get(payload, "status")) };
};

/** A Stripe-shaped event, as Stripe (or our local checkout) sends it. */
const stripeEvent = (id: string, type: string, created: Date, object: Record<string, unknown>) =>
  JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(created.getTime() / 1000), livemode: false, type, data: { object } });

describe.each(ONE_TEST_DATABASE)("payments on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  // The injected clock: starts now (tokens must be valid for jose too) and only moves forward.
  let clock = Date.now();
  const now = () => new Date(clock);
  let serial = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const generous = { max: 10_000, windowMs: 60_000 };
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        appUrl: APP_URL,
        localWebhookSecret: LOCAL_SECRET,
        clock: now,
        rateLimits: { login: generous, login_account: generous, checkout: { max: 3, windowMs: 60_000 } },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const newUser = async (roles: CreatedUser["roles"] = ["seller"]) => {
    serial += 1;
    return createUser(handle.db, { email: `pagos${serial}@ejemplo.mx`, password: PASSWORD, name: `Persona ${serial}`, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
  };
  const login = async (user: CreatedUser) => {
    const response = await app.inject({ method: "POST", url: "/api/sessions", payload: { email: user.email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    return Schema.decodeUnknownSync(LoginResponse)(response.json()).access_token;
  };
  const auth = (token: string | undefined) => (token === undefined ? {} : { authorization: `Bearer ${token}` });
  const get = (url: string, token?: string) => app.inject({ method: "GET", url, headers: auth(token) });
  const startCheckout = (token: string | undefined, body: unknown) =>
    app.inject({ method: "POST", url: "/api/payments/checkout_sessions", headers: auth(token), payload: body as Record<string, unknown> });
  /** Opens a checkout and answers the path of its page. */
  const checkoutPath = async (token: string, plan = "explora_monthly") => {
    const response = await startCheckout(token, { subscription_id: plan });
    expect(response.statusCode).toBe(201);
    const url = decodeCheckout(response.json()).checkout_url;
    expect(url.startsWith(`${APP_URL}/api/payments/local-checkout/chk_`)).toBe(true);
    return url.slice(APP_URL.length);
  };
  const submit = (path: string, outcome: string) =>
    app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `outcome=${outcome}` });
  /** The whole local flow: checkout, page, 'Pagar'. */
  const payPlan = async (token: string, plan = "explora_monthly") => {
    const path = await checkoutPath(token, plan);
    const paid = await submit(path, "paid");
    expect(paid.statusCode).toBe(303);
    return path.split("/").at(-1) ?? "";
  };
  const subscriptionFor = async (token: string) => {
    const response = await get("/api/subscriptions", token);
    expect(response.statusCode).toBe(200);
    return decodeSubscription(response.json());
  };
  const webhook = (body: string, signature: string | undefined) =>
    app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json; charset=utf-8", ...(signature === undefined ? {} : { "stripe-signature": signature }) },
      payload: body,
    });
  const sign = (body: string, secret = LOCAL_SECRET, at = now()) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at.getTime() / 1000) });
  const paymentsOf = (userId: number) => handle.db.select().from(payments).where(eq(payments.userId, userId));
  const subscriptionRow = async (userId: number) => (await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const eventCount = async () => (await handle.db.select({ value: count() }).from(paymentEvents))[0]?.value ?? 0;
  const completedEvent = (id: string, checkoutId: string, userId: number) =>
    stripeEvent(id, "checkout.session.completed", now(), {
      id: checkoutId,
      object: "checkout.session",
      payment_status: "paid",
      amount_total: 174_000,
      currency: "mxn",
      metadata: { checkout_id: checkoutId, user_id: String(userId), plan_id: "explora_monthly" },
      customer: null,
      subscription: null,
      invoice: null,
    });
  const expectMessage = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  };

  describe("GET /api/plans", () => {
    it("answers the plan table to anyone: four plans, prices before IVA, Impulsa most popular", async () => {
      const response = await get("/api/plans");
      expect(response.statusCode).toBe(200);
      const plans = Schema.decodeUnknownSync(PlanList)(response.json());
      expect(plans.map((plan) => [plan.id, plan.amount_mxn, plan.success_fee_percent, plan.plus_iva])).toEqual([
        ["explora_monthly", 1_500, 2, true],
        ["impulsa_monthly", 10_000, 4, true],
        ["explora_quarterly", 4_000, 2, true],
        ["impulsa_quarterly", 27_500, 4, true],
      ]);
      expect(plans.filter((plan) => plan.is_most_popular).map((plan) => plan.name)).toEqual(["Impulsa", "Impulsa"]);
    });
  });

  describe("checkout", () => {
    it("refuses an unknown plan (400, Spanish), a missing one, and anyone signed out (401)", async () => {
      const token = await login(await newUser());
      expectMessage(await startCheckout(token, { subscription_id: "acelera_monthly" }), 400, UNKNOWN_PLAN_MESSAGE);
      expectMessage(await startCheckout(token, { subscription_id: 7 }), 400, UNKNOWN_PLAN_MESSAGE);
      expectMessage(await startCheckout(token, {}), 400, PLAN_REQUIRED_MESSAGE);
      expect((await startCheckout(undefined, { subscription_id: "explora_monthly" })).statusCode).toBe(401);
      expect(await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.planId, "acelera_monthly"))).toHaveLength(0);
    });

    it("checkout → local page → Pagar: the plan is active, the payment recorded, the next token is paid", async () => {
      const user = await newUser();
      const token = await login(user);
      expect(claimsOf(token)).toEqual({ is_paid: false, status: "free" });
      const path = await checkoutPath(token);

      const page = await get(path);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(page.body).toContain('<html lang="es-MX">');
      expect(page.body).toContain("Explora mensual");
      expect(page.body).toContain("$1,500.00 MXN");
      expect(page.body).toContain("$240.00 MXN");
      expect(page.body).toContain("$1,740.00 MXN");
      expect(page.body).toMatch(/<button[^>]*value="paid">Pagar<\/button>/);
      expect(page.body).toMatch(/<button[^>]*value="declined">Simular pago rechazado<\/button>/);
      expect(page.body).not.toMatch(/<script/i);
      expect(page.body).toContain(user.email);

      const paid = await submit(path, "paid");
      expect(paid.statusCode).toBe(303);
      const checkoutId = path.split("/").at(-1) ?? "";
      expect(paid.headers.location).toBe(`/pago-exitoso?session_id=${checkoutId}`);

      const subscription = await subscriptionFor(token);
      expect(subscription).toMatchObject({ status: "active", is_free: false, plan_id: "explora_monthly", nickname: "Explora mensual", amount: 1_740, currency: "mxn", cancel_at: null });
      const start = Date.parse(subscription.period_start ?? "");
      const end = new Date(subscription.period_end ?? "");
      expect(start).toBe(Math.floor(clock / 1000) * 1000);
      const expectedEnd = new Date(start);
      expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
      // One calendar month later (the 31st of a short month lands on its last day).
      expect(Math.abs(end.getTime() - expectedEnd.getTime())).toBeLessThanOrEqual(3 * DAY);

      const rows = await paymentsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "paid", amountCents: 174_000, currency: "mxn", planId: "explora_monthly", provider: "local", checkoutSessionId: checkoutId, receiptUrl: null });

      // The token from before still says free, but the server reads the database: Historial opens.
      expect((await get("/api/payments", token)).statusCode).toBe(200);
      expect(claimsOf(await login(user))).toEqual({ is_paid: true, status: "active" });

      // The page is spent, and the same plan cannot be paid twice.
      const spent = await submit(path, "paid");
      expect(spent.statusCode).toBe(409);
      expect(spent.body).toContain(SUBSCRIPTION_MESSAGES.checkoutClosed);
      expect((await get(path)).statusCode).toBe(409);
      expectMessage(await startCheckout(token, { subscription_id: "explora_monthly" }), 409, createCheckoutSessionEndpoint.errors.alreadyPaid.message);
    });

    it("'Simular pago rechazado' leaves the plan free and records a failed payment", async () => {
      const user = await newUser();
      const token = await login(user);
      const path = await checkoutPath(token, "impulsa_quarterly");
      expect((await get(path)).body).toContain("$31,900.00 MXN");
      const declined = await submit(path, "declined");
      expect(declined.statusCode).toBe(303);
      expect(declined.headers.location).toBe("/pago-error");
      expect(await subscriptionFor(token)).toMatchObject({ status: "free", is_free: true });
      expect((await paymentsOf(user.id)).map((row) => [row.status, row.amountCents])).toEqual([["failed", 3_190_000]]);
      expect((await submit(path, "paid")).statusCode).toBe(409);
    });

    it("answers 404 for an unknown or malformed checkout, and 400 for a form without a choice", async () => {
      const token = await login(await newUser());
      expect((await get("/api/payments/local-checkout/chk_AAAAAAAAAAAAAAAAAAAAAA")).statusCode).toBe(404);
      expect((await get("/api/payments/local-checkout/nope")).statusCode).toBe(400);
      const path = await checkoutPath(token);
      expect((await submit(path, "maybe")).statusCode).toBe(400);
      expect((await app.inject({ method: "POST", url: path })).statusCode).toBe(400);
    });

    it("a newer checkout expires the earlier open one, so two tabs cannot both be paid", async () => {
      const user = await newUser();
      const token = await login(user);
      const first = await checkoutPath(token);
      const second = await checkoutPath(token, "impulsa_monthly");
      expect((await get(first)).statusCode).toBe(404);
      expect((await submit(first, "paid")).statusCode).toBe(404);
      expect((await submit(second, "paid")).statusCode).toBe(303);
      expect(await subscriptionFor(token)).toMatchObject({ status: "active", plan_id: "impulsa_monthly", amount: 11_600 });
    });

    it("twenty opens at once make one checkout; opening again answers it; another plan replaces it", async () => {
      const user = await newUser();
      const local = createLocalProvider({ webhookSecret: LOCAL_SECRET, appUrl: APP_URL });
      let created = 0;
      // A provider that takes a moment to answer, as Stripe does: the opens overlap while it works.
      const slow: PaymentProvider = {
        ...local,
        async createCheckout(request) {
          created += 1;
          await delay(20);
          return local.createCheckout(request);
        },
      };
      const open = (planId: "explora_monthly" | "impulsa_monthly") =>
        openCheckout(handle.db, slow, { userId: user.id, email: user.email, planId, providerCustomerId: null, now: now(), log: { warn: () => {} } });
      const openRows = () => handle.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.userId, user.id), eq(checkoutSessions.status, "open")));

      const urls = await Promise.all(Array.from({ length: 20 }, () => open("explora_monthly")));
      expect(new Set(urls).size).toBe(1);
      expect(created).toBe(1);
      expect(await openRows()).toHaveLength(1);
      const [url] = urls;
      expect(await open("explora_monthly")).toBe(url);
      expect(created).toBe(1);
      expect((await get(url?.slice(APP_URL.length) ?? "")).statusCode).toBe(200);

      const other = await open("impulsa_monthly");
      expect(other).not.toBe(url);
      expect((await openRows()).map((row) => row.planId)).toEqual(["impulsa_monthly"]);
      expect((await get(url?.slice(APP_URL.length) ?? "")).statusCode).toBe(404);
    });

    it("limits checkouts per user (429 past the bucket)", async () => {
      const token = await login(await newUser());
      const other = await login(await newUser());
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await startCheckout(token, { subscription_id: "explora_monthly" })).statusCode).toBe(201);
      const limited = await startCheckout(token, { subscription_id: "explora_monthly" });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
      expect((await startCheckout(other, { subscription_id: "explora_monthly" })).statusCode).toBe(201);
    });
  });

  describe("POST /api/payments/webhook", () => {
    it("refuses a wrong, missing, stale or reused signature with 400 in Spanish, and nothing changes", async () => {
      const user = await newUser();
      const token = await login(user);
      const checkoutId = (await checkoutPath(token)).split("/").at(-1) ?? "";
      const body = completedEvent("evt_forged_1", checkoutId, user.id);
      const before = await eventCount();
      const refused = [
        await webhook(body, sign(body, "whsec_not_ours_0123456789abcdefghijklmnop")),
        await webhook(body, undefined),
        await webhook(body, "t=1,v1=deadbeef"),
        await webhook(body, sign(body, LOCAL_SECRET, new Date(clock - 10 * 60 * 1000))),
        await webhook(body.replace("174000", "1"), sign(body)),
      ];
      for (const response of refused) expectMessage(response, 400, paymentWebhookEndpoint.errors.badSignature.message);
      expect(await eventCount()).toBe(before);
      expect(await subscriptionFor(token)).toMatchObject({ status: "free", is_free: true });
      expect(await paymentsOf(user.id)).toHaveLength(0);
    });

    it("applies a signed event once: a replay, or the same payment announced again, changes nothing", async () => {
      const user = await newUser();
      const token = await login(user);
      const checkoutId = (await checkoutPath(token)).split("/").at(-1) ?? "";
      const body = completedEvent("evt_replay_1", checkoutId, user.id);
      const signature = sign(body);
      const first = await webhook(body, signature);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true });
      const afterFirst = await subscriptionRow(user.id);
      expect(afterFirst).toMatchObject({ status: "active", isPaid: true });

      clock += 60_000;
      expect((await webhook(body, signature)).statusCode).toBe(200);
      const again = completedEvent("evt_replay_2", checkoutId, user.id);
      expect((await webhook(again, sign(again))).statusCode).toBe(200);
      expect(await paymentsOf(user.id)).toHaveLength(1);
      expect(await subscriptionRow(user.id)).toEqual(afterFirst);
    });

    it("acknowledges events it does not use, and checkouts that are not ours, without changing anything", async () => {
      const user = await newUser();
      const unused = stripeEvent("evt_unused_1", "customer.created", now(), { id: "cus_1", object: "customer" });
      expect((await webhook(unused, sign(unused))).statusCode).toBe(200);
      const stranger = completedEvent("evt_stranger_1", "chk_notoursnotoursnotours", user.id);
      expect((await webhook(stranger, sign(stranger))).statusCode).toBe(200);
      expect(await subscriptionRow(user.id)).toMatchObject({ status: "free", isPaid: false });
    });
  });

  describe("DELETE /api/subscriptions", () => {
    it("keeps access until cancel_at, then the plan is over: free token, no Historial", async () => {
      const user = await newUser();
      const token = await login(user);
      expectMessage(await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(token) }), 409, cancelSubscriptionEndpoint.errors.nothingToCancel.message);
      await payPlan(token);
      const paid = await subscriptionFor(token);

      // Two days later (a session lasts 8 hours: log in again at the new time).
      clock += 2 * DAY;
      expect((await get("/api/subscriptions", token)).statusCode).toBe(401);
      const second = await login(user);
      const cancelled = await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(second) });
      expect(cancelled.statusCode).toBe(200);
      expect(decodeSubscription(cancelled.json())).toMatchObject({ status: "canceled", is_free: false, cancel_at: paid.period_end, period_end: paid.period_end });
      expectMessage(await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(second) }), 409, SUBSCRIPTION_MESSAGES.nothingToCancel);

      // Until cancel_at: still paid, everywhere.
      expect(claimsOf(await login(user))).toEqual({ is_paid: true, status: "canceled" });
      expect((await get("/api/payments", second)).statusCode).toBe(200);

      // Past cancel_at: free, everywhere (the old token is refused as expired; a new log-in says free).
      clock = Date.parse(paid.period_end ?? "") + 1000;
      const later = await login(user);
      expect(claimsOf(later)).toEqual({ is_paid: false, status: "expired" });
      expect(await subscriptionFor(later)).toMatchObject({ status: "expired", is_free: true, plan_id: "explora_monthly" });
      expectMessage(await get("/api/payments", later), 403, listPaymentsEndpoint.errors.paidOnly.message);
      // And a new plan may be bought.
      expect((await startCheckout(later, { subscription_id: "impulsa_monthly" })).statusCode).toBe(201);
    });

    it("PUT resumes a cancelled plan within its period with no new charge; another plan cannot be bought over its paid days", async () => {
      const user = await newUser();
      const token = await login(user);
      expectMessage(await app.inject({ method: "PUT", url: "/api/subscriptions", headers: auth(token) }), 409, SUBSCRIPTION_MESSAGES.nothingToResume);
      await payPlan(token);
      const paid = await subscriptionFor(token);
      expectMessage(await app.inject({ method: "PUT", url: "/api/subscriptions", headers: auth(token) }), 409, SUBSCRIPTION_MESSAGES.nothingToResume);
      expect((await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(token) })).statusCode).toBe(200);

      // While the cancelled period runs, paying for the same plan again would pay the same days twice: it is resumed instead.
      expectMessage(await startCheckout(token, { subscription_id: "explora_monthly" }), 409, SUBSCRIPTION_MESSAGES.planStillRunning);

      const resumed = await app.inject({ method: "PUT", url: "/api/subscriptions", headers: auth(token) });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(decodeSubscription(resumed.json())).toMatchObject({ status: "active", is_free: false, cancel_at: null, period_end: paid.period_end, plan_id: "explora_monthly" });
      expect(await paymentsOf(user.id)).toHaveLength(1);
      expect(claimsOf(await login(user))).toEqual({ is_paid: true, status: "active" });

      // Once the period is over, there is nothing left to resume.
      expect((await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(token) })).statusCode).toBe(200);
      clock = Date.parse(paid.period_end ?? "") + 1000;
      const later = await login(user);
      expectMessage(await app.inject({ method: "PUT", url: "/api/subscriptions", headers: auth(later) }), 409, SUBSCRIPTION_MESSAGES.nothingToResume);
    });
  });

  describe("changing plan", () => {
    it("an upgrade starts now with the unused days credited, a downgrade is refused until the period ends; no day is paid twice", async () => {
      const user = await newUser();
      const token = await login(user);
      // Three checkouts a minute here: paying Explora, the upgrade, the refused downgrade (the same plan is refused in the tests above).
      await payPlan(token, "explora_monthly");
      const explora = await subscriptionFor(token);

      // Halfway through the month: half of Explora's 1,740.00 is credited against Impulsa's 11,600.00.
      const start = Date.parse(explora.period_start ?? "");
      const end = Date.parse(explora.period_end ?? "");
      clock = start + (end - start) / 2;
      const second = await login(user);
      const path = await checkoutPath(second, "impulsa_monthly");
      const page = await get(path);
      expect(page.body).toContain("Crédito por los días no usados de tu plan actual");
      expect(page.body).toContain("−$870.00 MXN");
      expect(page.body).toContain("$10,730.00 MXN");
      const paid = await submit(path, "paid");
      expect(paid.statusCode).toBe(303);

      const impulsa = await subscriptionFor(second);
      expect(impulsa).toMatchObject({ status: "active", plan_id: "impulsa_monthly", is_free: false, period_start: new Date(clock).toISOString() });
      const rows = (await paymentsOf(user.id)).toSorted((a, b) => a.id - b.id);
      expect(rows.map((row) => [row.planId, row.amountCents, row.creditCents])).toEqual([
        ["explora_monthly", 174_000, 0],
        ["impulsa_monthly", 1_160_000 - 87_000, 87_000],
      ]);
      // The days paid for never overlap: Explora's charge covered up to now, Impulsa's starts now.
      expect(rows[1]?.periodStart?.getTime()).toBe(clock);
      const history = decodePayments((await get("/api/payments", second)).json());
      expect(history.items[0]).toMatchObject({ plan_id: "impulsa_monthly", amount: 10_730, credit_amount: 870 });
      const receipt = await get(history.items[0]?.receipt_url.slice(APP_URL.length) ?? "");
      expect(receipt.body).toContain("−$870.00 MXN");

      // Back down to Explora: not now (it would waste paid days), but once Impulsa's period is over.
      expectMessage(await startCheckout(second, { subscription_id: "explora_monthly" }), 409, SUBSCRIPTION_MESSAGES.downgradeAtPeriodEnd);
    });
  });

  describe("a downgrade scheduled for the end of the period", () => {
    it("stops the plan renewing, can be dropped, and once the period ends the chosen plan is offered and paid once", async () => {
      const user = await newUser();
      const token = await login(user);
      const schedule = (plan_id: string, as = token) => app.inject({ method: "PUT", url: "/api/subscriptions/scheduled_plan", headers: auth(as), payload: { plan_id } });
      const unschedule = (as = token) => app.inject({ method: "DELETE", url: "/api/subscriptions/scheduled_plan", headers: auth(as) });
      expectMessage(await schedule("explora_monthly"), 409, SUBSCRIPTION_MESSAGES.nothingToSchedule);
      expectMessage(await unschedule(), 409, SUBSCRIPTION_MESSAGES.nothingScheduled);
      await payPlan(token, "impulsa_monthly");
      const impulsa = await subscriptionFor(token);
      expectMessage(await schedule("impulsa_monthly"), 409, SUBSCRIPTION_MESSAGES.nothingToSchedule);

      const scheduled = await schedule("explora_monthly");
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(decodeSubscription(scheduled.json())).toMatchObject({ status: "canceled", is_free: false, plan_id: "impulsa_monthly", cancel_at: impulsa.period_end, scheduled_plan_id: "explora_monthly" });
      // Kept after all: it renews again, nothing scheduled.
      expect(decodeSubscription((await unschedule()).json())).toMatchObject({ status: "active", cancel_at: null, scheduled_plan_id: null });
      expect((await schedule("explora_monthly")).statusCode).toBe(200);

      // The period ends: Impulsa is over, Explora is what the person chose; it is paid now, once.
      clock = Date.parse(impulsa.period_end ?? "") + 1000;
      const later = await login(user);
      expect(await subscriptionFor(later)).toMatchObject({ is_free: true, status: "expired", scheduled_plan_id: "explora_monthly" });
      await payPlan(later, "explora_monthly");
      expect(await subscriptionFor(later)).toMatchObject({ is_free: false, status: "active", plan_id: "explora_monthly", scheduled_plan_id: null });
      const rows = (await paymentsOf(user.id)).toSorted((a, b) => a.id - b.id);
      expect(rows.map((row) => [row.planId, row.amountCents, row.creditCents])).toEqual([
        ["impulsa_monthly", 1_160_000, 0],
        ["explora_monthly", 174_000, 0],
      ]);
      expect(rows[1]?.periodStart?.getTime()).toBeGreaterThanOrEqual(rows[0]?.periodEnd?.getTime() ?? Number.POSITIVE_INFINITY);
    });
  });

  describe("GET /api/payments (Historial)", () => {
    it("is for paid users only (403 with the contract's message), and for signed-in ones (401)", async () => {
      const token = await login(await newUser());
      expectMessage(await get("/api/payments", token), 403, SUBSCRIPTION_MESSAGES.historyPaidOnly);
      expect((await get("/api/payments")).statusCode).toBe(401);
    });

    it("reads the subscription from the database, never the token: a plan ended in the database closes it at once", async () => {
      const user = await newUser();
      const token = await login(user);
      await payPlan(token);
      const paidToken = await login(user);
      expect(claimsOf(paidToken).is_paid).toBe(true);
      await handle.db.update(subscriptions).set({ status: "expired", isPaid: false }).where(eq(subscriptions.userId, user.id));
      expect((await get("/api/payments", paidToken)).statusCode).toBe(403);
    });

    it("pages 5 per page, newest first, each row with its receipt", async () => {
      const user = await newUser();
      const token = await login(user);
      await payPlan(token);
      const [first] = await paymentsOf(user.id);
      if (first === undefined) throw new Error("no payment");
      // Six earlier monthly charges.
      for (let month = 1; month <= 6; month += 1) {
        await handle.db.insert(payments).values({
          userId: user.id,
          planId: "explora_monthly",
          nickname: "Explora mensual",
          provider: "local",
          providerPaymentId: `seed_${user.id}_${month}`,
          amountCents: 174_000,
          status: month === 3 ? "failed" : "paid",
          paidAt: new Date(first.paidAt.getTime() - month * 30 * DAY),
        });
      }
      const page1 = decodePayments((await get("/api/payments", token)).json());
      expect(page1).toMatchObject({ total: 7, page: 1, per_page: BILLING_PAGE_SIZE });
      expect(page1.items).toHaveLength(5);
      expect(page1.items[0]).toMatchObject({ id: first.id, amount: 1_740, currency: "mxn", status: "paid", nickname: "Explora mensual", plan_id: "explora_monthly" });
      const times = page1.items.map((item) => Date.parse(item.paid_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(page1.items[3]?.status).toBe("failed");
      expect(page1.items[0]?.receipt_url).toMatch(new RegExp(`^${APP_URL}/api/payments/${first.id}/receipt\\?signature=[\\w-]{43}$`));

      const page2 = decodePayments((await get("/api/payments?page=2", token)).json());
      expect(page2.items).toHaveLength(2);
      expect(page2.page).toBe(2);
      expect(Date.parse(page2.items[0]?.paid_at ?? "")).toBeLessThan(times[4] ?? 0);
      expect(decodePayments((await get("/api/payments?page=3", token)).json()).items).toEqual([]);
      expect((await get("/api/payments?page=0", token)).statusCode).toBe(400);
    });
  });

  describe("GET /api/payments/:id/receipt", () => {
    it("opens for its owner (signed link or session) and is a 404 for anyone else", async () => {
      const owner = await newUser();
      const ownerToken = await login(owner);
      await payPlan(ownerToken);
      const other = await newUser();
      const otherToken = await login(other);
      await payPlan(otherToken);
      const receipt = decodePayments((await get("/api/payments", ownerToken)).json()).items[0]?.receipt_url ?? "";
      const otherReceipt = decodePayments((await get("/api/payments", otherToken)).json()).items[0]?.receipt_url ?? "";
      const path = receipt.slice(APP_URL.length);
      const [bare, signature] = path.split("?signature=");
      const otherSignature = otherReceipt.split("?signature=")[1] ?? "";

      const opened = await get(path);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers["content-type"]).toMatch(/^text\/html/);
      expect(opened.body).toContain("Recibo de pago");
      expect(opened.body).toContain("$1,740.00 MXN");
      expect(opened.body).toContain(owner.email);
      expect(opened.body).not.toMatch(/<script/i);
      expect((await get(bare ?? "", ownerToken)).statusCode).toBe(200);

      const tampered = `${bare}?signature=${(signature ?? "").slice(0, -2)}AA`;
      for (const [url, token] of [
        [bare, undefined],
        [bare, otherToken],
        [tampered, undefined],
        [`${bare}?signature=${otherSignature}`, undefined],
        [`${bare}?signature=${otherSignature}`, otherToken],
        [`/api/payments/999999/receipt?signature=${signature}`, ownerToken],
      ] as const) {
        const refused = await get(url ?? "", token);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.body).toContain(SUBSCRIPTION_MESSAGES.receiptNotFound);
      }
    });
  });
});

/**
 * The Stripe adapter against a fake of Stripe's HTTP API (no request leaves
 * the machine): what the checkout asks Stripe for, and what Stripe's events
 * do, signed with the Stripe webhook secret.
 */
describe.each(ONE_TEST_DATABASE)("payments through Stripe on $kind", (target) => {
  const STRIPE_SECRET = "whsec_stripe_test_0123456789abcdefghijklmnopqrs";
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  let refuse = false;
  interface SentRequest {
    readonly method: string;
    readonly path: string;
    readonly params: URLSearchParams;
    readonly headers: Headers;
  }
  const sent: SentRequest[] = [];
  /** Subscriptions Stripe has ended (it answers them 'canceled'). */
  const endedAtStripe = new Set<string>();

  const fakeStripe = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const parsed = new URL(String(url));
    const params = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    sent.push({ method: init?.method ?? "GET", path: parsed.pathname, params, headers: new Headers(init?.headers) });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": "req_fake" } });
    if (refuse) return json(400, { error: { type: "invalid_request_error", message: "No such price" } });
    if (parsed.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${sent.length}`;
      return json(200, { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, mode: "subscription" });
    }
    if (parsed.pathname === "/v1/billing_portal/sessions") return json(200, { id: "bps_1", object: "billing_portal.session", url: `https://billing.stripe.com/p/session/${params.get("customer")}` });
    if (parsed.pathname === "/v1/coupons") return json(200, { id: `coupon_${sent.length}`, object: "coupon", amount_off: Number(params.get("amount_off")) });
    const expired = /^\/v1\/checkout\/sessions\/(cs_\w+)\/expire$/.exec(parsed.pathname);
    if (expired !== null) return json(200, { id: expired[1], object: "checkout.session", status: "expired" });
    const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(parsed.pathname);
    if (subscription !== null) {
      const status = endedAtStripe.has(subscription[1] ?? "") ? "canceled" : "active";
      return json(200, { id: subscription[1], object: "subscription", status, cancel_at_period_end: params.get("cancel_at_period_end") === "true" });
    }
    return json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const generous = { max: 10_000, windowMs: 60_000 };
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        appUrl: APP_URL,
        paymentProvider: createStripeProvider({
          secretKey: "sk_test_fake",
          webhookSecret: STRIPE_SECRET,
          appUrl: APP_URL,
          httpClient: Stripe.createFetchHttpClient(fakeStripe),
        }),
        rateLimits: { login: generous, login_account: generous, checkout: generous },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const newUser = async () => {
    serial += 1;
    const user = await createUser(handle.db, { email: `stripe${serial}@ejemplo.mx`, password: PASSWORD, name: `Cliente ${serial}`, phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
    const response = await app.inject({ method: "POST", url: "/api/sessions", payload: { email: user.email, password: PASSWORD } });
    return { user, token: Schema.decodeUnknownSync(LoginResponse)(response.json()).access_token };
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const checkout = async (token: string, plan = "explora_monthly") => {
    const response = await app.inject({ method: "POST", url: "/api/payments/checkout_sessions", headers: auth(token), payload: { subscription_id: plan } });
    expect(response.statusCode).toBe(201);
    const request = sent.at(-1);
    if (request === undefined) throw new Error("nothing was sent to Stripe");
    return { url: decodeCheckout(response.json()).checkout_url, request, checkoutId: request.params.get("metadata[checkout_id]") ?? "" };
  };
  const deliver = async (id: string, type: string, object: Record<string, unknown>, secret = STRIPE_SECRET) => {
    const body = stripeEvent(id, type, new Date(), object);
    return app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) },
      payload: body,
    });
  };
  const subscriptionOf = async (token: string) => decodeSubscription((await app.inject({ method: "GET", url: "/api/subscriptions", headers: auth(token) })).json());
  const historyOf = async (token: string) => decodePayments((await app.inject({ method: "GET", url: "/api/payments", headers: auth(token) })).json());
  const unix = (date: Date) => Math.floor(date.getTime() / 1000);
  const completed = (checkoutId: string, sessionId: string, n: number) => ({
    id: sessionId,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: 174_000,
    currency: "mxn",
    metadata: { checkout_id: checkoutId },
    customer: `cus_${n}`,
    subscription: `sub_${n}`,
    invoice: `in_${n}_1`,
  });
  const invoice = (n: number, k: number, checkoutId: string, start: Date, end: Date, extra: Record<string, unknown> = {}) => ({
    id: `in_${n}_${k}`,
    object: "invoice",
    amount_paid: 174_000,
    amount_due: 174_000,
    currency: "mxn",
    customer: `cus_${n}`,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/in_${n}_${k}`,
    parent: { type: "subscription_details", subscription_details: { subscription: `sub_${n}`, metadata: { checkout_id: checkoutId } } },
    lines: { object: "list", data: [{ period: { start: unix(start), end: unix(end) } }] },
    status_transitions: { paid_at: unix(start) },
    ...extra,
  });

  it("opens a Checkout Session in subscription mode, in MXN, IVA included, with our metadata and return URLs", async () => {
    const { user, token } = await newUser();
    const { url, request, checkoutId } = await checkout(token);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/cs_test_${sent.length}`);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.headers.get("authorization")).toBe("Bearer sk_test_fake");
    expect(request.headers.get("idempotency-key")).toBe(checkoutId);
    expect(checkoutId).toMatch(/^chk_[\w-]{22}$/);
    expect(Object.fromEntries(request.params)).toMatchObject({
      mode: "subscription",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "mxn",
      "line_items[0][price_data][unit_amount]": "174000",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "1",
      "metadata[user_id]": String(user.id),
      "metadata[plan_id]": "explora_monthly",
      "subscription_data[metadata][checkout_id]": checkoutId,
      "subscription_data[metadata][user_id]": String(user.id),
      client_reference_id: String(user.id),
      customer_email: user.email,
      success_url: `${APP_URL}/pago-exitoso?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/pago-error`,
    });
    const quarterly = await checkout((await newUser()).token, "impulsa_quarterly");
    expect(quarterly.request.params.get("line_items[0][price_data][unit_amount]")).toBe("3190000");
    expect(quarterly.request.params.get("line_items[0][price_data][recurring][interval_count]")).toBe("3");
    // The local checkout does not exist while Stripe takes the payments.
    expect((await app.inject({ method: "GET", url: `/api/payments/local-checkout/${checkoutId}` })).statusCode).toBe(404);
  });

  it("an upgrade's credit is a one-time coupon on the new Checkout Session; the recurring price stays the plan's", async () => {
    const { user, token } = await newUser();
    const first = await checkout(token);
    const paid = completed(first.checkoutId, first.url.split("/").at(-1) ?? "", user.id);
    expect((await deliver(`evt_upgrade_${user.id}`, "checkout.session.completed", paid)).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "active", plan_id: "explora_monthly" });

    const upgrade = await checkout(token, "impulsa_monthly");
    const coupon = sent.at(-2);
    expect(coupon?.path).toBe("/v1/coupons");
    expect(coupon?.headers.get("idempotency-key")).toBe(`${upgrade.checkoutId}-credit`);
    expect(Object.fromEntries(coupon?.params ?? [])).toMatchObject({ currency: "mxn", duration: "once", max_redemptions: "1" });
    // Just paid: nearly all of Explora's 1,740.00 is still unused.
    const credit = Number(coupon?.params.get("amount_off"));
    expect(credit).toBeGreaterThan(173_000);
    expect(credit).toBeLessThanOrEqual(174_000);
    expect(upgrade.request.params.get("discounts[0][coupon]")).toBe(`coupon_${sent.length - 1}`);
    expect(upgrade.request.params.get("line_items[0][price_data][unit_amount]")).toBe("1160000");
  });

  it("'Gestionar pago' opens Stripe's customer portal for a Stripe-charged plan, and back to Configuración", async () => {
    const { user, token } = await newUser();
    const portal = () => app.inject({ method: "POST", url: "/api/payments/portal_sessions", headers: auth(token) });
    expect((await portal()).statusCode).toBe(409);
    const first = await checkout(token);
    expect((await deliver(`evt_portal_${user.id}`, "checkout.session.completed", completed(first.checkoutId, first.url.split("/").at(-1) ?? "", user.id))).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ manages_payment: true });
    const opened = await portal();
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toEqual({ url: `https://billing.stripe.com/p/session/cus_${user.id}` });
    expect(Object.fromEntries(sent.at(-1)?.params ?? [])).toMatchObject({ customer: `cus_${user.id}`, return_url: `${APP_URL}/mi-perfil?tab=configuracion` });
  });

  it("answers 502 in Spanish when Stripe refuses, and keeps no checkout", async () => {
    const { token } = await newUser();
    refuse = true;
    try {
      const response = await app.inject({ method: "POST", url: "/api/payments/checkout_sessions", headers: auth(token), payload: { subscription_id: "explora_monthly" } });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: createCheckoutSessionEndpoint.errors.providerUnavailable.message });
    } finally {
      refuse = false;
    }
    const checkoutId = sent.at(-1)?.params.get("metadata[checkout_id]") ?? "";
    expect(await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId))).toHaveLength(0);
  });

  it("lives a subscription: paid, receipt from the invoice, renewed, a failed renewal, cancelled at Stripe, ended", async () => {
    const { user, token } = await newUser();
    const { checkoutId, url } = await checkout(token);
    const sessionId = url.split("/").at(-1) ?? "";
    const n = user.id;

    // Signed with the local secret: not Stripe's, refused.
    expect((await deliver("evt_s_0", "checkout.session.completed", completed(checkoutId, sessionId, n), LOCAL_SECRET)).statusCode).toBe(400);

    expect((await deliver(`evt_s_${n}_1`, "checkout.session.completed", completed(checkoutId, sessionId, n))).statusCode).toBe(200);
    const active = await subscriptionOf(token);
    expect(active).toMatchObject({ status: "active", is_free: false, plan_id: "explora_monthly", amount: 1_740 });
    const [row] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ provider: "stripe", providerCustomerId: `cus_${n}`, providerSubscriptionId: `sub_${n}` });
    expect((await historyOf(token)).items[0]?.receipt_url).toMatch(/\/api\/payments\/\d+\/receipt\?signature=/);

    // The first invoice: the same charge, which gains Stripe's hosted invoice.
    const start = new Date(active.period_start ?? "");
    const end = new Date(active.period_end ?? "");
    expect((await deliver(`evt_s_${n}_2`, "invoice.paid", invoice(n, 1, checkoutId, start, end))).statusCode).toBe(200);
    let history = await historyOf(token);
    expect(history.total).toBe(1);
    expect(history.items[0]?.receipt_url).toBe(`https://invoice.stripe.com/i/acct_1/in_${n}_1`);

    // A renewal moves the period.
    const renewedEnd = new Date(end.getTime() + 30 * DAY);
    expect((await deliver(`evt_s_${n}_3`, "invoice.paid", invoice(n, 2, checkoutId, end, renewedEnd))).statusCode).toBe(200);
    expect((await subscriptionOf(token)).period_end).toBe(renewedEnd.toISOString());
    history = await historyOf(token);
    expect(history.total).toBe(2);

    // A failed renewal: past_due, and the failed charge in Historial.
    expect((await deliver(`evt_s_${n}_4`, "invoice.payment_failed", invoice(n, 3, checkoutId, renewedEnd, new Date(renewedEnd.getTime() + 30 * DAY)))).statusCode).toBe(200);
    expect((await subscriptionOf(token)).status).toBe("past_due");
    expect((await historyOf(token)).items.map((item) => item.status)).toContain("failed");

    // Cancelling asks Stripe to stop at the period's end.
    const cancel = await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(token) });
    expect(cancel.statusCode).toBe(200);
    expect(decodeSubscription(cancel.json())).toMatchObject({ status: "canceled", cancel_at: renewedEnd.toISOString() });
    const stop = sent.at(-1);
    expect(stop?.path).toBe(`/v1/subscriptions/sub_${n}`);
    expect(stop?.params.get("cancel_at_period_end")).toBe("true");

    // Stripe ends it: expired, free. The end of some other subscription changes nothing.
    expect((await deliver(`evt_s_${n}_5`, "customer.subscription.deleted", { id: "sub_someone_else", object: "subscription" })).statusCode).toBe(200);
    expect((await subscriptionOf(token)).status).toBe("canceled");
    expect((await deliver(`evt_s_${n}_6`, "customer.subscription.deleted", { id: `sub_${n}`, object: "subscription" })).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "expired", is_free: true });

    // Buying again keeps the same Stripe customer.
    const again = await checkout(token, "impulsa_monthly");
    expect(again.request.params.get("customer")).toBe(`cus_${n}`);
    expect(again.request.params.get("customer_email")).toBeNull();
  });

  it("two checkouts paid at once: the newer plan wins, the older subscription stops renewing, its charges are still recorded", async () => {
    const { user, token } = await newUser();
    const first = await checkout(token);
    const second = await checkout(token, "impulsa_monthly");
    // Opening the second expired the first at Stripe...
    const expireCall = sent.find((request) => request.path === `/v1/checkout/sessions/${first.url.split("/").at(-1) ?? ""}/expire`);
    expect(expireCall?.method).toBe("POST");
    // ...but say both were paid before that landed.
    const n = user.id;
    const older = { ...completed(first.checkoutId, first.url.split("/").at(-1) ?? "", n), subscription: `sub_${n}_a`, invoice: `in_${n}_a` };
    const newer = { ...completed(second.checkoutId, second.url.split("/").at(-1) ?? "", n), subscription: `sub_${n}_b`, invoice: `in_${n}_b`, amount_total: 1_160_000 };
    expect((await deliver(`evt_t_${n}_1`, "checkout.session.completed", older)).statusCode).toBe(200);
    expect((await deliver(`evt_t_${n}_2`, "checkout.session.completed", newer)).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "active", plan_id: "impulsa_monthly", amount: 11_600 });
    const stop = sent.at(-1);
    expect(stop?.path).toBe(`/v1/subscriptions/sub_${n}_a`);
    expect(stop?.params.get("cancel_at_period_end")).toBe("true");
    // A charge of the older subscription is recorded, and the plan stays the newer one.
    const renewal = { ...invoice(n, 9, first.checkoutId, new Date(), new Date(Date.now() + 30 * DAY)), parent: { subscription_details: { subscription: `sub_${n}_a`, metadata: { checkout_id: first.checkoutId } } } };
    expect((await deliver(`evt_t_${n}_3`, "invoice.paid", renewal)).statusCode).toBe(200);
    expect((await historyOf(token)).total).toBe(3);
    expect(await subscriptionOf(token)).toMatchObject({ status: "active", plan_id: "impulsa_monthly" });
    const [row] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.providerSubscriptionId).toBe(`sub_${n}_b`);
  });

  /** Pays Explora mensual through Stripe (subscription sub_n, first invoice in_n_1 paid by pi_n_1). */
  const payExplora = async (token: string, n: number) => {
    const first = await checkout(token);
    expect((await deliver(`evt_pay_${n}`, "checkout.session.completed", completed(first.checkoutId, first.url.split("/").at(-1) ?? "", n))).statusCode).toBe(200);
    const link = { id: `inpay_${n}_1`, object: "invoice_payment", invoice: `in_${n}_1`, status: "paid", payment: { type: "payment_intent", payment_intent: `pi_${n}_1` } };
    expect((await deliver(`evt_inpay_${n}`, "invoice_payment.paid", link)).statusCode).toBe(200);
    return first;
  };
  const refundInFull = async (n: number) => {
    const charge = { id: `ch_${n}_1`, object: "charge", amount: 174_000, amount_refunded: 174_000, refunded: true, currency: "mxn", payment_intent: `pi_${n}_1` };
    expect((await deliver(`evt_refund_${n}`, "charge.refunded", charge)).statusCode).toBe(200);
  };
  /** Pays a plan through Stripe as subscription `subscriptionId`; answers what the server asked Stripe afterwards. */
  const payAnother = async (token: string, n: number, plan: string, subscriptionId: string) => {
    const next = await checkout(token, plan);
    const before = sent.length;
    const paid = { ...completed(next.checkoutId, next.url.split("/").at(-1) ?? "", n), subscription: subscriptionId, invoice: `in_${subscriptionId}` };
    expect((await deliver(`evt_pay_${subscriptionId}`, "checkout.session.completed", paid)).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false, plan_id: plan });
    return sent.slice(before).map((request) => `${request.method} ${request.path}${request.params.size > 0 ? `?${request.params.toString()}` : ""}`);
  };

  it("a plan paid after a failed renewal ends the older subscription at once: set to stop at its period's end, Stripe would still retry the renewal", async () => {
    const { user, token } = await newUser();
    const n = user.id;
    const first = await payExplora(token, n);
    const end = new Date((await subscriptionOf(token)).period_end ?? "");
    const next = new Date(end.getTime() + 30 * DAY);
    expect((await deliver(`evt_failed_${n}`, "invoice.payment_failed", invoice(n, 2, first.checkoutId, end, next))).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "past_due", is_free: false });
    // Upgraded while the renewal is retried: the old subscription is cancelled, not left to retry.
    expect(await payAnother(token, n, "impulsa_monthly", `sub_${n}_b`)).toEqual([`GET /v1/subscriptions/sub_${n}`, `DELETE /v1/subscriptions/sub_${n}`]);
  });

  it("a plan paid after a full refund ended the last one ends the older subscription Stripe still renews; one Stripe ended is left as it is", async () => {
    const { user, token } = await newUser();
    const n = user.id;
    await payExplora(token, n);
    await refundInFull(n);
    expect(await subscriptionOf(token)).toMatchObject({ is_free: true });
    // The refund ended the plan here, not in Stripe: without this, sub_n would charge again next month.
    expect(await payAnother(token, n, "explora_monthly", `sub_${n}_b`)).toEqual([`GET /v1/subscriptions/sub_${n}`, `DELETE /v1/subscriptions/sub_${n}`]);

    const other = await newUser();
    const m = other.user.id;
    await payExplora(other.token, m);
    expect((await deliver(`evt_deleted_${m}`, "customer.subscription.deleted", { id: `sub_${m}`, object: "subscription", status: "canceled" })).statusCode).toBe(200);
    endedAtStripe.add(`sub_${m}`);
    expect(await payAnother(other.token, m, "explora_monthly", `sub_${m}_b`)).toEqual([`GET /v1/subscriptions/sub_${m}`]);
  });

  it("opening an upgrade again answers the open checkout only while its credit still holds: after a refund, a new one without it", async () => {
    const { user, token } = await newUser();
    const n = user.id;
    await payExplora(token, n);
    const upgrade = await checkout(token, "impulsa_monthly");
    expect(upgrade.request.params.get("discounts[0][coupon]")).not.toBeNull();
    const before = sent.length;
    expect((await checkout(token, "impulsa_monthly")).url).toBe(upgrade.url);
    expect(sent).toHaveLength(before);

    // Explora refunded in full: its unused days are no longer the person's to credit. The refund itself
    // expires the checkout with the old credit, here and at Stripe; opening again makes a new session without a coupon.
    await refundInFull(n);
    expect(sent.slice(before).map((request) => request.path)).toEqual([`/v1/checkout/sessions/${upgrade.url.split("/").at(-1) ?? ""}/expire`]);
    const again = await checkout(token, "impulsa_monthly");
    expect(again.url).not.toBe(upgrade.url);
    expect(sent.slice(before + 1).map((request) => request.path)).toEqual(["/v1/checkout/sessions"]);
    expect(sent[before + 1]?.params.get("discounts[0][coupon]")).toBeNull();
    const rows = await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id)).orderBy(asc(checkoutSessions.createdAt));
    expect(rows.map((row) => [row.planId, row.status, row.creditCents > 0])).toEqual([
      ["explora_monthly", "completed", false],
      ["impulsa_monthly", "expired", true],
      ["impulsa_monthly", "open", false],
    ]);
  });

  it("activates once when the first invoice arrives before checkout.session.completed", async () => {
    const { user, token } = await newUser();
    const { checkoutId, url } = await checkout(token);
    const n = user.id;
    const start = new Date();
    const end = new Date(start.getTime() + 31 * DAY);
    expect((await deliver(`evt_o_${n}_1`, "invoice.paid", invoice(n, 1, checkoutId, start, end))).statusCode).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: "active", period_end: new Date(unix(end) * 1000).toISOString() });
    expect((await deliver(`evt_o_${n}_2`, "checkout.session.completed", completed(checkoutId, url.split("/").at(-1) ?? "", n))).statusCode).toBe(200);
    const history = await historyOf(token);
    expect(history.total).toBe(1);
    expect(history.items[0]?.receipt_url).toBe(`https://invoice.stripe.com/i/acct_1/in_${n}_1`);
    const [checkoutRow] = await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId));
    expect(checkoutRow?.status).toBe("completed");
  });
});
