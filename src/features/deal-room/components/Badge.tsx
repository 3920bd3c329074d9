import * as styles from "./StatusBadge.css.ts";

export type BadgeTone = keyof typeof styles.tone;

/** A word in a pill; the colour only repeats what the word says (StatusBadge.tsx names the statuses). */
export function Badge({ tone, children }: { readonly tone: BadgeTone; readonly children: string }) {
  return <span className={styles.tone[tone]}>{children}</span>;
}
