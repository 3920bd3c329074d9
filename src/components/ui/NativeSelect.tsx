import { useId, type Ref } from "react";
import * as field from "./TextField.css.ts";
import * as styles from "./NativeSelect.css.ts";

export interface NativeSelectOption {
  readonly id: number;
  readonly name: string;
}

export interface NativeSelectProps {
  readonly label: string;
  readonly options: ReadonlyArray<NativeSelectOption>;
  /** The chosen option's id, or null for none. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  /** Shown under the field; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly placeholder?: string;
  readonly name?: string;
  /** Shown as the only option while the options load. */
  readonly isLoading?: boolean;
  readonly selectRef?: Ref<HTMLSelectElement>;
}

/**
 * A dropdown over `{id, name}` options built on the browser's `<select>`:
 * no JavaScript library, the platform's own picker on phones. For public
 * pages whose first load must stay small (ui/Select is the react-aria one).
 */
export function NativeSelect({
  label,
  options,
  value,
  onChange,
  errorMessage,
  placeholder = "Selecciona una opción",
  name,
  isLoading = false,
  selectRef,
}: NativeSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <select
        id={id}
        ref={selectRef}
        name={name}
        className={isInvalid ? `${field.input} ${styles.select} ${styles.focusable} ${styles.invalid}` : `${field.input} ${styles.select} ${styles.focusable}`}
        value={value === null ? "" : String(value)}
        onChange={(event) => {
          const next = Number(event.target.value);
          onChange(event.target.value === "" || !Number.isSafeInteger(next) ? null : next);
        }}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? errorId : undefined}
        aria-busy={isLoading || undefined}
      >
        <option value="">{isLoading && options.length === 0 ? "Cargando opciones…" : placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {isInvalid ? (
        <span id={errorId} className={field.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
