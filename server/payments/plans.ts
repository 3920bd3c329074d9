import type { Plan, PlanId } from "../../contracts/subscriptions.ts";

/**
 * The plan table: the one source of prices (spec sections 2 and 9). The
 * plans page, the checkout, the amounts charged and Historial all read it.
 * Prices are whole pesos (MXN) before IVA, as the plans page states them;
 * IVA (16%) is added on top when charging. Success fees are shown, never
 * charged online. Acelera is custom (a demo through /contacto) and has no id.
 */
export const PLANS: ReadonlyArray<Plan> = [
  {
    id: "explora_monthly",
    name: "Explora",
    nickname: "Explora mensual",
    interval: "month",
    amount_mxn: 1_500,
    success_fee_percent: 2,
    plus_iva: true,
    is_most_popular: false,
  },
  {
    id: "impulsa_monthly",
    name: "Impulsa",
    nickname: "Impulsa mensual",
    interval: "month",
    amount_mxn: 10_000,
    success_fee_percent: 4,
    plus_iva: true,
    is_most_popular: true,
  },
  {
    id: "explora_quarterly",
    name: "Explora",
    nickname: "Explora trimestral",
    interval: "quarter",
    amount_mxn: 4_000,
    success_fee_percent: 2,
    plus_iva: true,
    is_most_popular: false,
  },
  {
    id: "impulsa_quarterly",
    name: "Impulsa",
    nickname: "Impulsa trimestral",
    interval: "quarter",
    amount_mxn: 27_500,
    success_fee_percent: 4,
    plus_iva: true,
    is_most_popular: true,
  },
];

/** IVA in Mexico: 16%, added on top of the plan's price. */
export const IVA_PERCENT = 16;

export const CURRENCY = "mxn";

/** The plan with that id; the ids are the contract's literals, so every one exists. */
export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (plan === undefined) throw new Error(`plan ${id} is missing from PLANS`);
  return plan;
}

/** A plan id read from outside (Stripe metadata, a stored row), or null when it is not one of ours. */
export const toPlanId = (value: string | null | undefined): PlanId | null =>
  PLANS.find((plan) => plan.id === value)?.id ?? null;

/** What a plan costs before IVA, in centavos. */
export const subtotalCents = (plan: Plan): number => plan.amount_mxn * 100;

/** IVA on a subtotal, in centavos (rounded to the centavo). */
export const ivaCents = (subtotal: number): number => Math.round((subtotal * IVA_PERCENT) / 100);

/** What is charged for a plan: its price plus IVA, in centavos (Explora mensual: 1,740.00 MXN). */
export const chargeCents = (plan: Plan): number => subtotalCents(plan) + ivaCents(subtotalCents(plan));

/** A charged total split back into subtotal and IVA (for receipts), in centavos. */
export function splitIva(totalCents: number): { readonly subtotal: number; readonly iva: number } {
  const subtotal = Math.round((totalCents * 100) / (100 + IVA_PERCENT));
  return { subtotal, iva: totalCents - subtotal };
}

/** Whole pesos of a charge (the contract's `amount`). */
export const toPesos = (cents: number): number => Math.round(cents / 100);

/** Months a plan's period lasts: 1 (month) or 3 (quarter). */
export const intervalMonths = (plan: Plan): number => (plan.interval === "month" ? 1 : 3);

/**
 * The end of a period that starts at `start`: the same day and time
 * `intervalMonths` later, in UTC, on the month's last day when that month is
 * shorter (31 January + 1 month = 28 or 29 February), as Stripe bills.
 */
export function periodEndFor(start: Date, plan: Plan): Date {
  const months = intervalMonths(plan);
  const target = new Date(start.getTime());
  const day = start.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const MXN = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2 });

/** "$1,740.00 MXN". */
export const formatMxn = (cents: number): string => `${MXN.format(cents / 100)} MXN`;
