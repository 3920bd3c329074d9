/**
 * The prices of our paid services (spec sections 1 and 9: MXN plus VAT), in
 * one place: the public pages offer them and so does the valuation result.
 */

const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", maximumFractionDigits: 0 });

/** "$12,000" (es-MX, no decimals). */
export const formatMxn = (amount: number): string => mxn.format(amount);

export const SERVICE_PRICES = {
  cfoMonthly: 12_000,
  simplifiedValuation: 15_000,
  advancedValuationFrom: 40_000,
  monteCarloScenarios: 1_000,
} as const;
