import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PlanId } from "../../contracts/subscriptions.ts";
import type { Database } from "../db/open.ts";
import { checkoutSessions } from "./schema.ts";
import { CURRENCY, chargeCents, planById } from "./plans.ts";
import type { PaymentProvider } from "./provider.ts";

/** How long a checkout accepts payment. Stripe allows 30 minutes to 24 hours; a little under a day. */
export const CHECKOUT_TTL_MS = 23 * 60 * 60 * 1000;

/** "chk_" + 128 random bits in base64url (22 characters): CHECKOUT_ID_PATTERN. */
export const newCheckoutId = (): string => `chk_${randomBytes(16).toString("base64url")}`;

export interface OpenCheckoutInput {
  readonly userId: number;
  readonly email: string;
  readonly planId: PlanId;
  readonly providerCustomerId: string | null;
  readonly now: Date;
  readonly log: Pick<FastifyBaseLogger, "warn">;
}

/**
 * Opens a checkout: our row first (so any event about it finds it), then the
 * provider's hosted page, whose id and URL complete the row. If the
 * provider fails, the row is dropped and the error goes up. Once the new
 * one exists, the person's earlier open checkouts are expired (here and at
 * the provider), so two tabs cannot both be paid.
 */
export async function openCheckout(db: Database, provider: PaymentProvider, input: OpenCheckoutInput): Promise<string> {
  const plan = planById(input.planId);
  const id = newCheckoutId();
  const amountCents = chargeCents(plan);
  const expiresAt = new Date(input.now.getTime() + CHECKOUT_TTL_MS);
  await db.insert(checkoutSessions).values({
    id,
    userId: input.userId,
    planId: plan.id,
    provider: provider.kind,
    amountCents,
    currency: CURRENCY,
    expiresAt,
    createdAt: input.now,
  });
  try {
    const created = await provider.createCheckout({
      checkoutId: id,
      userId: input.userId,
      email: input.email,
      plan,
      amountCents,
      providerCustomerId: input.providerCustomerId,
      expiresAt,
    });
    await db
      .update(checkoutSessions)
      .set({ providerSessionId: created.providerSessionId, checkoutUrl: created.url })
      .where(eq(checkoutSessions.id, id));
    await expireEarlierCheckouts(db, provider, input, id);
    return created.url;
  } catch (error) {
    await db.delete(checkoutSessions).where(eq(checkoutSessions.id, id));
    throw error;
  }
}

async function expireEarlierCheckouts(db: Database, provider: PaymentProvider, input: OpenCheckoutInput, keep: string): Promise<void> {
  const earlier = await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.userId, input.userId), eq(checkoutSessions.status, "open"), ne(checkoutSessions.id, keep)))
    .returning({
      id: checkoutSessions.id,
      provider: checkoutSessions.provider,
      providerSessionId: checkoutSessions.providerSessionId,
      expiresAt: checkoutSessions.expiresAt,
    });
  for (const checkout of earlier) {
    // The provider closed the ones past their time already.
    if (checkout.provider !== provider.kind || checkout.providerSessionId === null || checkout.expiresAt <= input.now) continue;
    try {
      await provider.expireCheckout(checkout.providerSessionId);
    } catch (error) {
      // Already paid or already expired there: its webhook (if any) still arrives and is applied.
      input.log.warn({ err: error, checkoutId: checkout.id }, "could not expire an earlier checkout at the provider");
    }
  }
}
