/**
 * Spec section 5: currency inputs show a `$` prefix, comma thousands, a dot
 * for decimals and two decimals; percent inputs a `%` suffix. The same
 * format serves every amount, the funding round included (labelled USD,
 * spec section 9). The wire carries plain numbers.
 */

const AMOUNT = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** What a person may type around the digits: the thousands commas, the `$` and `%` signs, spaces. */
const DECORATION = /[,$%\s]/g;

/** Typed text to a number: blank is null; anything else is read without its decoration (NaN when it is no number, for the schema to refuse). */
export function parseAmountInput(text: string): number | null {
  const plain = text.replace(DECORATION, "");
  return plain === "" ? null : Number(plain);
}

/** "1,500,000.50" for 1500000.5; blank for null. */
export const formatAmount = (value: number | null | undefined): string => (value === null || value === undefined ? "" : AMOUNT.format(value));

/** On leaving a currency input: its text in the currency format, or left as typed when it is no number (the schema says so on submit). */
export function formatAmountInput(text: string): string {
  const value = parseAmountInput(text);
  return value === null || !Number.isFinite(value) ? text : formatAmount(value);
}
