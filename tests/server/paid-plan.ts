import { desc, eq } from "drizzle-orm";
import type { PlanId } from "../../contracts/subscriptions.ts";
import type { Database } from "../../server/db/open.ts";
import { payments } from "../../server/payments/schema.ts";
import { applyPaymentEvent } from "../../server/payments/apply-event.ts";
import { openCheckout } from "../../server/payments/checkout.ts";
import { createLocalProvider, newLocalWebhookSecret } from "../../server/payments/local-provider.ts";
import { newLocalEventId } from "../../server/payments/webhook.ts";

const silent = { info: () => {}, warn: () => {}, error: () => {} };

export interface PaidCheckout {
  readonly checkoutId: string;
  /** The payment row the charge wrote (Historial's row, the receipt's id). */
  readonly paymentId: number;
}

/**
 * A plan paid at `at`, through the server's own checkout and event code (the
 * local provider, as the offline checkout's 'Pagar' does): for fixtures that
 * need a paid account without driving the checkout page. The webhook's
 * signature check is the only part skipped; tests/server/payments.test.ts
 * covers it.
 */
export async function payPlan(db: Database, input: { readonly userId: number; readonly email: string; readonly planId?: PlanId; readonly at?: Date }): Promise<PaidCheckout> {
  const at = input.at ?? new Date();
  const provider = createLocalProvider({ webhookSecret: newLocalWebhookSecret(), appUrl: "http://127.0.0.1" });
  const checkoutId = await openCheckoutFor(db, provider, input.userId, input.email, input.planId ?? "explora_monthly", at);
  await applyPaymentEvent({ db, provider: "local", log: silent }, { id: newLocalEventId(), type: "checkout.session.completed" }, {
    kind: "checkout_paid",
    at,
    providerSessionId: checkoutId,
    checkoutId,
    amountCents: null,
    currency: null,
    invoiceId: null,
    customerId: null,
    subscriptionId: null,
  });
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, input.userId)).orderBy(desc(payments.id)).limit(1);
  if (payment === undefined) throw new Error(`payPlan: no payment recorded for user ${input.userId}`);
  return { checkoutId, paymentId: payment.id };
}

/** An open local checkout (not paid): its id is the local checkout page's path. */
export async function openLocalCheckout(db: Database, input: { readonly userId: number; readonly email: string; readonly planId?: PlanId }): Promise<string> {
  const provider = createLocalProvider({ webhookSecret: newLocalWebhookSecret(), appUrl: "http://127.0.0.1" });
  return openCheckoutFor(db, provider, input.userId, input.email, input.planId ?? "explora_monthly", new Date());
}

async function openCheckoutFor(db: Database, provider: ReturnType<typeof createLocalProvider>, userId: number, email: string, planId: PlanId, at: Date): Promise<string> {
  const url = await openCheckout(db, provider, { userId, email, planId, providerCustomerId: null, now: at, log: silent });
  const checkoutId = url.split("/").at(-1);
  if (checkoutId === undefined || checkoutId === "") throw new Error(`openCheckout answered no checkout id: ${url}`);
  return checkoutId;
}
