import {
  Button as AriaButton,
  Input,
  Label,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from "react-aria-components";
import { visuallyHidden } from "../../styles/utils.css.ts";
import * as styles from "./SearchField.css.ts";

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, "className" | "style" | "children"> {
  readonly label: string;
  /** Keep the label for screen readers only (the placeholder says it visually). */
  readonly hideLabel?: boolean;
  readonly placeholder?: string;
  /** Accessible name of the clear (×) button. */
  readonly clearLabel?: string;
  readonly maxLength?: number;
  readonly className?: string;
}

/** A search box: Enter submits, Escape or the × button clears. */
export function SearchField({ label, hideLabel = false, placeholder, clearLabel = "Borrar búsqueda", className, ...props }: SearchFieldProps) {
  return (
    <AriaSearchField {...props} className={`${styles.field} ${styles.root} ${className ?? ""}`}>
      <Label className={hideLabel ? visuallyHidden : styles.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={styles.input} {...(placeholder === undefined ? {} : { placeholder })} />
        <AriaButton className={styles.clear} aria-label={clearLabel}>
          <span aria-hidden="true">×</span>
        </AriaButton>
      </div>
    </AriaSearchField>
  );
}
