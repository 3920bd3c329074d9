import { createHmac, timingSafeEqual } from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import { BILLING_PAGE_SIZE, type PaymentList } from "../../contracts/subscriptions.ts";
import type { Database } from "../db/open.ts";
import { payments } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { toPlanId } from "./plans.ts";

/**
 * Historial (GET /api/payments) and the receipts its rows link to. A row's
 * receipt is Stripe's hosted invoice when Stripe charged it, otherwise our
 * printable page, reached by a signed link: a new tab carries no session
 * (the token lives in the app), so, like Stripe's hosted invoice, the link
 * itself is the permission. The signature (HMAC-SHA256 with the server's
 * signing key) names the payment and its owner, so it opens that receipt
 * and no other.
 */

const receiptMessage = (paymentId: number, userId: number): string => `puente-receipt:v1:${paymentId}:${userId}`;

export function receiptSignature(key: Uint8Array, paymentId: number, userId: number): string {
  return createHmac("sha256", key).update(receiptMessage(paymentId, userId)).digest("base64url");
}

export function isReceiptSignature(key: Uint8Array, paymentId: number, userId: number, signature: string): boolean {
  const expected = Buffer.from(receiptSignature(key, paymentId, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const receiptUrlFor = (appUrl: string, key: Uint8Array, paymentId: number, userId: number): string =>
  `${appUrl}/api/payments/${paymentId}/receipt?signature=${receiptSignature(key, paymentId, userId)}`;

/**
 * What Historial says about a charge: "paid", "failed", "refunded" (in
 * full, or a dispute lost), "partially_refunded", or "disputed" (a
 * dispute the bank has not decided).
 */
export function historyStatus(row: Pick<typeof payments.$inferSelect, "status" | "refundedAmountCents" | "disputeStatus">): string {
  if (row.status !== "paid") return row.status;
  if (row.disputeStatus === "open") return "disputed";
  return row.refundedAmountCents > 0 ? "partially_refunded" : "paid";
}

export interface HistoryDeps {
  readonly db: Database;
  readonly appUrl: string;
  readonly receiptKey: Uint8Array;
}

/** One page of the user's payments, newest first, BILLING_PAGE_SIZE per page; a page past the last is empty. */
export async function listPayments(deps: HistoryDeps, userId: number, page: number): Promise<PaymentList> {
  const { db } = deps;
  const [total] = await db.select({ value: count() }).from(payments).where(eq(payments.userId, userId));
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(BILLING_PAGE_SIZE)
    .offset((page - 1) * BILLING_PAGE_SIZE);
  return {
    items: rows.flatMap((row) => {
      const planId = toPlanId(row.planId);
      if (planId === null) return [];
      return [
        {
          id: row.id,
          paid_at: row.paidAt.toISOString(),
          plan_id: planId,
          nickname: row.nickname,
          // To the centavo, as charged: Historial says what was paid (an upgrade's charge less its credit has centavos).
          amount: row.amountCents / 100,
          currency: row.currency,
          status: historyStatus(row),
          refunded_amount: row.refundedAmountCents === 0 ? null : row.refundedAmountCents / 100,
          credit_amount: row.creditCents === 0 ? null : row.creditCents / 100,
          receipt_url: row.receiptUrl ?? receiptUrlFor(deps.appUrl, deps.receiptKey, row.id, row.userId),
        },
      ];
    }),
    total: total?.value ?? 0,
    page,
    per_page: BILLING_PAGE_SIZE,
  };
}

/** A payment with its owner's name and e-mail, for the receipt page; null when there is none. */
export async function findReceipt(db: Database, paymentId: number) {
  const [row] = await db
    .select({ payment: payments, name: users.name, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row ?? null;
}
