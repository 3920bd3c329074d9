import { and, asc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse } from "../../contracts/sessions.ts";
import { CheckoutSessionResponse, PLAN_IDS, Subscription, type PlanId } from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { checkoutSessions, payments } from "../../server/payments/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

/**
 * No path charges twice for the same days (issue 27): random sequences of
 * what a person can do with plans (buy, upgrade, try a downgrade, schedule
 * one for the end of the period and drop it, cancel, resume, a declined
 * payment) and of time passing, through the API and the
 * local checkout, on one account. After every step:
 * - days paid twice are credited: where a charge's period overlaps the one
 *   before it (an upgrade), its credit is what the overlapped days of the
 *   earlier charge were worth (to the centavo), and without a credit no two
 *   paid periods overlap;
 * - what was charged equals what the checkouts that were paid said, and no
 *   charge is negative;
 * - the plan the API answers is the one the latest charge covering now paid
 *   for, and it is paid exactly when such a charge exists.
 * Fixed seed: a failure replays.
 */

const PASSWORD = "Clave-segura-2026";
const DAY = 24 * 60 * 60 * 1000;
const decodeSubscription = Schema.decodeUnknownSync(Subscription);

type Step =
  | { readonly kind: "choose"; readonly plan: PlanId; readonly pay: boolean }
  | { readonly kind: "cancel" }
  | { readonly kind: "resume" }
  | { readonly kind: "schedule"; readonly plan: PlanId }
  | { readonly kind: "keep" }
  | { readonly kind: "wait"; readonly days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("choose" as const), plan: fc.constantFrom(...PLAN_IDS), pay: fc.boolean() }),
  fc.constant({ kind: "cancel" as const }),
  fc.constant({ kind: "resume" as const }),
  fc.record({ kind: fc.constant("schedule" as const), plan: fc.constantFrom(...PLAN_IDS) }),
  fc.constant({ kind: "keep" as const }),
  fc.record({ kind: fc.constant("wait" as const), days: fc.integer({ min: 1, max: 60 }) }),
);

describe.each(ONE_TEST_DATABASE)("plans over time on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = Date.now();
  let serial = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        appUrl: "https://puente.example",
        localWebhookSecret: "whsec_local_test_0123456789abcdefghijklmnopqrstuv",
        clock: () => new Date(clock),
        rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }),
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("never charges twice for the same days, whatever is done and whenever", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        serial += 1;
        clock = Date.now() + serial * 1000 * DAY;
        const user = await createUser(handle.db, { email: `ciclo.${serial}@ejemplo.mx`, password: PASSWORD, name: "Ciclo", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
        // A session lasts hours and the steps move days: log in again before each.
        const token = async () => {
          const response = await app.inject({ method: "POST", url: "/api/sessions", payload: { email: user.email, password: PASSWORD } });
          return Schema.decodeUnknownSync(LoginResponse)(response.json()).access_token;
        };
        const call = async (method: "GET" | "PUT" | "DELETE" | "POST", url: string, payload?: Record<string, unknown>) =>
          app.inject({ method, url, headers: { authorization: `Bearer ${await token()}` }, ...(payload === undefined ? {} : { payload }) });

        for (const [index, taken] of steps.entries()) {
          const where = `step ${index + 1} of ${JSON.stringify(steps)}`;
          switch (taken.kind) {
            case "choose": {
              const opened = await call("POST", "/api/payments/checkout_sessions", { subscription_id: taken.plan });
              expect([201, 409], `${where}: ${opened.body}`).toContain(opened.statusCode);
              if (opened.statusCode === 201) {
                const path = new URL(Schema.decodeUnknownSync(CheckoutSessionResponse)(opened.json()).checkout_url).pathname;
                const submitted = await app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `outcome=${taken.pay ? "paid" : "declined"}` });
                expect(submitted.statusCode, where).toBe(303);
              }
              break;
            }
            case "cancel":
              expect([200, 409], where).toContain((await call("DELETE", "/api/subscriptions")).statusCode);
              break;
            case "resume":
              expect([200, 409], where).toContain((await call("PUT", "/api/subscriptions")).statusCode);
              break;
            case "schedule":
              expect([200, 409], where).toContain((await call("PUT", "/api/subscriptions/scheduled_plan", { plan_id: taken.plan })).statusCode);
              break;
            case "keep":
              expect([200, 409], where).toContain((await call("DELETE", "/api/subscriptions/scheduled_plan")).statusCode);
              break;
            case "wait":
              clock += taken.days * DAY;
              break;
          }

          const charges = await handle.db.select().from(payments).where(and(eq(payments.userId, user.id), eq(payments.status, "paid"))).orderBy(asc(payments.paidAt), asc(payments.id));
          for (const charge of charges) expect(charge.amountCents, where).toBeGreaterThanOrEqual(0);
          for (let at = 1; at < charges.length; at += 1) {
            const before = charges[at - 1];
            const after = charges[at];
            if (before === undefined || after === undefined || before.periodStart === null || before.periodEnd === null || after.periodStart === null) throw new Error(`${where}: a charge without its period`);
            const overlap = before.periodEnd.getTime() - after.periodStart.getTime();
            if (overlap <= 0) {
              expect(after.creditCents, `${where}: credit without overlap`).toBe(0);
              continue;
            }
            const length = before.periodEnd.getTime() - before.periodStart.getTime();
            const worth = before.amountCents + before.creditCents;
            // To the centavo: a charge's period starts at its event's time, in whole seconds, a fraction before the credit was reckoned.
            expect(Math.abs(after.creditCents - Math.floor((worth * overlap) / length)), `${where}: the overlapped days are credited`).toBeLessThanOrEqual(1);
            expect(after.creditCents, where).toBeLessThanOrEqual(worth);
          }
          const checkouts = await handle.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.userId, user.id), eq(checkoutSessions.status, "completed")));
          expect(charges.reduce((sum, charge) => sum + charge.amountCents, 0), where).toBe(checkouts.reduce((sum, checkout) => sum + checkout.amountCents, 0));

          const subscription = decodeSubscription((await call("GET", "/api/subscriptions")).json());
          const covering = charges.filter((charge) => charge.periodStart !== null && charge.periodEnd !== null && charge.periodStart.getTime() <= clock && clock < charge.periodEnd.getTime()).at(-1);
          expect(!subscription.is_free, `${where}: paid exactly while a charge covers now`).toBe(covering !== undefined);
          if (covering !== undefined) expect(subscription.plan_id, where).toBe(covering.planId);
        }
      }),
      { numRuns: 25, seed: 27 },
    );
  });
});
