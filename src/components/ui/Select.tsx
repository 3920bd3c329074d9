import type { Key, Ref } from "react";
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from "react-aria-components";
import * as styles from "./Select.css.ts";

export interface SelectOption {
  readonly id: number;
  readonly name: string;
}

export interface SelectProps {
  readonly label: string;
  readonly options: ReadonlyArray<SelectOption>;
  /** The chosen option's id, or null for none. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  /** Shown under the field; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly placeholder?: string;
  readonly description?: string;
  readonly name?: string;
  readonly isDisabled?: boolean;
  /** The trigger button, e.g. to focus the first invalid field after submit. */
  readonly triggerRef?: Ref<HTMLButtonElement>;
  /** Focus the trigger when mounted (DeferredSelect hands its focus on). */
  readonly autoFocus?: boolean;
  /** Controlled opening (DeferredSelect opens it once loaded when it was pressed meanwhile). */
  readonly isOpen?: boolean;
  readonly onOpenChange?: (isOpen: boolean) => void;
}

const toId = (key: Key | null): number | null => {
  if (key === null) return null;
  const id = Number(key);
  return Number.isSafeInteger(id) ? id : null;
};

/** A single-choice dropdown over `{id, name}` options (catalogues). */
export function Select({
  label,
  options,
  value,
  onChange,
  errorMessage,
  placeholder = "Selecciona una opción",
  description,
  name,
  isDisabled = false,
  triggerRef,
  autoFocus = false,
  isOpen,
  onOpenChange,
}: SelectProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <AriaSelect
      className={styles.field}
      value={value}
      onChange={(key) => onChange(toId(key))}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      validationBehavior="aria"
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange === undefined ? {} : { onOpenChange })}
      {...(name === undefined ? {} : { name })}
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton ref={triggerRef ?? null} className={styles.trigger}>
        <SelectValue className={styles.value} />
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </AriaButton>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className={styles.item}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
