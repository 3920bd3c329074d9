import { asc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse } from "../../contracts/sessions.ts";
import { CheckoutSessionResponse, PaymentList, Subscription } from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { listPayments } from "../../server/payments/history.ts";
import { checkoutSessions, payments, stripeInvoicePayments, subscriptions } from "../../server/payments/schema.ts";
import { createStripeProvider } from "../../server/payments/stripe-provider.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

/**
 * Stripe's own changes (issue 27; docs/decisions/013-payments.md): a
 * subscription changed in Stripe's portal or by Stripe
 * (customer.subscription.updated), refunds (charge.refunded) and disputes
 * (charge.dispute.created / .closed). Every event is signed as Stripe signs
 * it, delivered twice (nothing changes the second time), and out of order
 * where order matters; events about a subscription or charge that is not
 * ours are acknowledged and change nothing.
 */

const APP_URL = "https://puente.example";
const STRIPE_SECRET = "whsec_stripe_events_0123456789abcdefghijklmnop";
const PASSWORD = "Clave-segura-2026";
const DAY = 24 * 60 * 60 * 1000;
const EXPLORA_CENTS = 174_000;

const decodeSubscription = Schema.decodeUnknownSync(Subscription);
const decodePayments = Schema.decodeUnknownSync(PaymentList);
const decodeCheckout = Schema.decodeUnknownSync(CheckoutSessionResponse);

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** A time as Stripe states it: whole seconds. */
const seconds = (date: Date) => new Date(unix(date) * 1000);

describe.each(ONE_TEST_DATABASE)("Stripe's own changes on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  let sessions = 0;
  /** The checkout sessions Puente asked Stripe to expire. */
  const expiredAtStripe: string[] = [];

  /** Stripe's HTTP API, answered in-process: checkouts open, expire and subscriptions stop renewing. */
  const fakeStripe = async (url: string | URL | Request): Promise<Response> => {
    const path = new URL(String(url)).pathname;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "request-id": "req_fake" } });
    if (path === "/v1/checkout/sessions") {
      sessions += 1;
      return json({ id: `cs_test_${sessions}`, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/cs_test_${sessions}` });
    }
    // An upgrade's credit: a one-time coupon.
    if (path === "/v1/coupons") return json({ id: `coupon_${sessions + 1}`, object: "coupon" });
    const expired = /^\/v1\/checkout\/sessions\/(cs_\w+)\/expire$/.exec(path);
    if (expired !== null) {
      expiredAtStripe.push(expired[1] ?? "");
      return json({ id: expired[1], object: "checkout.session", status: "expired" });
    }
    const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (subscription !== null) return json({ id: subscription[1], object: "subscription", cancel_at_period_end: true });
    return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }), { status: 404 });
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
        paymentProvider: createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: STRIPE_SECRET, appUrl: APP_URL, httpClient: Stripe.createFetchHttpClient(fakeStripe) }),
        rateLimits: { login: generous, login_account: generous, checkout: generous },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  // --- Stripe, as it signs and sends events --------------------------------------------------

  /** Delivers an event signed with Stripe's webhook secret (signed now; `created` is the event's own time). */
  const deliver = async (id: string, type: string, object: Record<string, unknown>, created = new Date()) => {
    const body = JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created: unix(created), livemode: false, type, data: { object } });
    const response = await app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SECRET }) },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
  };
  /** The same event delivered twice, as Stripe does when it is unsure of the first delivery. */
  const deliverTwice = async (id: string, type: string, object: Record<string, unknown>, created = new Date()) => {
    await deliver(id, type, object, created);
    const after = await everything();
    await deliver(id, type, object, created);
    expect(await everything()).toEqual(after);
  };

  /** A subscription as customer.subscription.updated carries it (the current API: the period on its items). */
  const stripeSubscription = (n: number, period: { start: Date; end: Date }, changes: Record<string, unknown> = {}, price: Record<string, unknown> = {}) => ({
    id: `sub_${n}`,
    object: "subscription",
    status: "active",
    customer: `cus_${n}`,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    metadata: { checkout_id: "chk_x", user_id: String(n) },
    items: {
      object: "list",
      data: [
        {
          id: `si_${n}`,
          object: "subscription_item",
          price: { id: `price_inline_${n}`, object: "price", lookup_key: null, metadata: {}, ...price },
          current_period_start: unix(period.start),
          current_period_end: unix(period.end),
        },
      ],
    },
    ...changes,
  });
  const charge = (n: number, k: number, refunded: number, extra: Record<string, unknown> = {}) => ({
    id: `ch_${n}_${k}`,
    object: "charge",
    amount: EXPLORA_CENTS,
    amount_refunded: refunded,
    refunded: refunded >= EXPLORA_CENTS,
    currency: "mxn",
    customer: `cus_${n}`,
    payment_intent: `pi_${n}_${k}`,
    ...extra,
  });
  const dispute = (n: number, k: number, status: string) => ({
    id: `dp_${n}_${k}`,
    object: "dispute",
    amount: EXPLORA_CENTS,
    currency: "mxn",
    reason: "fraudulent",
    status,
    charge: `ch_${n}_${k}`,
    payment_intent: `pi_${n}_${k}`,
  });
  const invoice = (n: number, k: number, period: { start: Date; end: Date }, subscriptionId = `sub_${n}`) => ({
    id: `in_${n}_${k}`,
    object: "invoice",
    amount_paid: EXPLORA_CENTS,
    amount_due: EXPLORA_CENTS,
    currency: "mxn",
    customer: `cus_${n}`,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/in_${n}_${k}`,
    parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } },
    lines: { object: "list", data: [{ period: { start: unix(period.start), end: unix(period.end) } }] },
    status_transitions: { paid_at: unix(period.start) },
  });
  /** invoice_payment.paid: the PaymentIntent pi_n_k paid the invoice in_n_k. */
  const invoicePayment = (n: number, k: number) => ({
    id: `inpay_${n}_${k}`,
    object: "invoice_payment",
    invoice: `in_${n}_${k}`,
    amount_paid: EXPLORA_CENTS,
    currency: "mxn",
    status: "paid",
    is_default: true,
    payment: { type: "payment_intent", payment_intent: `pi_${n}_${k}` },
  });

  // --- Our side ---------------------------------------------------------------------------------

  const everything = async () => ({
    subscriptions: await handle.db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    payments: await handle.db.select().from(payments).orderBy(asc(payments.id)),
  });
  const subscriptionRow = async (userId: number) => {
    const [row] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (row === undefined) throw new Error(`no subscription for user ${userId}`);
    return row;
  };
  const paymentRow = async (userId: number, invoiceId: string) => {
    const [row] = await handle.db.select().from(payments).where(eq(payments.providerPaymentId, invoiceId));
    if (row === undefined || row.userId !== userId) throw new Error(`no payment ${invoiceId} of user ${userId}`);
    return row;
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const subscriptionOf = async (token: string) => decodeSubscription((await app.inject({ method: "GET", url: "/api/subscriptions", headers: auth(token) })).json());
  const historyOf = async (token: string) => {
    const response = await app.inject({ method: "GET", url: "/api/payments", headers: auth(token) });
    expect(response.statusCode, response.body).toBe(200);
    return decodePayments(response.json());
  };
  /** Historial as the server lists it, whether or not the person may open it right now. */
  const historyRows = async (userId: number) => (await listPayments({ db: handle.db, appUrl: APP_URL, receiptKey: new Uint8Array(32) }, userId, 1)).items;

  const newSeller = async () => {
    serial += 1;
    const user = await createUser(
      handle.db,
      { email: `portal${serial}@ejemplo.mx`, password: PASSWORD, name: `Cliente ${serial}`, phone: null, roles: ["seller"] },
      { params: TEST_SCRYPT_PARAMS },
    );
    const login = await app.inject({ method: "POST", url: "/api/sessions", payload: { email: user.email, password: PASSWORD } });
    return { user, token: Schema.decodeUnknownSync(LoginResponse)(login.json()).access_token };
  };
  /** Opens a Stripe checkout: Stripe's session id and ours. */
  const openCheckout = async (token: string, plan = "explora_monthly") => {
    const opened = await app.inject({ method: "POST", url: "/api/payments/checkout_sessions", headers: auth(token), payload: { subscription_id: plan } });
    expect(opened.statusCode).toBe(201);
    const sessionId = decodeCheckout(opened.json()).checkout_url.split("/").at(-1) ?? "";
    const [row] = await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId));
    return { sessionId, checkoutId: row?.id ?? "" };
  };
  /** checkout.session.completed: the checkout paid by Stripe subscription `subscriptionId`, its first invoice `invoiceId`. */
  const completed = (opened: { sessionId: string; checkoutId: string }, n: number, subscriptionId: string, invoiceId: string) => ({
    id: opened.sessionId,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: EXPLORA_CENTS,
    currency: "mxn",
    metadata: { checkout_id: opened.checkoutId },
    customer: `cus_${n}`,
    subscription: subscriptionId,
    invoice: invoiceId,
  });

  /**
   * A seller paying Explora mensual through Stripe: checkout, checkout.session.completed
   * (subscription sub_n, first invoice in_n_1), the first invoice, and the invoice payment
   * naming its PaymentIntent pi_n_1. `n` is the user's id.
   */
  const payingSeller = async () => {
    const { user, token } = await newSeller();
    const n = user.id;
    const paidAt = seconds(new Date(Date.now() - 60_000));
    await deliver(`evt_${n}_completed`, "checkout.session.completed", completed(await openCheckout(token), n, `sub_${n}`, `in_${n}_1`), paidAt);
    const row = await subscriptionRow(n);
    expect(row).toMatchObject({ status: "active", isPaid: true, providerSubscriptionId: `sub_${n}` });
    const period = { start: row.periodStart ?? paidAt, end: row.periodEnd ?? paidAt };
    await deliver(`evt_${n}_invoice_1`, "invoice.paid", invoice(n, 1, period), paidAt);
    await deliver(`evt_${n}_inpay_1`, "invoice_payment.paid", invoicePayment(n, 1), paidAt);
    return { user, token, n, period, paidAt };
  };

  describe("customer.subscription.updated", () => {
    it("a cancellation in Stripe's portal: 'canceled' until the period's end; a late older snapshot does not undo it; resuming does", async () => {
      const { token, n, period, paidAt } = await payingSeller();
      const cancelledAt = seconds(new Date());
      const cancelled = stripeSubscription(n, period, { cancel_at_period_end: true, cancel_at: unix(period.end), canceled_at: unix(cancelledAt) });
      await deliverTwice(`evt_${n}_cancel`, "customer.subscription.updated", cancelled, cancelledAt);
      expect(await subscriptionOf(token)).toMatchObject({ status: "canceled", is_free: false, cancel_at: period.end.toISOString(), period_end: period.end.toISOString() });
      expect((await subscriptionRow(n)).providerUpdatedAt).toEqual(cancelledAt);

      // A snapshot from before the cancellation, delivered late: nothing changes.
      const before = await everything();
      await deliver(`evt_${n}_stale`, "customer.subscription.updated", stripeSubscription(n, period), new Date(paidAt.getTime() + 1000));
      expect(await everything()).toEqual(before);

      // The person resumes the plan in the portal.
      await deliverTwice(`evt_${n}_resume`, "customer.subscription.updated", stripeSubscription(n, period), new Date(cancelledAt.getTime() + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false, cancel_at: null });
    });

    it("a cancellation made in Puente is not undone by a snapshot from before it, delivered late; Stripe's later one agrees", async () => {
      const { token, n, period, paidAt } = await payingSeller();
      const cancelled = await app.inject({ method: "DELETE", url: "/api/subscriptions", headers: auth(token) });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const before = await everything();
      // Stripe's snapshot of the renewing subscription, taken before the cancellation, arrives now.
      await deliver(`evt_${n}_stale_own`, "customer.subscription.updated", stripeSubscription(n, period), new Date(paidAt.getTime() + 1000));
      expect(await everything()).toEqual(before);
      expect(await subscriptionOf(token)).toMatchObject({ status: "canceled", cancel_at: period.end.toISOString() });
      // Then the person resumes in Puente, and an old snapshot saying 'cancelled' changes nothing either.
      expect((await app.inject({ method: "PUT", url: "/api/subscriptions", headers: auth(token) })).statusCode).toBe(200);
      const resumed = await everything();
      await deliver(
        `evt_${n}_stale_cancel`,
        "customer.subscription.updated",
        stripeSubscription(n, period, { cancel_at_period_end: true, cancel_at: unix(period.end) }),
        new Date(paidAt.getTime() + 2000),
      );
      expect(await everything()).toEqual(resumed);
    });

    it("a plan changed in the portal: a price naming one of our plans (metadata, else lookup key) becomes the plan; an unknown price changes nothing", async () => {
      const { token, n, period } = await payingSeller();
      const at = Date.now();
      await deliverTwice(`evt_${n}_impulsa`, "customer.subscription.updated", stripeSubscription(n, period, {}, { id: "price_impulsa", metadata: { plan_id: "impulsa_monthly" } }), new Date(at));
      expect(await subscriptionOf(token)).toMatchObject({ plan_id: "impulsa_monthly", nickname: "Impulsa mensual", status: "active" });

      await deliver(`evt_${n}_quarterly`, "customer.subscription.updated", stripeSubscription(n, period, {}, { id: "price_q", lookup_key: "explora_quarterly" }), new Date(at + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ plan_id: "explora_quarterly", nickname: "Explora trimestral" });

      await deliver(`evt_${n}_unknown`, "customer.subscription.updated", stripeSubscription(n, period, {}, { id: "price_other", lookup_key: "acelera_monthly", metadata: { plan_id: "gold" } }), new Date(at + 2000));
      expect(await subscriptionOf(token)).toMatchObject({ plan_id: "explora_quarterly" });

      // An older API version: the period on the subscription, the plan object beside the price.
      const older = {
        ...stripeSubscription(n, period),
        current_period_start: unix(period.start),
        current_period_end: unix(period.end),
        items: { object: "list", data: [{ id: `si_${n}`, price: null, plan: { id: "plan_legacy", object: "plan", metadata: { plan_id: "impulsa_monthly" } } }] },
      };
      await deliver(`evt_${n}_legacy`, "customer.subscription.updated", older, new Date(at + 3000));
      expect(await subscriptionOf(token)).toMatchObject({ plan_id: "impulsa_monthly", period_end: period.end.toISOString() });

      // And the renewal's payment row is named after the plan now in force.
      const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
      await deliver(`evt_${n}_renewal`, "invoice.paid", invoice(n, 2, next));
      expect((await paymentRow(n, `in_${n}_2`)).planId).toBe("impulsa_monthly");
    });

    it("Stripe's statuses: past_due and unpaid are past_due, canceled is expired, and an ended plan is not revived by an older snapshot", async () => {
      const { token, n, period } = await payingSeller();
      const at = Date.now();
      await deliverTwice(`evt_${n}_past_due`, "customer.subscription.updated", stripeSubscription(n, period, { status: "past_due" }), new Date(at));
      expect(await subscriptionOf(token)).toMatchObject({ status: "past_due", is_free: false });
      await deliver(`evt_${n}_active`, "customer.subscription.updated", stripeSubscription(n, period, { status: "active" }), new Date(at + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "active" });
      await deliver(`evt_${n}_unpaid`, "customer.subscription.updated", stripeSubscription(n, period, { status: "unpaid" }), new Date(at + 2000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "past_due" });
      // A cancellation pending on a plan whose renewal failed: still past_due, the end recorded.
      await deliver(`evt_${n}_pd_cancel`, "customer.subscription.updated", stripeSubscription(n, period, { status: "past_due", cancel_at_period_end: true }), new Date(at + 3000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "past_due", cancel_at: period.end.toISOString() });
      // incomplete / paused: Stripe's status is not ours to act on, the rest of the snapshot is.
      await deliver(`evt_${n}_paused`, "customer.subscription.updated", stripeSubscription(n, period, { status: "paused" }), new Date(at + 4000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "past_due", cancel_at: null });

      const endedAt = seconds(new Date(at + 5000));
      await deliverTwice(`evt_${n}_canceled`, "customer.subscription.updated", stripeSubscription(n, period, { status: "canceled", ended_at: unix(endedAt), canceled_at: unix(endedAt) }), endedAt);
      expect(await subscriptionOf(token)).toMatchObject({ status: "expired", is_free: true, cancel_at: endedAt.toISOString() });

      const ended = await everything();
      await deliver(`evt_${n}_late_active`, "customer.subscription.updated", stripeSubscription(n, period, { status: "active" }), new Date(endedAt.getTime() - 2000));
      expect(await everything()).toEqual(ended);
    });

    it("incomplete_expired is expired; customer.subscription.deleted then an older updated changes nothing", async () => {
      const first = await payingSeller();
      await deliver(`evt_${first.n}_incomplete_expired`, "customer.subscription.updated", stripeSubscription(first.n, first.period, { status: "incomplete_expired" }));
      expect(await subscriptionOf(first.token)).toMatchObject({ status: "expired", is_free: true });

      const second = await payingSeller();
      const at = Date.now();
      await deliver(`evt_${second.n}_deleted`, "customer.subscription.deleted", { ...stripeSubscription(second.n, second.period), status: "canceled" }, new Date(at));
      const ended = await everything();
      await deliver(`evt_${second.n}_older`, "customer.subscription.updated", stripeSubscription(second.n, second.period, { cancel_at_period_end: true }), new Date(at - 5000));
      expect(await everything()).toEqual(ended);
      expect(await subscriptionOf(second.token)).toMatchObject({ status: "expired", is_free: true });
    });

    it("a snapshot never extends a paid period (the renewal's invoice does) nor goes back to an earlier one", async () => {
      const { token, n, period } = await payingSeller();
      const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
      const at = Date.now();
      // Stripe moved to the next period and is charging it: access is not extended before the money is in.
      await deliver(`evt_${n}_next_period`, "customer.subscription.updated", stripeSubscription(n, next), new Date(at));
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", period_end: period.end.toISOString() });
      await deliver(`evt_${n}_renewed`, "invoice.paid", invoice(n, 2, next), new Date(at + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", period_end: seconds(next.end).toISOString() });
      // A snapshot of the earlier period, newer than any applied, still does not take the period back.
      await deliver(`evt_${n}_old_period`, "customer.subscription.updated", stripeSubscription(n, period), new Date(at + 2000));
      expect(await subscriptionOf(token)).toMatchObject({ period_start: seconds(next.start).toISOString(), period_end: seconds(next.end).toISOString() });
    });

    it("a subscription that is not ours (or not readable) is acknowledged and changes nothing", async () => {
      const { n, period } = await payingSeller();
      const before = await everything();
      await deliver(`evt_${n}_stranger`, "customer.subscription.updated", { ...stripeSubscription(n, period, { status: "canceled" }), id: "sub_not_ours" });
      await deliver(`evt_${n}_unreadable`, "customer.subscription.updated", { id: `sub_${n}`, object: "subscription", status: 7 });
      expect(await everything()).toEqual(before);
    });
  });

  describe("charge.refunded", () => {
    it("a partial refund keeps the plan; Historial says how much; refunds delivered out of order keep the largest amount", async () => {
      const { user, token, n } = await payingSeller();
      const at = Date.now();
      // Two partial refunds (Stripe sends the cumulative amount), the second delivered first.
      await deliverTwice(`evt_${n}_refund_b`, "charge.refunded", charge(n, 1, 60_000), new Date(at + 1000));
      await deliverTwice(`evt_${n}_refund_a`, "charge.refunded", charge(n, 1, 25_050), new Date(at));
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "paid", refundedAmountCents: 60_000 });
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false });
      expect((await historyOf(token)).items[0]).toMatchObject({ status: "partially_refunded", refunded_amount: 600, amount: 1_740 });

      await deliver(`evt_${n}_refund_c`, "charge.refunded", charge(n, 1, 60_050), new Date(at + 2000));
      expect((await historyOf(token)).items[0]).toMatchObject({ status: "partially_refunded", refunded_amount: 600.5 });
    });

    it("a refund or a renewal closes an open upgrade checkout, here and at Stripe: its credit was reckoned before", async () => {
      const { token, n, period } = await payingSeller();
      const checkoutRow = async (sessionId: string) => (await handle.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId)))[0];
      const upgrade = await openCheckout(token, "impulsa_monthly");
      expect(await checkoutRow(upgrade.sessionId)).toMatchObject({ status: "open" });
      expect((await checkoutRow(upgrade.sessionId))?.creditCents).toBeGreaterThan(0);

      await deliverTwice(`evt_${n}_refund_part`, "charge.refunded", charge(n, 1, 50_000));
      expect(await checkoutRow(upgrade.sessionId)).toMatchObject({ status: "expired" });
      expect(expiredAtStripe).toContain(upgrade.sessionId);

      // Opened again: a new session with the credit as it now stands, closed in turn by the renewal.
      const again = await openCheckout(token, "impulsa_monthly");
      expect(again.sessionId).not.toBe(upgrade.sessionId);
      const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
      await deliver(`evt_${n}_renewal`, "invoice.paid", invoice(n, 2, next), period.end);
      expect(await checkoutRow(again.sessionId)).toMatchObject({ status: "expired" });
      expect(expiredAtStripe).toContain(again.sessionId);
    });

    it("a full refund of the charge paying the current period ends the plan now; Historial shows it 'refunded'", async () => {
      const { user, token, n, period } = await payingSeller();
      const at = seconds(new Date());
      await deliverTwice(`evt_${n}_refund_full`, "charge.refunded", charge(n, 1, EXPLORA_CENTS), at);
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "refunded", refundedAmountCents: EXPLORA_CENTS });
      expect(await subscriptionOf(token)).toMatchObject({ status: "refunded", is_free: true, cancel_at: at.toISOString() });
      // Historial is for paid plans, and stays open to the person whose plan the refund ended, to show it.
      expect((await historyOf(token)).items).toMatchObject([{ status: "refunded", refunded_amount: 1_740 }]);

      // An earlier partial refund delivered late changes nothing.
      const refunded = await everything();
      await deliver(`evt_${n}_refund_late`, "charge.refunded", charge(n, 1, 10_000), new Date(at.getTime() - 60_000));
      expect(await everything()).toEqual(refunded);

      // Stripe still says active (a refund does not cancel the subscription): the snapshot gives no access back.
      await deliver(`evt_${n}_after_refund`, "customer.subscription.updated", stripeSubscription(n, period), new Date(at.getTime() + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "refunded", is_free: true });
      expect(await subscriptionRow(n)).toMatchObject({ status: "refunded", isPaid: false, cancelAt: at });
      // Only a paid renewal does.
      const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
      await deliver(`evt_${n}_paid_again`, "invoice.paid", invoice(n, 2, next), new Date(at.getTime() + 2000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false });
    });

    it("a full refund of an earlier period's charge keeps the plan paid by the renewal", async () => {
      const { user, token, n, period } = await payingSeller();
      const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
      await deliver(`evt_${n}_renewal`, "invoice.paid", invoice(n, 2, next));
      await deliver(`evt_${n}_inpay_2`, "invoice_payment.paid", invoicePayment(n, 2));
      await deliver(`evt_${n}_refund_first`, "charge.refunded", charge(n, 1, EXPLORA_CENTS));
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "refunded" });
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false });
      expect((await historyOf(token)).items.map((item) => item.status)).toEqual(["paid", "refunded"]);
    });

    it("a full refund of a replaced subscription's charge (two checkouts paid at once) keeps the newer plan", async () => {
      const { user, token } = await newSeller();
      const n = user.id;
      const older = await openCheckout(token);
      const newer = await openCheckout(token, "impulsa_monthly");
      await deliver(`evt_${n}_older`, "checkout.session.completed", completed(older, n, `sub_${n}_a`, `in_${n}_a`));
      await deliver(`evt_${n}_newer`, "checkout.session.completed", { ...completed(newer, n, `sub_${n}_b`, `in_${n}_b`), amount_total: 1_160_000 });
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", plan_id: "impulsa_monthly" });
      expect(await paymentRow(n, `in_${n}_a`)).toMatchObject({ providerSubscriptionId: `sub_${n}_a` });
      await deliver(`evt_${n}_inpay_a`, "invoice_payment.paid", { ...invoicePayment(n, 0), invoice: `in_${n}_a`, payment: { type: "payment_intent", payment_intent: `pi_${n}_a` } });
      // The duplicate is refunded: its row says so, the plan the person has now stays.
      await deliver(`evt_${n}_refund_a`, "charge.refunded", { ...charge(n, 0, EXPLORA_CENTS), payment_intent: `pi_${n}_a` });
      expect(await paymentRow(n, `in_${n}_a`)).toMatchObject({ status: "refunded" });
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false, plan_id: "impulsa_monthly" });
    });

    it("finds the invoice through an older API version's fields: the charge's invoice, or the invoice's PaymentIntent", async () => {
      const first = await payingSeller();
      await deliver(`evt_${first.n}_refund_legacy`, "charge.refunded", { ...charge(first.n, 9, 20_000), payment_intent: null, invoice: `in_${first.n}_1` });
      expect(await paymentRow(first.user.id, `in_${first.n}_1`)).toMatchObject({ refundedAmountCents: 20_000 });

      const second = await payingSeller();
      const next = { start: second.period.end, end: new Date(second.period.end.getTime() + 30 * DAY) };
      await deliver(`evt_${second.n}_legacy_invoice`, "invoice.paid", { ...invoice(second.n, 2, next), payment_intent: `pi_${second.n}_legacy`, charge: `ch_${second.n}_legacy` });
      expect(await handle.db.select().from(stripeInvoicePayments).where(eq(stripeInvoicePayments.invoiceId, `in_${second.n}_2`))).toHaveLength(2);
      await deliver(`evt_${second.n}_dispute_legacy`, "charge.dispute.created", { ...dispute(second.n, 0, "needs_response"), charge: `ch_${second.n}_legacy`, payment_intent: null });
      expect(await paymentRow(second.user.id, `in_${second.n}_2`)).toMatchObject({ disputeStatus: "open" });
    });

    it("a charge that is not ours (or not readable) is acknowledged and changes nothing", async () => {
      const { n } = await payingSeller();
      const before = await everything();
      await deliver(`evt_${n}_refund_stranger`, "charge.refunded", { ...charge(n, 1, EXPLORA_CENTS), id: "ch_not_ours", payment_intent: "pi_not_ours" });
      await deliver(`evt_${n}_refund_stranger_invoice`, "charge.refunded", { ...charge(n, 1, EXPLORA_CENTS), payment_intent: null, invoice: "in_not_ours" });
      await deliver(`evt_${n}_refund_unreadable`, "charge.refunded", { id: "ch_x", object: "charge", amount: "mucho" });
      await deliver(`evt_${n}_dispute_stranger`, "charge.dispute.closed", { ...dispute(n, 1, "lost"), charge: "ch_not_ours", payment_intent: "pi_not_ours" });
      expect(await everything()).toEqual(before);
    });
  });

  describe("disputes", () => {
    it("an open dispute keeps the plan and shows in Historial; won, the charge is paid again", async () => {
      const { user, token, n } = await payingSeller();
      await deliverTwice(`evt_${n}_dispute_open`, "charge.dispute.created", dispute(n, 1, "needs_response"));
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "paid", disputeStatus: "open" });
      expect(await subscriptionOf(token)).toMatchObject({ status: "active", is_free: false });
      expect((await historyOf(token)).items[0]).toMatchObject({ status: "disputed", refunded_amount: null });

      await deliverTwice(`evt_${n}_dispute_won`, "charge.dispute.closed", dispute(n, 1, "won"));
      expect((await historyOf(token)).items[0]).toMatchObject({ status: "paid", refunded_amount: null });
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ disputeStatus: "won" });
    });

    it("lost is a full refund: the plan ends now; the 'created' event arriving after the decision changes nothing", async () => {
      const { user, token, n, period } = await payingSeller();
      const at = Date.now();
      await deliverTwice(`evt_${n}_dispute_lost`, "charge.dispute.closed", dispute(n, 1, "lost"), new Date(at));
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "refunded", disputeStatus: "lost", refundedAmountCents: EXPLORA_CENTS });
      expect(await subscriptionOf(token)).toMatchObject({ status: "refunded", is_free: true });
      expect(await historyRows(user.id)).toMatchObject([{ status: "refunded", refunded_amount: 1_740 }]);

      const lost = await everything();
      await deliver(`evt_${n}_dispute_created_late`, "charge.dispute.created", dispute(n, 1, "needs_response"), new Date(at - 86_400_000));
      expect(await everything()).toEqual(lost);

      // Stripe ending the subscription afterwards keeps the refund visible in Historial.
      await deliver(`evt_${n}_ended_after_lost`, "customer.subscription.deleted", { ...stripeSubscription(n, period), status: "canceled" }, new Date(at + 1000));
      expect(await subscriptionOf(token)).toMatchObject({ status: "refunded", is_free: true });
      expect((await historyOf(token)).items).toMatchObject([{ status: "refunded" }]);
    });

    it("lost after a partial refund: what the bank took back is added, up to the charge", async () => {
      const { user, token, n } = await payingSeller();
      await deliver(`evt_${n}_partial`, "charge.refunded", charge(n, 1, 40_000));
      await deliver(`evt_${n}_dispute_lost_rest`, "charge.dispute.closed", { ...dispute(n, 1, "lost"), amount: EXPLORA_CENTS - 40_000 });
      expect(await paymentRow(user.id, `in_${n}_1`)).toMatchObject({ status: "refunded", refundedAmountCents: EXPLORA_CENTS });
      expect(await subscriptionOf(token)).toMatchObject({ status: "refunded", is_free: true });
    });
  });
});
