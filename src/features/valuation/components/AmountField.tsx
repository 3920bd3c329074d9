import { useLayoutEffect, useRef, useState, type JSX } from "react";
import { formatAmountText, stripThousands } from "../../../../machines/valuation/selectors.ts";
import { TextField } from "../../../components/ui/TextField.tsx";
import { caretAfterValueChars, valueCharsBefore } from "./caret.ts";

export interface AmountFieldProps {
  readonly name?: string;
  readonly label: string;
  /** The amount as typed, without thousands commas ("1234567.5"). */
  readonly value: string;
  /** Called with what was typed, commas removed; the machine decides whether it is acceptable. */
  readonly onChange: (raw: string) => void;
  /** "$" for currency (spec section 5). */
  readonly prefix?: string;
  /** "%" for percentages (spec section 5). */
  readonly suffix?: string;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  readonly isRequired?: boolean;
}

/**
 * A numeric input for the valuation (spec section 5): currency with the "$"
 * prefix and comma thousands, percentages with the "%" suffix; at most one
 * decimal digit. Shown formatted while typing, with the caret kept where the
 * person was typing (a refused key leaves both the text and the caret alone).
 */
export function AmountField({ value, onChange, isRequired = false, ...field }: AmountFieldProps): JSX.Element {
  const inputRef = useRef<HTMLInputElement>(null);
  const wanted = useRef<number | null>(null);
  // Bumped on every keystroke so the caret is placed even when the value was refused (nothing else re-renders then).
  const [edits, setEdits] = useState(0);
  const shown = formatAmountText(value);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const count = wanted.current;
    if (input === null || count === null || document.activeElement !== input) return;
    wanted.current = null;
    const caret = caretAfterValueChars(input.value, count);
    input.setSelectionRange(caret, caret);
  }, [edits, shown]);

  return (
    <TextField
      // Its name, label, description, message and prefix or suffix, as bound by `field()`.
      {...field}
      value={shown}
      inputMode="decimal"
      autoComplete="off"
      isRequired={isRequired}
      inputRef={inputRef}
      onChange={(text) => {
        wanted.current = valueCharsBefore(text, inputRef.current?.selectionStart ?? text.length);
        setEdits((count) => count + 1);
        onChange(stripThousands(text));
      }}
    />
  );
}
