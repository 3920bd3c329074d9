import { LOI_CURRENCIES, type LoiCurrency } from "../../../../contracts/deal-room.ts";
import { parseAmountInput } from "../../../lib/amount-input.ts";

/**
 * The letter-of-intent form's values and the body they become. The amount
 * is typed as the app's other currency inputs are ("$1,500,000.00"), the
 * stake as a percentage; blank or unreadable numbers go to the contract's
 * schema as they are, so its Spanish messages say what is wrong. Pure:
 * unit tested in node.
 */
export interface LetterFormValues {
  readonly amount: string;
  readonly currency: LoiCurrency;
  readonly stake_percentage: string;
  readonly terms: string;
}

export const EMPTY_LETTER: LetterFormValues = { amount: "", currency: "MXN", stake_percentage: "", terms: "" };

/** What `validateForm(CreateLetterOfIntent, …)` reads. */
export const letterBodyOf = (values: LetterFormValues) => ({
  amount: parseAmountInput(values.amount),
  currency: values.currency,
  stake_percentage: parseAmountInput(values.stake_percentage),
  terms: values.terms,
});

/** The currency radio group works with numeric ids: MXN is 0, USD 1. */
export const CURRENCY_OPTIONS = LOI_CURRENCIES.map((currency, id) => ({
  id,
  name: currency === "MXN" ? "MXN (pesos mexicanos)" : "USD (dólares estadounidenses)",
}));

export const currencyId = (currency: LoiCurrency): number => LOI_CURRENCIES.indexOf(currency);

export const currencyOf = (id: number | null): LoiCurrency => LOI_CURRENCIES[id ?? 0] ?? "MXN";
