import type { Plan } from "./subscriptions.ts";

/**
 * Changing plan (issue 27, decision 013), the rule the plans page and the
 * server share: an upgrade (a higher tier, or the same tier for longer)
 * starts now with the unused days of the current plan credited; a downgrade
 * waits for the end of the period paid for. No day is ever paid twice.
 */
export type PlanChange = "same" | "upgrade" | "downgrade";

const TIER: Readonly<Record<string, number>> = { Explora: 1, Impulsa: 2 };
const MONTHS: Readonly<Record<Plan["interval"], number>> = { month: 1, quarter: 3 };

export function planChange(from: Plan, to: Plan): PlanChange {
  if (from.id === to.id) return "same";
  const tier = (TIER[to.name] ?? 0) - (TIER[from.name] ?? 0);
  if (tier !== 0) return tier > 0 ? "upgrade" : "downgrade";
  return MONTHS[to.interval] > MONTHS[from.interval] ? "upgrade" : "downgrade";
}

