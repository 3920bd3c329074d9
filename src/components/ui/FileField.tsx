import { useId } from "react";
import * as styles from "./FileField.css.ts";

export interface FileFieldProps {
  readonly label: string;
  /** The first file chosen, or null when the choice was emptied. */
  readonly onChange: (file: File | null) => void;
  /** The types offered by the picker, e.g. "image/jpeg,image/png". */
  readonly accept?: string;
  readonly description?: string;
  /** Shown under the input; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly name?: string;
}

/** One file chosen with the browser's own file input (its chosen name shown beside the button). */
export function FileField({ label, onChange, accept, description, errorMessage, name }: FileFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  const describedBy = [isInvalid ? errorId : null, description ? descriptionId : null].filter((each) => each !== null).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      {isInvalid ? (
        <p id={errorId} className={styles.error}>
          {errorMessage}
        </p>
      ) : null}
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
