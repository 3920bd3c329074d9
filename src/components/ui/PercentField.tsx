import type { JSX } from "react";
import { NumericTextField, type NumericFieldProps } from "./NumericTextField.tsx";

export interface PercentFieldProps extends NumericFieldProps {
  /** A margin may be negative (a loss); a share or a use of capital may not. */
  readonly allowNegative?: boolean;
}

/** Digits and one dot with at most two decimals (spec section 5: 0–100 in steps of 0.01), an optional "%" and spaces. */
const PERCENT_AS_TYPED = /^\s*\d*(\.\d{0,2})?\s*%?\s*$/;
const SIGNED_PERCENT_AS_TYPED = /^\s*-?\d*(\.\d{0,2})?\s*%?\s*$/;

/** 12.5 as "12.5": no grouping, the decimals the person gave (two at most). */
const formatPercent = (value: number | null): string => (value === null ? "" : String(Math.round(value * 100) / 100));

/** A percentage input (spec section 5: the "%" suffix; say it in the label too). */
export function PercentField({ allowNegative = false, ...props }: PercentFieldProps): JSX.Element {
  return <NumericTextField {...props} suffix="%" asTyped={allowNegative ? SIGNED_PERCENT_AS_TYPED : PERCENT_AS_TYPED} format={formatPercent} />;
}
