import { visuallyHidden } from "../../styles/utils.css.ts";
import * as styles from "./Spinner.css.ts";

export interface SpinnerProps {
  /** Announced to screen readers; without it the spinner is decorative. */
  readonly label?: string;
  readonly size?: "small" | "large";
}

export function Spinner({ label, size = "small" }: SpinnerProps) {
  const className = size === "large" ? `${styles.spinner} ${styles.large}` : styles.spinner;
  if (label === undefined) return <span className={className} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrapper}>
      <span className={className} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </span>
  );
}
