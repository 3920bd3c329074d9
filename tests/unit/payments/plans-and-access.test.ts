import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../../contracts/subscriptions.ts";
import { RENEWAL_GRACE_MS, subscriptionAccess, type SubscriptionRecord } from "../../../server/auth/subscription-access.ts";
import { loadLocalWebhookSecret } from "../../../server/payments/local-provider.ts";
import { chargeCents, formatMxn, periodEndFor, PLANS, planById, splitIva, toPlanId } from "../../../server/payments/plans.ts";

describe("the plan table", () => {
  it("has one row per contract plan id, and charges the price plus 16% IVA", () => {
    expect(PLANS.map((plan) => plan.id).sort()).toEqual([...PLAN_IDS].sort());
    expect(PLANS.map((plan) => [plan.id, chargeCents(plan)])).toEqual([
      ["explora_monthly", 174_000],
      ["impulsa_monthly", 1_160_000],
      ["explora_quarterly", 464_000],
      ["impulsa_quarterly", 3_190_000],
    ]);
    expect(splitIva(174_000)).toEqual({ subtotal: 150_000, iva: 24_000 });
    expect(formatMxn(3_190_000)).toBe("$31,900.00 MXN");
    expect(toPlanId("acelera")).toBeNull();
  });

  it("ends a period a calendar month (or three) later, on the month's last day when it is shorter", () => {
    const monthly = planById("explora_monthly");
    const quarterly = planById("impulsa_quarterly");
    expect(periodEndFor(new Date("2026-01-15T10:30:00Z"), monthly).toISOString()).toBe("2026-02-15T10:30:00.000Z");
    expect(periodEndFor(new Date("2026-01-31T10:30:00Z"), monthly).toISOString()).toBe("2026-02-28T10:30:00.000Z");
    expect(periodEndFor(new Date("2028-01-31T00:00:00Z"), monthly).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(periodEndFor(new Date("2026-11-30T23:59:59Z"), quarterly).toISOString()).toBe("2027-02-28T23:59:59.000Z");
    expect(periodEndFor(new Date("2026-12-31T12:00:00Z"), monthly).toISOString()).toBe("2027-01-31T12:00:00.000Z");
  });
});

describe("subscriptionAccess", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const before = new Date(now.getTime() - 1000);
  const after = new Date(now.getTime() + 1000);
  const record = (overrides: Partial<SubscriptionRecord>): SubscriptionRecord => ({
    status: "active",
    isPaid: true,
    periodEnd: after,
    cancelAt: null,
    provider: "local",
    ...overrides,
  });

  it("is free without a subscription or on the free plan", () => {
    expect(subscriptionAccess(null, now)).toEqual({ status: "free", isPaid: false });
    expect(subscriptionAccess(record({ status: "free", isPaid: false, periodEnd: null }), now)).toEqual({ status: "free", isPaid: false });
  });

  it("pays an active plan until its period ends; a local one does not renew", () => {
    expect(subscriptionAccess(record({}), now)).toEqual({ status: "active", isPaid: true });
    expect(subscriptionAccess(record({ periodEnd: before }), now)).toEqual({ status: "expired", isPaid: false });
    expect(subscriptionAccess(record({ periodEnd: now }), now)).toEqual({ status: "expired", isPaid: false });
  });

  it("gives a renewing Stripe plan a grace while its renewal is charged; a failed renewal shows past_due", () => {
    const justEnded = new Date(now.getTime() - RENEWAL_GRACE_MS + 1000);
    expect(subscriptionAccess(record({ provider: "stripe", periodEnd: justEnded }), now)).toEqual({ status: "active", isPaid: true });
    expect(subscriptionAccess(record({ provider: "stripe", periodEnd: new Date(now.getTime() - RENEWAL_GRACE_MS) }), now)).toEqual({ status: "expired", isPaid: false });
    expect(subscriptionAccess(record({ provider: "stripe", status: "past_due", periodEnd: justEnded }), now)).toEqual({ status: "past_due", isPaid: true });
    expect(subscriptionAccess(record({ provider: "stripe", status: "past_due", periodEnd: new Date(0) }), now)).toEqual({ status: "past_due", isPaid: false });
  });

  it("keeps a cancelled plan until cancel_at, then it is expired", () => {
    expect(subscriptionAccess(record({ status: "canceled", cancelAt: after }), now)).toEqual({ status: "canceled", isPaid: true });
    expect(subscriptionAccess(record({ status: "canceled", cancelAt: before, periodEnd: after }), now)).toEqual({ status: "expired", isPaid: false });
    expect(subscriptionAccess(record({ status: "canceled", cancelAt: null, periodEnd: before }), now)).toEqual({ status: "expired", isPaid: false });
    expect(subscriptionAccess(record({ status: "expired", isPaid: false }), now)).toEqual({ status: "expired", isPaid: false });
  });

  it("never pays a row that is not marked paid, whatever its dates", () => {
    expect(subscriptionAccess(record({ isPaid: false }), now).isPaid).toBe(false);
    expect(subscriptionAccess(record({ status: "canceled", isPaid: false, cancelAt: after }), now).isPaid).toBe(false);
  });
});

describe("the local checkout's webhook secret", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("is generated once into a mode-600 file, shaped like Stripe's, and reused; the variable wins", async () => {
    const dir = await mkdtemp(join(tmpdir(), "puente-whsec-"));
    dirs.push(dir);
    const file = join(dir, "nested", "payments-webhook-secret");
    const first = await loadLocalWebhookSecret({ env: undefined, file });
    expect(first).toMatch(/^whsec_[\w-]{43}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadLocalWebhookSecret({ env: "", file })).toBe(first);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect(await loadLocalWebhookSecret({ env: "w".repeat(40), file })).toBe("w".repeat(40));
    await expect(loadLocalWebhookSecret({ env: "corto", file })).rejects.toThrow(/32 characters/);
  });
});
