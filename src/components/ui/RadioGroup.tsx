import { FieldError, Label, Radio, RadioGroup as AriaRadioGroup, Text } from "react-aria-components";
import { visuallyHidden } from "../../styles/utils.css.ts";
import * as field from "./TextField.css.ts";
import * as styles from "./RadioGroup.css.ts";

export interface RadioOption {
  readonly id: number;
  readonly name: string;
}

export interface RadioGroupProps {
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly options: ReadonlyArray<RadioOption>;
  /** The chosen id, or null for the `noneLabel` option. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  /** A first option meaning "no choice" (e.g. 'Todas'). */
  readonly noneLabel?: string;
  readonly name?: string;
  readonly description?: string;
  /** Shown under the options; also marks the group invalid. */
  readonly errorMessage?: string | undefined;
}

const NONE = "none";

/** A single choice among `{id, name}` options, shown as radio buttons. */
export function RadioGroup({ label, hideLabel = false, options, value, onChange, noneLabel, name, description, errorMessage }: RadioGroupProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <AriaRadioGroup
      className={styles.group}
      value={value === null ? NONE : String(value)}
      onChange={(key) => onChange(key === NONE ? null : Number(key))}
      isInvalid={isInvalid}
      validationBehavior="aria"
      {...(name === undefined ? {} : { name })}
    >
      <Label className={hideLabel ? visuallyHidden : styles.label}>{label}</Label>
      {noneLabel === undefined ? null : (
        <Radio value={NONE} className={styles.radio}>
          <span className={styles.indicator} aria-hidden="true" />
          {noneLabel}
        </Radio>
      )}
      {options.map((option) => (
        <Radio key={option.id} value={String(option.id)} className={styles.radio}>
          <span className={styles.indicator} aria-hidden="true" />
          {option.name}
        </Radio>
      ))}
      {description ? (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.error}>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
