import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planChange, unusedCreditCents, upgradeChargeCents } from "../../../server/payments/plan-change.ts";
import { PLANS, chargeCents, planById } from "../../../server/payments/plans.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("changing plan", () => {
  it("an upgrade is a higher tier, or the same tier for longer; everything else is a downgrade", () => {
    expect(planChange(planById("explora_monthly"), planById("impulsa_monthly"))).toBe("upgrade");
    expect(planChange(planById("explora_monthly"), planById("explora_quarterly"))).toBe("upgrade");
    expect(planChange(planById("explora_quarterly"), planById("impulsa_monthly"))).toBe("upgrade");
    expect(planChange(planById("impulsa_monthly"), planById("explora_quarterly"))).toBe("downgrade");
    expect(planChange(planById("explora_quarterly"), planById("explora_monthly"))).toBe("downgrade");
    expect(planChange(planById("impulsa_quarterly"), planById("impulsa_quarterly"))).toBe("same");
    // Antisymmetric: two different plans are an upgrade one way and a downgrade the other.
    for (const from of PLANS) for (const to of PLANS) if (from.id !== to.id) expect([planChange(from, to), planChange(to, from)].sort()).toEqual(["downgrade", "upgrade"]);
  });

  it("credits the days not used: all before the period, half at its middle, nothing after it", () => {
    const paid = { amountCents: 174_000, periodStart: new Date(Date.UTC(2026, 10, 1)), periodEnd: new Date(Date.UTC(2026, 10, 31)) };
    expect(unusedCreditCents(paid, new Date(Date.UTC(2026, 9, 1)))).toBe(174_000);
    expect(unusedCreditCents(paid, new Date(Date.UTC(2026, 10, 16)))).toBe(87_000);
    expect(unusedCreditCents(paid, new Date(Date.UTC(2026, 11, 1)))).toBe(0);
    expect(upgradeChargeCents(planById("impulsa_monthly"), 87_000)).toBe(chargeCents(planById("impulsa_monthly")) - 87_000);
    expect(upgradeChargeCents(planById("explora_monthly"), 10_000_000)).toBe(0);
  });

  it("never credits more than was paid, nor less than nothing, and never pays a day twice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: -200, max: 200 }), (amountCents, days, at) => {
        const periodStart = new Date(Date.UTC(2026, 0, 1));
        const paid = { amountCents, periodStart, periodEnd: new Date(periodStart.getTime() + days * DAY) };
        const now = new Date(periodStart.getTime() + at * DAY);
        const credit = unusedCreditCents(paid, now);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(amountCents);
        // What was used plus what is credited is at most what was paid: the used days are not refunded, the others not charged twice.
        const used = Math.ceil((amountCents * Math.min(days, Math.max(0, at))) / days);
        expect(used + credit).toBeLessThanOrEqual(amountCents + 1);
      }),
      { seed: 27 },
    );
  });
});
