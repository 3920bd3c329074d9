import { randomBytes } from "node:crypto";
import { Either, Schema } from "effect";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/open.ts";
import { applyPaymentEvent, type ApplyOutcome } from "./apply-event.ts";
import { readPaymentEvent } from "./events.ts";
import type { PaymentProvider } from "./provider.ts";

/**
 * The one door through which payments change anything: a webhook whose
 * signature verifies over its exact bytes (Stripe's, or the local
 * checkout's, made the same way). Verification throws WebhookSignatureError
 * (answered 400, nothing read further); a verified event is applied once
 * (apply-event.ts).
 */
export interface WebhookDeps {
  readonly db: Database;
  readonly provider: PaymentProvider;
  readonly log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  readonly now: () => Date;
}

const Envelope = Schema.Struct({
  id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(255)),
  type: Schema.String.pipe(Schema.maxLength(255)),
  created: Schema.Int,
  data: Schema.Struct({ object: Schema.Unknown }),
});

export async function handleWebhook(deps: WebhookDeps, rawBody: unknown, signature: unknown): Promise<ApplyOutcome> {
  const body = Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0);
  const header = typeof signature === "string" ? signature : undefined;
  const verified: unknown = deps.provider.verifyEvent(body, header, deps.now());
  const envelope = Either.getOrNull(Schema.decodeUnknownEither(Envelope)(verified));
  if (envelope === null) {
    // Only a holder of the secret could sign it, and it is not an event: nothing to record it by.
    deps.log.warn("signed payment webhook without an event id, type or time: ignored");
    return "ignored";
  }
  const { outcome, replacedSubscriptionId, replacedEndsNow, staleCheckoutSessions } = await applyPaymentEvent(
    { db: deps.db, provider: deps.provider.kind, log: deps.log },
    envelope,
    readPaymentEvent(envelope),
  );
  if (replacedSubscriptionId !== null) {
    // A newer plan replaced it: the older subscription stops renewing (what it paid for stays paid), or ends now when it would still charge.
    try {
      if (replacedEndsNow) await deps.provider.endNow(replacedSubscriptionId);
      else await deps.provider.cancelAtPeriodEnd(replacedSubscriptionId);
      deps.log.info({ subscriptionId: replacedSubscriptionId, endsNow: replacedEndsNow }, "replaced Stripe subscription stops renewing");
    } catch (error) {
      deps.log.error({ err: error, subscriptionId: replacedSubscriptionId }, "could not stop a replaced Stripe subscription: cancel it in Stripe");
    }
  }
  for (const session of staleCheckoutSessions) {
    // Closed here already; at the provider too, so its page cannot take the payment with the old credit.
    try {
      await deps.provider.expireCheckout(session);
    } catch (error) {
      // Paid meanwhile, or already expired: a payment still arrives as its event and is applied.
      deps.log.warn({ err: error, providerSessionId: session }, "could not expire a checkout whose credit went stale");
    }
  }
  return outcome;
}

/** An event id for the local checkout's events, shaped like Stripe's ("evt_" + random). */
export const newLocalEventId = (): string => `evt_local_${randomBytes(16).toString("base64url")}`;
