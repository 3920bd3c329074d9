import type { ReactNode } from "react";
import * as styles from "./Page.css.ts";

export interface PageProps {
  readonly title: string;
  readonly description?: string;
  readonly narrow?: boolean;
  readonly children?: ReactNode;
}

/** A page body: its one `<h1>`, an optional lead line, then the content. */
export function Page({ title, description, narrow = false, children }: PageProps) {
  return (
    <div className={narrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <h1>{title}</h1>
      {description ? <p className={styles.lead}>{description}</p> : null}
      {children}
    </div>
  );
}

export const pageActions = styles.actions;
