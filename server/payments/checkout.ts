import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { and, desc, eq, gt, isNotNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Plan, PlanId } from "../../contracts/subscriptions.ts";
import type { Database } from "../db/open.ts";
import { users } from "../auth/schema.ts";
import { checkoutSessions } from "./schema.ts";
import { upgradeChargeCents } from "./plan-change.ts";
import { CURRENCY, chargeCents, planById } from "./plans.ts";
import { ProviderUnavailableError, type PaymentProvider } from "./provider.ts";

/** How long a checkout accepts payment. Stripe allows 30 minutes to 24 hours; a little under a day. */
export const CHECKOUT_TTL_MS = 23 * 60 * 60 * 1000;

/** "chk_" + 128 random bits in base64url (22 characters): CHECKOUT_ID_PATTERN. */
export const newCheckoutId = (): string => `chk_${randomBytes(16).toString("base64url")}`;

export interface OpenCheckoutInput {
  readonly userId: number;
  readonly email: string;
  readonly planId: PlanId;
  /** An upgrade's credit for the unused days of the plan it replaces (0 otherwise); taken off what this checkout charges. */
  readonly creditCents?: number;
  readonly providerCustomerId: string | null;
  readonly now: Date;
  readonly log: Pick<FastifyBaseLogger, "warn">;
}

/** Reused only while it leaves the person time to pay; closer to its end a new one is opened. */
const REUSE_MARGIN_MS = 30 * 60 * 1000;
/** A checkout still without its provider page this long after it was claimed: its request died mid-call. */
const CREATION_ABANDONED_MS = 60 * 1000;
/** How long a request waits for a concurrent one creating the same checkout, and how often it looks. */
const WAIT_FOR_CREATION_MS = 20 * 1000;
const WAIT_STEP_MS = 100;

const creditOf = (input: OpenCheckoutInput): number => Math.min(input.creditCents ?? 0, chargeCents(planById(input.planId)));

type Claim =
  | { readonly kind: "open"; readonly url: string }
  | { readonly kind: "pending" }
  | { readonly kind: "created"; readonly id: string; readonly expiresAt: Date };

/**
 * Opens a checkout, at most one open per person and plan (issue 26):
 * opening again answers the open one, while its credit is still the one
 * the person has now (issue 27: a refund or a renewal since changes it, and
 * a new checkout replaces it). Under a lock on the person's row,
 * the open checkout of that plan is reused, or waited for while another
 * request creates it, or a new row is claimed (so any event about it finds
 * it); the provider's hosted page is created outside the lock (a network
 * call), and its URL completes the row. If the provider fails, the row is
 * dropped and the error goes up. Once the new one is complete, the
 * person's other open checkouts are expired (here and at the provider), so
 * two tabs cannot pay two plans. Twenty opens at once make one checkout.
 */
export async function openCheckout(db: Database, provider: PaymentProvider, input: OpenCheckoutInput): Promise<string> {
  const plan = planById(input.planId);
  const giveUpAt = Date.now() + WAIT_FOR_CREATION_MS;
  for (;;) {
    const claim = await claimCheckout(db, provider, input, plan);
    if (claim.kind === "open") return claim.url;
    if (claim.kind === "created") return completeCheckout(db, provider, input, plan, claim);
    if (Date.now() > giveUpAt) throw new ProviderUnavailableError(new Error("a concurrent checkout was not created in time"));
    await delay(WAIT_STEP_MS);
  }
}

function claimCheckout(db: Database, provider: PaymentProvider, input: OpenCheckoutInput, plan: Plan): Promise<Claim> {
  return db.transaction(async (tx) => {
    // One person's opens take turns here; other people's do not wait.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    const [open] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, input.userId),
          eq(checkoutSessions.planId, plan.id),
          eq(checkoutSessions.provider, provider.kind),
          eq(checkoutSessions.status, "open"),
          gt(checkoutSessions.expiresAt, new Date(input.now.getTime() + REUSE_MARGIN_MS)),
          // Only with the credit the person has now: one counted before a refund or a renewal would credit days wrongly.
          eq(checkoutSessions.creditCents, creditOf(input)),
        ),
      )
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(1);
    if (open?.checkoutUrl != null) return { kind: "open", url: open.checkoutUrl };
    if (open !== undefined && open.createdAt.getTime() > input.now.getTime() - CREATION_ABANDONED_MS) return { kind: "pending" };
    if (open !== undefined) await tx.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, open.id));
    const id = newCheckoutId();
    const expiresAt = new Date(input.now.getTime() + CHECKOUT_TTL_MS);
    await tx.insert(checkoutSessions).values({
      id,
      userId: input.userId,
      planId: plan.id,
      provider: provider.kind,
      amountCents: upgradeChargeCents(plan, creditOf(input)),
      creditCents: creditOf(input),
      currency: CURRENCY,
      expiresAt,
      createdAt: input.now,
    });
    return { kind: "created", id, expiresAt };
  });
}

async function completeCheckout(
  db: Database,
  provider: PaymentProvider,
  input: OpenCheckoutInput,
  plan: Plan,
  claim: Extract<Claim, { kind: "created" }>,
): Promise<string> {
  let created: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    created = await provider.createCheckout({
      checkoutId: claim.id,
      userId: input.userId,
      email: input.email,
      plan,
      amountCents: chargeCents(plan),
      creditCents: creditOf(input),
      providerCustomerId: input.providerCustomerId,
      expiresAt: claim.expiresAt,
    });
  } catch (error) {
    await db.delete(checkoutSessions).where(eq(checkoutSessions.id, claim.id));
    throw error;
  }
  const earlier = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    await tx.update(checkoutSessions).set({ providerSessionId: created.providerSessionId, checkoutUrl: created.url }).where(eq(checkoutSessions.id, claim.id));
    // The others already complete; one still being created completes after this and expires this one in turn.
    return tx
      .update(checkoutSessions)
      .set({ status: "expired" })
      .where(
        and(
          eq(checkoutSessions.userId, input.userId),
          eq(checkoutSessions.status, "open"),
          ne(checkoutSessions.id, claim.id),
          isNotNull(checkoutSessions.checkoutUrl),
        ),
      )
      .returning({
        id: checkoutSessions.id,
        provider: checkoutSessions.provider,
        providerSessionId: checkoutSessions.providerSessionId,
        expiresAt: checkoutSessions.expiresAt,
      });
  });
  await expireAtProvider(provider, input, earlier);
  return created.url;
}

async function expireAtProvider(
  provider: PaymentProvider,
  input: OpenCheckoutInput,
  earlier: ReadonlyArray<{ readonly id: string; readonly provider: string; readonly providerSessionId: string | null; readonly expiresAt: Date }>,
): Promise<void> {
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
