import { useId } from "react";
import { Checkbox } from "./Checkbox.tsx";
import * as styles from "./CheckboxGroup.css.ts";

export interface CheckboxGroupOption {
  readonly id: number;
  readonly name: string;
}

export interface CheckboxGroupProps {
  /** The group's name (its legend). */
  readonly label: string;
  readonly options: ReadonlyArray<CheckboxGroupOption>;
  /** The ids ticked, in the order they were ticked. */
  readonly value: ReadonlyArray<number>;
  readonly onChange: (ids: number[]) => void;
  readonly description?: string;
  /** Shown under the options. */
  readonly errorMessage?: string | undefined;
  readonly name?: string;
  readonly layout?: keyof typeof styles.layout;
}

/** Several choices among `{id, name}` options: a fieldset of checkboxes named by its legend. */
export function CheckboxGroup({ label, options, value, onChange, description, errorMessage, name, layout = "list" }: CheckboxGroupProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  const describedBy = [description ? descriptionId : null, isInvalid ? errorId : null].filter((each) => each !== null).join(" ");
  return (
    <fieldset
      className={styles.layout[layout]}
      {...(describedBy === "" ? {} : { "aria-describedby": describedBy })}
      // Marks the group for a failed submit's focus (src/lib/form.ts INVALID_CONTROL_SELECTOR), not the boxes.
      {...(isInvalid ? { "data-invalid": "" } : {})}
    >
      <legend className={`${styles.label} ${styles.legend}`}>{label}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.id}
          label={option.name}
          {...(name === undefined ? {} : { name })}
          isSelected={value.includes(option.id)}
          onChange={(isSelected) => onChange(isSelected ? [...value, option.id] : value.filter((each) => each !== option.id))}
        />
      ))}
      {description ? (
        <p id={descriptionId} className={`${styles.description} ${styles.note}`}>
          {description}
        </p>
      ) : null}
      {isInvalid ? (
        <p id={errorId} className={`${styles.error} ${styles.note}`}>
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
