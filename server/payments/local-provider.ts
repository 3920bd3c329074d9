import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import Stripe from "stripe";
import {
  SIGNATURE_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CheckoutRequest,
  type CreatedCheckout,
  type PaymentProvider,
} from "./provider.ts";

/**
 * The offline checkout (docs/decisions/013-payments.md), the default when
 * STRIPE_SECRET_KEY is not set: the checkout URL is our own page
 * (GET /api/payments/local-checkout/:id), whose buttons sign a Stripe-shaped
 * event with the local webhook secret, exactly as Stripe signs its own
 * (`t=…,v1=…`, HMAC-SHA256), and hand it to the same webhook handler. So the
 * path from "Pagar" to an active plan is the production one, minus Stripe.
 * Nothing renews: a local plan ends at the end of its period.
 */
export interface LocalProvider extends PaymentProvider {
  readonly kind: "local";
  /** The `Stripe-Signature` header for `payload`, signed at `now` with the local webhook secret. */
  sign(payload: string, now: Date): string;
}

export function createLocalProvider(settings: { readonly webhookSecret: string; readonly appUrl: string }): LocalProvider {
  const { webhookSecret, appUrl } = settings;
  return {
    kind: "local",

    async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
      return { providerSessionId: request.checkoutId, url: `${appUrl}/api/payments/local-checkout/${request.checkoutId}` };
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): Stripe.Event {
      if (signature === undefined || signature === "") throw new WebhookSignatureError(new Error("no Stripe-Signature header"));
      try {
        return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
    },

    sign(payload: string, now: Date): string {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(now.getTime() / 1000) });
    },

    // The local page reads the checkout's status from our table: nothing else to close.
    async expireCheckout(): Promise<void> {},

    // Nothing renews locally, so there is nothing to stop.
    async cancelAtPeriodEnd(): Promise<void> {},
    async endNow(): Promise<void> {},
    async resume(): Promise<void> {},
    // No card is kept locally: nothing to manage.
    async billingPortal(): Promise<null> {
      return null;
    },
  };
}

/** A fresh local webhook secret, shaped like Stripe's ("whsec_" + 32 random bytes). */
export const newLocalWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;

const MIN_SECRET_LENGTH = 32;

/**
 * The local checkout's webhook secret, kept like the JWT secret:
 * PAYMENTS_LOCAL_WEBHOOK_SECRET when set (at least 32 characters), otherwise
 * generated once into `file` (mode 600), so a checkout page opened before a
 * restart still pays after it.
 */
export async function loadLocalWebhookSecret(options: { env?: string | undefined; file: string }): Promise<string> {
  const fromEnv = options.env;
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < MIN_SECRET_LENGTH) throw new Error(`PAYMENTS_LOCAL_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`);
    return fromEnv;
  }
  try {
    const stored = (await readFile(options.file, "utf8")).trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  const secret = newLocalWebhookSecret();
  await mkdir(dirname(options.file), { recursive: true });
  await writeFile(options.file, `${secret}\n`, { mode: 0o600 });
  await chmod(options.file, 0o600);
  return secret;
}
