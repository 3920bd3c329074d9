import { useId, type HTMLInputAutoCompleteAttribute, type Ref } from "react";
import * as field from "./TextField.css.ts";
import * as styles from "./NativeSelect.css.ts";

export interface NativeTextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Shown under the field; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly name?: string;
  readonly type?: "text" | "email" | "tel";
  readonly autoComplete?: HTMLInputAutoCompleteAttribute;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A one-line text field built on the browser's `<input>`: no JavaScript
 * library, so a prerendered public page hydrates it cheaply (decision 045).
 * Looks and reads like ui/TextField (the react-aria one, for the app's forms):
 * label, value, and the message under it, announced with the field.
 */
export function NativeTextField({ label, value, onChange, errorMessage, name, type = "text", autoComplete, inputRef }: NativeTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={isInvalid ? `${field.input} ${styles.focusable} ${styles.invalid}` : `${field.input} ${styles.focusable}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? errorId : undefined}
      />
      {isInvalid ? (
        <span id={errorId} className={field.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
