import { formatCount } from "./weekly-chart.ts";
import * as styles from "./Figures.css.ts";

export interface Figure {
  readonly label: string;
  readonly value: number;
  /** What the number counts, in a few words. */
  readonly note?: string;
}

/** Key figures as cards: a description list (label, number, note), so each number is read with its name. */
export function Figures({ items }: { readonly items: ReadonlyArray<Figure> }) {
  return (
    <dl className={styles.list}>
      {items.map((figure) => (
        <div key={figure.label} className={styles.figure}>
          <dt className={styles.label}>{figure.label}</dt>
          <dd className={styles.value}>{formatCount(figure.value)}</dd>
          {figure.note === undefined ? null : <dd className={styles.note}>{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
