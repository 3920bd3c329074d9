import { Label, ProgressBar as AriaProgressBar } from "react-aria-components";
import * as styles from "./ProgressBar.css.ts";

export interface ProgressBarProps {
  /** The accessible name, shown above the bar. */
  readonly label: string;
  /** 0–100. */
  readonly value: number;
  /** What a screen reader says instead of the percentage ("Paso 2 de 5"); the percentage is shown beside it. */
  readonly valueLabel?: string;
}

/** A determinate progress bar (wizards): the label and percentage, then the bar. */
export function ProgressBar({ label, value, valueLabel }: ProgressBarProps) {
  return (
    <AriaProgressBar value={value} {...(valueLabel === undefined ? {} : { valueLabel })} className={styles.root}>
      {({ percentage = 0 }) => (
        <>
          <div className={styles.header}>
            <Label className={styles.label}>{label}</Label>
            <span className={styles.value}>{`${Math.round(percentage)}%`}</span>
          </div>
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
