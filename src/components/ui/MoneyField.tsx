import type { JSX } from "react";
import { formatAmount } from "../../lib/amount-input.ts";
import { NumericTextField, type NumericFieldProps } from "./NumericTextField.tsx";

export type MoneyFieldProps = NumericFieldProps;

/** Digits, thousands commas, one dot with at most two decimals, an optional "$" and spaces: every prefix of an amount. */
const AMOUNT_AS_TYPED = /^\s*\$?\s*[\d,]*(\.\d{0,2})?\s*$/;

/** A currency input (spec section 5): the "$" prefix, comma thousands and two decimals once the person leaves it ("1,500,000.00"). */
export function MoneyField(props: MoneyFieldProps): JSX.Element {
  return <NumericTextField {...props} prefix="$" asTyped={AMOUNT_AS_TYPED} format={formatAmount} />;
}
