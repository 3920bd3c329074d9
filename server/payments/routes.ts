import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { Either, Schema } from "effect";
import type { FastifyRequest } from "fastify";
import {
  cancelPlanChangeEndpoint,
  cancelSubscriptionEndpoint,
  createBillingPortalSessionEndpoint,
  createCheckoutSessionEndpoint,
  getSubscriptionEndpoint,
  listPaymentsEndpoint,
  listPlansEndpoint,
  localCheckoutPageEndpoint,
  localCheckoutSubmitEndpoint,
  LocalCheckoutOutcome,
  paymentReceiptEndpoint,
  paymentWebhookEndpoint,
  resumeSubscriptionEndpoint,
  schedulePlanChangeEndpoint,
  SUBSCRIPTION_MESSAGES,
} from "../../contracts/subscriptions.ts";
import { checkoutSessions, subscriptions } from "./schema.ts";
import { users } from "../auth/schema.ts";
import type { RouteContext } from "../http/context.ts";
import type { Metrics } from "../http/metrics.ts";
import { fail, HtmlPage, SeeOther, type Router } from "../http/router.ts";
import { openCheckout } from "./checkout.ts";
import { planChange, unusedCreditOf } from "./plan-change.ts";
import { findReceipt, isReceiptSignature, listPayments } from "./history.ts";
import { submitLocalCheckout } from "./local-checkout.ts";
import type { LocalProvider } from "./local-provider.ts";
import { localCheckoutPage, messagePage, receiptPage } from "./pages.ts";
import { PLANS, planById, toPlanId } from "./plans.ts";
import { ProviderUnavailableError, WebhookSignatureError, type PaymentProvider } from "./provider.ts";
import { accessOf, RENEWING, subscriptionOf, toSubscription, type SubscriptionRow } from "./subscription.ts";
import { handleWebhook } from "./webhook.ts";

/** What the payments feature needs beyond every feature's context: who takes the money. */
export interface PaymentsContext extends RouteContext {
  readonly paymentProvider: PaymentProvider;
  /** Counts webhooks by event type and result (server/http/metrics.ts). */
  readonly metrics?: Pick<Metrics, "paymentWebhooks">;
}

const EVENT_TYPE = /^[a-z_]+(?:\.[a-z_]+){0,4}$/;

/** A signed event's type for the metrics' label (a short dotted name, as Stripe's are), or "unknown". */
function eventTypeOf(body: unknown): string {
  if (!Buffer.isBuffer(body) || body.length > 1_000_000) return "unknown";
  try {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    const type = typeof parsed === "object" && parsed !== null && "type" in parsed ? parsed.type : undefined;
    return typeof type === "string" && type.length <= 80 && EVENT_TYPE.test(type) ? type : "unknown";
  } catch {
    return "unknown";
  }
}

const isLocal = (provider: PaymentProvider): provider is LocalProvider => provider.kind === "local" && "sign" in provider;

const decodeOutcome = Schema.decodeUnknownEither(LocalCheckoutOutcome);

/** `outcome` of the local checkout's form (application/x-www-form-urlencoded), or null. */
function formOutcome(body: unknown): LocalCheckoutOutcome | null {
  if (!Buffer.isBuffer(body) || body.length > 1024) return null;
  return Either.getOrNull(decodeOutcome(new URLSearchParams(body.toString("utf8")).get("outcome")));
}

/**
 * Plans, subscriptions and payments (spec sections 2, 3, 4, 7 and 9;
 * docs/decisions/013-payments.md). Only a signed webhook activates a plan:
 * the checkout endpoints open a payment page and nothing more.
 */
export function paymentRoutes(router: Router, context: PaymentsContext): void {
  const { db, authz, rateLimiter, appUrl, tokens, now, paymentProvider: provider } = context;
  const receiptKey = tokens.secret;
  const perUser = { key: (request: { user: { id: number } | null }) => `user:${request.user?.id ?? "anonymous"}` };

  router.serve(listPlansEndpoint, {}, async () => PLANS);

  router.serve(getSubscriptionEndpoint, {}, async ({ request }) =>
    toSubscription(await subscriptionOf(db, authz.currentUser(request).id), now()),
  );

  /** A call to Stripe: refused or unanswered, it is the endpoint's Spanish 502 (logged with what was asked); anything else goes up. */
  const askProvider = async <T,>(request: FastifyRequest, userId: number, what: string, call: () => Promise<T>, unavailable: Parameters<typeof fail>[0]): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        request.log.error({ err: error.cause, userId }, `Stripe refused or did not answer ${what}`);
        throw fail(unavailable);
      }
      throw error;
    }
  };

  /**
   * Tells Stripe first when Stripe charges the plan (our record follows only
   * what Stripe accepted); a local plan has nothing to tell. A Stripe plan
   * while Stripe is not configured changes our record only.
   */
  const atProvider = async (
    current: SubscriptionRow,
    request: FastifyRequest,
    change: (subscriptionId: string) => Promise<void>,
    unavailable: Parameters<typeof fail>[0],
  ): Promise<void> => {
    if (current.provider !== "stripe" || current.providerSubscriptionId === null) return;
    if (provider.kind !== "stripe") {
      request.log.warn({ userId: current.userId }, "a Stripe subscription changes while Stripe is not configured: only our record changes");
      return;
    }
    const subscriptionId = current.providerSubscriptionId;
    await askProvider(request, current.userId, "the subscription change", () => change(subscriptionId), unavailable);
  };

  /**
   * A change Stripe accepted from us is as new as a snapshot of that moment
   * (whole seconds, as Stripe's event times): a snapshot from before it,
   * delivered late, no longer undoes it (apply-event.ts keeps the latest).
   */
  const stampedAt = (current: SubscriptionRow, time: Date) =>
    current.provider === "stripe" && provider.kind === "stripe" ? { providerUpdatedAt: new Date(Math.floor(time.getTime() / 1000) * 1000) } : {};

  router.serve(cancelSubscriptionEndpoint, {}, async ({ request }) => {
    const user = authz.currentUser(request);
    const time = now();
    const current = await subscriptionOf(db, user.id);
    if (!RENEWING.has(accessOf(current, time).status)) throw fail(cancelSubscriptionEndpoint.errors.nothingToCancel);
    await atProvider(current, request, (id) => provider.cancelAtPeriodEnd(id), cancelSubscriptionEndpoint.errors.providerUnavailable);
    // Access continues until the end of the period paid for (read at write time: a renewal may just have moved it).
    const [cancelled] = await db
      .update(subscriptions)
      .set({ status: "canceled", cancelAt: sql`coalesce(${subscriptions.periodEnd}, ${time.toISOString()}::timestamptz)`, ...stampedAt(current, time), updatedAt: time })
      .where(and(eq(subscriptions.id, current.id), inArray(subscriptions.status, [...RENEWING])))
      .returning();
    if (cancelled === undefined) throw fail(cancelSubscriptionEndpoint.errors.nothingToCancel);
    request.log.info({ userId: user.id, cancelAt: cancelled.cancelAt }, "subscription cancelled at period end");
    return toSubscription(cancelled, time);
  });

  router.serve(createBillingPortalSessionEndpoint, {}, async ({ request }) => {
    const user = authz.currentUser(request);
    const current = await subscriptionOf(db, user.id);
    const customer = current.provider === "stripe" ? current.providerCustomerId : null;
    if (customer === null) throw fail(createBillingPortalSessionEndpoint.errors.noBillingPortal);
    const url = await askProvider(
      request,
      user.id,
      "the billing portal",
      () => provider.billingPortal(customer, `${appUrl}/mi-perfil?tab=configuracion`),
      createBillingPortalSessionEndpoint.errors.providerUnavailable,
    );
    if (url === null) throw fail(createBillingPortalSessionEndpoint.errors.noBillingPortal);
    return { url };
  });

  // A downgrade waits for the end of the period paid for (decision 013): the current plan stops renewing and
  // the chosen one is offered to pay then; nothing is charged now, and no day twice.
  router.serve(schedulePlanChangeEndpoint, {}, async ({ body, request }) => {
    const user = authz.currentUser(request);
    const time = now();
    const current = await subscriptionOf(db, user.id);
    const access = accessOf(current, time);
    if (!access.isPaid || current.planId === body.plan_id) throw fail(schedulePlanChangeEndpoint.errors.nothingToSchedule);
    if (RENEWING.has(access.status)) await atProvider(current, request, (id) => provider.cancelAtPeriodEnd(id), schedulePlanChangeEndpoint.errors.providerUnavailable);
    const [scheduled] = await db
      .update(subscriptions)
      .set({
        scheduledPlanId: body.plan_id,
        // A renewing plan ends at the end of its period, like a cancellation; a cancelled one already does.
        status: sql`case when ${subscriptions.status} in ('active', 'past_due') then 'canceled' else ${subscriptions.status} end`,
        cancelAt: sql`coalesce(${subscriptions.cancelAt}, ${subscriptions.periodEnd}, ${time.toISOString()}::timestamptz)`,
        ...stampedAt(current, time),
        updatedAt: time,
      })
      .where(and(eq(subscriptions.id, current.id), inArray(subscriptions.status, [...RENEWING, "canceled"])))
      .returning();
    if (scheduled === undefined) throw fail(schedulePlanChangeEndpoint.errors.nothingToSchedule);
    request.log.info({ userId: user.id, from: current.planId, to: body.plan_id, at: scheduled.cancelAt }, "plan change scheduled");
    return toSubscription(scheduled, time);
  });

  // Keeping the current plan after all: it renews again while its period runs (like resuming); after it, the choice is dropped.
  router.serve(cancelPlanChangeEndpoint, {}, async ({ request }) => {
    const user = authz.currentUser(request);
    const time = now();
    const current = await subscriptionOf(db, user.id);
    if (current.scheduledPlanId === null) throw fail(cancelPlanChangeEndpoint.errors.nothingScheduled);
    const running = accessOf(current, time).status === "canceled";
    if (running) await atProvider(current, request, (id) => provider.resume(id), cancelPlanChangeEndpoint.errors.providerUnavailable);
    const [kept] = await db
      .update(subscriptions)
      .set({ scheduledPlanId: null, ...(running ? { status: "active", cancelAt: null, ...stampedAt(current, time) } : {}), updatedAt: time })
      .where(and(eq(subscriptions.id, current.id), eq(subscriptions.scheduledPlanId, current.scheduledPlanId)))
      .returning();
    if (kept === undefined) throw fail(cancelPlanChangeEndpoint.errors.nothingScheduled);
    return toSubscription(kept, time);
  });

  // Resuming charges nothing: the period already paid for goes on, and the plan renews at its end as before.
  router.serve(resumeSubscriptionEndpoint, {}, async ({ request }) => {
    const user = authz.currentUser(request);
    const time = now();
    const current = await subscriptionOf(db, user.id);
    if (accessOf(current, time).status !== "canceled") throw fail(resumeSubscriptionEndpoint.errors.nothingToResume);
    await atProvider(current, request, (id) => provider.resume(id), resumeSubscriptionEndpoint.errors.providerUnavailable);
    // Only while the cancelled period still runs, read at write time (the clock may have passed cancel_at meanwhile).
    const [resumed] = await db
      .update(subscriptions)
      .set({ status: "active", cancelAt: null, scheduledPlanId: null, ...stampedAt(current, time), updatedAt: time })
      .where(and(eq(subscriptions.id, current.id), eq(subscriptions.status, "canceled"), gt(subscriptions.cancelAt, time)))
      .returning();
    if (resumed === undefined) throw fail(resumeSubscriptionEndpoint.errors.nothingToResume);
    request.log.info({ userId: user.id, periodEnd: resumed.periodEnd }, "subscription resumed");
    return toSubscription(resumed, time);
  });

  router.serve(
    createCheckoutSessionEndpoint,
    { guards: [rateLimiter.guard("checkout", perUser)] },
    async ({ body, request }) => {
      const user = authz.currentUser(request);
      const time = now();
      const current = await subscriptionOf(db, user.id);
      // While a plan is paid for, no day is paid twice (decision 013): the same plan is kept (or resumed), an
      // upgrade starts now with the unused days credited, a downgrade waits for the end of the period paid for.
      const access = accessOf(current, time);
      const currentPlan = toPlanId(current.planId);
      let creditCents = 0;
      if (access.isPaid && currentPlan !== null) {
        const change = planChange(planById(currentPlan), planById(body.subscription_id));
        if (change === "same") throw fail(access.status === "canceled" ? createCheckoutSessionEndpoint.errors.planStillRunning : createCheckoutSessionEndpoint.errors.alreadyPaid);
        if (change === "downgrade") throw fail(createCheckoutSessionEndpoint.errors.downgradeAtPeriodEnd);
        creditCents = await unusedCreditOf(db, current, time);
      }
      const url = await askProvider(
        request,
        user.id,
        "the checkout",
        () =>
          openCheckout(db, provider, {
            userId: user.id,
            email: user.email,
            planId: body.subscription_id,
            creditCents,
            providerCustomerId: provider.kind === "stripe" && current.provider === "stripe" ? current.providerCustomerId : null,
            now: time,
            log: request.log,
          }),
        createCheckoutSessionEndpoint.errors.providerUnavailable,
      );
      request.log.info({ userId: user.id, planId: body.subscription_id, provider: provider.kind, creditCents }, "checkout opened");
      return { checkout_url: url };
    },
  );

  router.serve(listPaymentsEndpoint, {}, async ({ query, request }) =>
    listPayments({ db, appUrl, receiptKey }, authz.currentUser(request).id, query.page ?? 1),
  );

  router.serve(paymentWebhookEndpoint, { rawBody: true }, async ({ request }) => {
    try {
      const outcome = await handleWebhook({ db, provider, log: request.log, now }, request.body, request.headers["stripe-signature"]);
      // Only now is the body known to be the provider's: its type may label a metric.
      context.metrics?.paymentWebhooks.inc({ type: eventTypeOf(request.body), result: outcome });
      request.log.info({ outcome }, "payment webhook");
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        context.metrics?.paymentWebhooks.inc({ type: "unknown", result: "bad_signature" });
        request.log.warn({ reason: error.cause instanceof Error ? error.cause.message : "unknown" }, "payment webhook refused: bad signature");
        throw fail(paymentWebhookEndpoint.errors.badSignature);
      }
      throw error;
    }
    return { received: true };
  });

  // --- The local checkout (offline; only with the local provider) ------------------------

  /** The open local checkout with that id and its payer's e-mail, or the page that says why not. */
  const openLocalCheckout = async (id: string) => {
    const [row] = await db
      .select({ checkout: checkoutSessions, email: users.email })
      .from(checkoutSessions)
      .innerJoin(users, eq(users.id, checkoutSessions.userId))
      .where(eq(checkoutSessions.id, id))
      .limit(1);
    const plan = row === undefined ? null : toPlanId(row.checkout.planId);
    if (
      !isLocal(provider) ||
      row === undefined ||
      row.checkout.provider !== "local" ||
      plan === null ||
      row.checkout.status === "expired" ||
      row.checkout.expiresAt <= now()
    ) {
      return new HtmlPage(messagePage("Pago no encontrado", SUBSCRIPTION_MESSAGES.checkoutNotFound), 404);
    }
    if (row.checkout.status !== "open") return new HtmlPage(messagePage("Pago ya procesado", SUBSCRIPTION_MESSAGES.checkoutClosed), 409);
    return { ...row, plan: planById(plan), provider };
  };

  router.serve(localCheckoutPageEndpoint, {}, async ({ params }) => {
    const found = await openLocalCheckout(params.id);
    if (found instanceof HtmlPage) return found;
    const { checkout, email, plan } = found;
    return new HtmlPage(localCheckoutPage({ checkoutId: checkout.id, plan, amountCents: checkout.amountCents, creditCents: checkout.creditCents, email, expiresAt: checkout.expiresAt }));
  });

  router.serve(localCheckoutSubmitEndpoint, { rawBody: true }, async ({ params, request }) => {
    const found = await openLocalCheckout(params.id);
    if (found instanceof HtmlPage) return found;
    const outcome = formOutcome(request.body);
    if (outcome === null) return new HtmlPage(messagePage("Solicitud no válida", "Elige 'Pagar' o 'Simular pago rechazado'."), 400);
    await submitLocalCheckout({ db, provider: found.provider, log: request.log, now }, found.checkout, outcome);
    request.log.info({ checkoutId: found.checkout.id, outcome }, "local checkout submitted");
    return new SeeOther(outcome === "paid" ? `/pago-exitoso?session_id=${encodeURIComponent(found.checkout.id)}` : "/pago-error");
  });

  router.serve(paymentReceiptEndpoint, {}, async ({ params, query, request }) => {
    const found = await findReceipt(db, params.id);
    const ownerId = found?.payment.userId;
    const bySignature = ownerId !== undefined && query.signature !== undefined && isReceiptSignature(receiptKey, params.id, ownerId, query.signature);
    const byOwner = ownerId !== undefined && request.user !== null && !request.user.deactivated && request.user.id === ownerId;
    // Someone else's receipt answers exactly like a missing one.
    if (found === null || !(bySignature || byOwner)) {
      return new HtmlPage(messagePage("Recibo no encontrado", SUBSCRIPTION_MESSAGES.receiptNotFound), 404);
    }
    const { payment } = found;
    return new HtmlPage(
      receiptPage({
        paymentId: payment.id,
        nickname: payment.nickname,
        amountCents: payment.amountCents,
        creditCents: payment.creditCents,
        status: payment.status,
        paidAt: payment.paidAt,
        periodStart: payment.periodStart,
        periodEnd: payment.periodEnd,
        customerName: found.name,
        customerEmail: found.email,
        reference: payment.providerPaymentId,
      }),
    );
  });
}
