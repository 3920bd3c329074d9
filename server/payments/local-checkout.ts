import Stripe from "stripe";
import type { LocalCheckoutOutcome } from "../../contracts/subscriptions.ts";
import type { checkoutSessions } from "./schema.ts";
import type { LocalProvider } from "./local-provider.ts";
import type { WebhookDeps } from "./webhook.ts";
import { handleWebhook, newLocalEventId } from "./webhook.ts";

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/**
 * The event Stripe would send when this checkout is paid
 * (checkout.session.completed) or its payment fails
 * (checkout.session.async_payment_failed), with the fields we read and the
 * envelope Stripe gives every event.
 */
export function localCheckoutEvent(checkout: CheckoutRow, outcome: LocalCheckoutOutcome, now: Date): string {
  const paid = outcome === "paid";
  const created = Math.floor(now.getTime() / 1000);
  return JSON.stringify({
    id: newLocalEventId(),
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: paid ? "checkout.session.completed" : "checkout.session.async_payment_failed",
    data: {
      object: {
        id: checkout.providerSessionId ?? checkout.id,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: paid ? "paid" : "unpaid",
        amount_subtotal: checkout.amountCents,
        amount_total: checkout.amountCents,
        currency: checkout.currency,
        client_reference_id: String(checkout.userId),
        metadata: { checkout_id: checkout.id, user_id: String(checkout.userId), plan_id: checkout.planId },
        customer: null,
        subscription: null,
        invoice: null,
        created,
      },
    },
  });
}

/**
 * What the local checkout page's buttons do: sign the event as Stripe would
 * and hand it to the webhook handler, the same code POST /api/payments/webhook runs.
 */
export async function submitLocalCheckout(
  deps: WebhookDeps & { readonly provider: LocalProvider },
  checkout: CheckoutRow,
  outcome: LocalCheckoutOutcome,
): Promise<void> {
  const now = deps.now();
  const payload = localCheckoutEvent(checkout, outcome, now);
  await handleWebhook(deps, Buffer.from(payload, "utf8"), deps.provider.sign(payload, now));
}
