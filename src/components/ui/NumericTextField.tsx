import { useState, type JSX } from "react";
import { parseAmountInput } from "../../lib/amount-input.ts";
import { TextField } from "./TextField.tsx";

export interface NumericFieldProps {
  readonly label: string;
  /** The number, or null when the input is empty. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  readonly name?: string;
}

interface NumericTextFieldProps extends NumericFieldProps {
  /** Every prefix of an acceptable text: a key that would leave the text outside it is refused. */
  readonly asTyped: RegExp;
  /** The value as shown when the person is not typing (after a resume, Back, or leaving the field). */
  readonly format: (value: number | null) => string;
  readonly prefix?: string;
  readonly suffix?: string;
}

/**
 * A number typed as text with its affixes (spec section 5: `$` before a
 * currency, `%` after a percentage). Keys that cannot be part of the number
 * are refused as they are typed, so what is kept is always a number or blank
 * (null), never a text read as 0. While the person types, their text is
 * shown as typed; once they leave, the value in its format.
 */
export function NumericTextField({ value, onChange, asTyped, format, ...field }: NumericTextFieldProps): JSX.Element {
  const [typed, setTyped] = useState<{ readonly text: string; readonly value: number | null } | null>(null);
  const shown = typed !== null && typed.value === value ? typed.text : format(value);
  return (
    <TextField
      {...field}
      value={shown}
      inputMode="decimal"
      autoComplete="off"
      onChange={(text) => {
        if (!asTyped.test(text)) return;
        const number = parseAmountInput(text);
        // "-" or "." alone are on the way to a number: kept as typed, held as blank.
        const next = number === null || !Number.isFinite(number) ? null : number;
        setTyped({ text, value: next });
        onChange(next);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
