import type Stripe from "stripe";
import type { Plan } from "../../contracts/subscriptions.ts";

/**
 * Who takes the money (docs/decisions/013-payments.md). Two adapters share
 * this interface: Stripe (stripe-provider.ts, when STRIPE_SECRET_KEY is set)
 * and the local offline checkout (local-provider.ts, the default), whose
 * page signs Stripe-shaped events with its own secret. Both hand events to
 * the one webhook handler (webhook.ts); nothing but a signed event ever
 * activates a plan.
 */

export type ProviderKind = "local" | "stripe";

export interface CheckoutRequest {
  /** Our checkout id ("chk_…"), sent along as metadata so every event can be traced to it. */
  readonly checkoutId: string;
  readonly userId: number;
  readonly email: string;
  readonly plan: Plan;
  /** What each period costs, IVA included, in centavos (the recurring price). */
  readonly amountCents: number;
  /** Taken off the first charge only: an upgrade's credit for the unused days of the plan it replaces (0 otherwise). */
  readonly creditCents: number;
  /** Stripe's customer of an earlier plan, so a returning customer keeps one record there. */
  readonly providerCustomerId: string | null;
  /** When the checkout stops accepting payment. */
  readonly expiresAt: Date;
}

export interface CreatedCheckout {
  /** Stripe's cs_… id, or our own id for the local checkout. */
  readonly providerSessionId: string;
  /** Where the browser pays (Stripe's hosted page or our local checkout page). */
  readonly url: string;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Opens a hosted checkout for the plan. Throws ProviderUnavailableError when the provider cannot be reached. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /**
   * Checks the signature of a webhook over its exact bytes and answers the
   * event. Throws WebhookSignatureError for a missing, wrong or stale signature.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): Stripe.Event;
  /** Closes a checkout that must no longer take money (the person opened a newer one). */
  expireCheckout(providerSessionId: string): Promise<void>;
  /** Stops the renewal at the end of the period paid for (Stripe: cancel_at_period_end). */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /**
   * Ends the subscription now, so it never charges again (Stripe: cancelled
   * at once, which also stops retrying an unpaid renewal); one that already
   * ended is left as it is.
   */
  endNow(providerSubscriptionId: string): Promise<void>;
  /** Undoes `cancelAtPeriodEnd` while the period runs: the subscription renews again. */
  resume(providerSubscriptionId: string): Promise<void>;
  /** Stripe's customer portal for this customer, back to `returnUrl`; null where there is none (the local checkout). */
  billingPortal(providerCustomerId: string, returnUrl: string): Promise<string | null>;
}

/** The signature of a webhook is missing, wrong or too old: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super("webhook signature refused", { cause });
    this.name = "WebhookSignatureError";
  }
}

/** The provider could not be reached or refused the request: answered 502 in Spanish. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super("payment provider unavailable", { cause });
    this.name = "ProviderUnavailableError";
  }
}

/** How far a webhook's signed timestamp may be from our clock (Stripe's default: 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
