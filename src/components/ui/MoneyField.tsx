import { useState, type JSX } from "react";
import { formatAmount, parseAmountInput } from "../../lib/amount-input.ts";
import { TextField } from "./TextField.tsx";

export interface MoneyFieldProps {
  readonly label: string;
  /** The amount, or null when the input is empty. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  readonly name?: string;
}

/** Digits, thousands commas, one dot with at most two decimals, an optional "$" and spaces: every prefix of an amount. */
const AMOUNT_AS_TYPED = /^\s*\$?\s*[\d,]*(\.\d{0,2})?\s*$/;

/**
 * A currency input for a number (spec section 5): the "$" prefix, comma
 * thousands and two decimals once the person leaves it ("1,500,000.00").
 * Keys that cannot be part of an amount are refused as they are typed, so
 * what is kept is always a number or blank (null), never a text read as 0.
 */
export function MoneyField({ value, onChange, ...field }: MoneyFieldProps): JSX.Element {
  const [typed, setTyped] = useState<{ readonly text: string; readonly value: number | null } | null>(null);
  // While the person types, their text; otherwise the value in the currency format (it may come from a resume or Back).
  const shown = typed !== null && typed.value === value ? typed.text : formatAmount(value);
  return (
    <TextField
      {...field}
      value={shown}
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      onChange={(text) => {
        if (!AMOUNT_AS_TYPED.test(text)) return;
        const amount = parseAmountInput(text);
        const next = amount === null || !Number.isFinite(amount) ? null : amount;
        setTyped({ text, value: next });
        onChange(next);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
