import type { ReactNode } from "react";
import { Button as AriaButton, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from "react-aria-components";
import * as styles from "./Disclosure.css.ts";

export interface DisclosureProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly defaultExpanded?: boolean;
  /** Heading level of the title (default 3). */
  readonly level?: 2 | 3 | 4;
}

/** A titled section that collapses and expands (e.g. a filter group). */
export function Disclosure({ title, children, defaultExpanded = true, level = 3 }: DisclosureProps) {
  return (
    <AriaDisclosure defaultExpanded={defaultExpanded} className={styles.disclosure}>
      <Heading level={level} className={styles.heading}>
        <AriaButton slot="trigger" className={styles.trigger}>
          {title}
          <span aria-hidden="true" className={styles.chevron}>
            ▾
          </span>
        </AriaButton>
      </Heading>
      <DisclosurePanel className={styles.panel}>{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
