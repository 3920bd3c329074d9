import Stripe from "stripe";
import { intervalMonths } from "./plans.ts";
import {
  ProviderUnavailableError,
  SIGNATURE_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CheckoutRequest,
  type CreatedCheckout,
  type PaymentProvider,
} from "./provider.ts";

/** Statuses of a Stripe subscription that has ended (it can no longer be changed or cancelled). */
const ENDED: ReadonlySet<string> = new Set(["canceled", "incomplete_expired"]);

export interface StripeSettings {
  /** STRIPE_SECRET_KEY (sk_live_… or sk_test_…). */
  readonly secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the signing secret of our webhook endpoint in Stripe's dashboard. */
  readonly webhookSecret: string;
  /** Public origin of the app, for success_url and cancel_url. */
  readonly appUrl: string;
  /** How requests reach Stripe; tests pass a fake so nothing leaves the machine. */
  readonly httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

/**
 * Stripe Checkout in "subscription" mode, in MXN (docs/decisions/013-payments.md):
 * the plan's price plus IVA as one recurring price (monthly, or every 3
 * months), the person's e-mail, and metadata (our checkout id, user id,
 * plan id) on the session and on the subscription, so every later event
 * (renewals, failures, the end) names the checkout it came from. Stripe
 * renews on its own; cancelling sets cancel_at_period_end.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    // The SDK's own API version, so the objects match its types.
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "Puente" },
    ...(settings.httpClient === undefined ? {} : { httpClient: settings.httpClient }),
  });

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw new ProviderUnavailableError(error);
    }
  };

  return {
    kind: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
      const metadata = { checkout_id: request.checkoutId, user_id: String(request.userId), plan_id: request.plan.id };
      // The credit comes off the first invoice only: a one-time coupon of this checkout, made once even if retried.
      const coupon =
        request.creditCents > 0
          ? await call(() =>
              stripe.coupons.create(
                { amount_off: request.creditCents, currency: "mxn", duration: "once", max_redemptions: 1, name: "Crédito por días no usados", metadata },
                { idempotencyKey: `${request.checkoutId}-credit` },
              ),
            )
          : null;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            locale: "es-419",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "mxn",
                  unit_amount: request.amountCents,
                  recurring: { interval: "month", interval_count: intervalMonths(request.plan) },
                  product_data: { name: `Puente ${request.plan.nickname} (IVA incluido)` },
                },
              },
            ],
            ...(coupon === null ? {} : { discounts: [{ coupon: coupon.id }] }),
            client_reference_id: String(request.userId),
            ...(request.providerCustomerId === null ? { customer_email: request.email } : { customer: request.providerCustomerId }),
            metadata,
            subscription_data: { metadata },
            success_url: `${settings.appUrl}/pago-exitoso?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${settings.appUrl}/pago-error`,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // A retried request (network, maxNetworkRetries) never opens a second session.
          { idempotencyKey: request.checkoutId },
        ),
      );
      if (session.url === null) throw new ProviderUnavailableError(new Error(`checkout session ${session.id} has no url`));
      return { providerSessionId: session.id, url: session.url };
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): Stripe.Event {
      if (signature === undefined || signature === "") throw new WebhookSignatureError(new Error("no Stripe-Signature header"));
      try {
        return Stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
    },

    async expireCheckout(providerSessionId: string): Promise<void> {
      await call(() => stripe.checkout.sessions.expire(providerSessionId));
    },

    async cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
    },

    async endNow(providerSubscriptionId: string): Promise<void> {
      const current = await call(() => stripe.subscriptions.retrieve(providerSubscriptionId));
      if (ENDED.has(current.status)) return;
      await call(() => stripe.subscriptions.cancel(providerSubscriptionId));
    },

    async billingPortal(providerCustomerId: string, returnUrl: string): Promise<string> {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: providerCustomerId, return_url: returnUrl, locale: "es-419" }));
      return session.url;
    },

    async resume(providerSubscriptionId: string): Promise<void> {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false }));
    },
  };
}
