import { useId } from "react";
import * as styles from "./NumberField.css.ts";

export interface NumberFieldProps {
  readonly label: string;
  /** The number, or null when the input is empty. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  readonly description?: string;
  /** Shown under the input; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly name?: string;
  readonly min?: number;
  readonly max?: number;
  /** 0.01 unless said otherwise. */
  readonly step?: number;
}

/** An empty input is null; the browser keeps non-numbers out of type=number. */
const toNumber = (text: string): number | null => (text.trim() === "" || !Number.isFinite(Number(text)) ? null : Number(text));

/** A number typed in the browser's own number input (arrows, the numeric keyboard on phones). */
export function NumberField({ label, value, onChange, description, errorMessage, name, min, max, step = 0.01 }: NumberFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  const describedBy = [description ? descriptionId : null, isInvalid ? errorId : null].filter((each) => each !== null).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="number"
        inputMode="decimal"
        name={name}
        min={min}
        max={max}
        step={step}
        value={value ?? ""}
        onChange={(event) => onChange(toNumber(event.target.value))}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy === "" ? undefined : describedBy}
      />
      {description ? (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
      {isInvalid ? (
        <span id={errorId} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
