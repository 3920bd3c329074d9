import { useState, type ReactNode } from "react";
import * as styles from "./Marquee.css.ts";

export interface MarqueeItem {
  readonly key: string;
  readonly content: ReactNode;
  /** The copy in the looping duplicate (hidden from assistive tech); e.g. links without a tab stop. */
  readonly duplicate?: ReactNode;
}

export interface MarqueeProps {
  /** Accessible name of the list. */
  readonly label: string;
  readonly items: ReadonlyArray<MarqueeItem>;
  /** Sizes each item (`li`). */
  readonly itemClassName?: string;
  /** One full loop, e.g. "15s". */
  readonly duration: string;
  readonly className?: string;
  /** Extra class of the clipping viewport (e.g. a fade mask at the edges). */
  readonly viewportClassName?: string;
}

/**
 * A looping carousel of items (CSS animation over a doubled list). It pauses
 * on hover and focus, has a pause button (WCAG 2.2.2) and stands still with
 * `prefers-reduced-motion`.
 */
export function Marquee({ label, items, itemClassName, duration, className, viewportClassName }: MarqueeProps) {
  const [paused, setPaused] = useState(false);
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <div className={viewportClassName ? `${styles.viewport} ${viewportClassName}` : styles.viewport} data-paused={paused || undefined}>
        <div className={styles.track} style={{ animationDuration: duration }}>
          <ul className={styles.list} aria-label={label}>
            {items.map((item) => (
              <li key={item.key} className={itemClassName}>
                {item.content}
              </li>
            ))}
          </ul>
          <ul className={`${styles.list} ${styles.duplicate}`} aria-hidden="true">
            {items.map((item) => (
              <li key={item.key} className={itemClassName}>
                {item.duplicate ?? item.content}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <button
        type="button"
        className={styles.toggle}
        aria-label={`${paused ? "Reanudar" : "Pausar"} animación: ${label}`}
        onClick={() => setPaused((value) => !value)}
      >
        {paused ? "Reanudar animación" : "Pausar animación"}
      </button>
    </div>
  );
}
