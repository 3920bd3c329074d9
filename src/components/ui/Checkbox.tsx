import type { ReactNode, Ref } from "react";
import { CheckboxButton, CheckboxField, FieldError } from "react-aria-components";
import * as styles from "./Checkbox.css.ts";

export interface CheckboxProps {
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
  /** The label (from `form.checkbox()`); may contain links. */
  readonly label: ReactNode;
  /** Shown under the box; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly name?: string;
  readonly isDisabled?: boolean;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/** A single checkbox with its label and an error line (e.g. accepting the terms). */
export function Checkbox({ isSelected, onChange, label, errorMessage, name, isDisabled = false, inputRef }: CheckboxProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <CheckboxField
      className={styles.field}
      isSelected={isSelected}
      onChange={onChange}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      validationBehavior="aria"
      {...(name === undefined ? {} : { name })}
      {...(inputRef === undefined ? {} : { inputRef })}
    >
      <CheckboxButton className={styles.button}>
        <span className={styles.box} aria-hidden="true">
          <svg viewBox="0 0 18 18" className={styles.check}>
            <polyline points="3 9.5 7.5 14 15 4.5" />
          </svg>
        </span>
        <span>{label}</span>
      </CheckboxButton>
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </CheckboxField>
  );
}
