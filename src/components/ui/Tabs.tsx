import type { Key, ReactNode } from "react";
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
} from "react-aria-components";
import * as styles from "./Tabs.css.ts";

export interface TabsProps<K extends string> {
  /** The selected tab's id (controlled, e.g. from a `?tab=` parameter). */
  readonly selectedKey: K;
  readonly onSelectionChange: (key: K) => void;
  /** The accessible name of the tab list. */
  readonly label: string;
  readonly tabs: ReadonlyArray<{ readonly id: K; readonly label: string }>;
  /** `TabPanel`s, one per tab id. */
  readonly children: ReactNode;
  readonly variant?: keyof typeof styles.tabList;
}

/** Tabs with a controlled selection; put one `TabPanel` per tab inside. */
export function Tabs<K extends string>({ selectedKey, onSelectionChange, label, tabs, children, variant = "primary" }: TabsProps<K>) {
  const select = (key: Key) => {
    const tab = tabs.find((candidate) => candidate.id === String(key));
    if (tab !== undefined) onSelectionChange(tab.id);
  };
  return (
    <AriaTabs className={styles.tabs} selectedKey={selectedKey} onSelectionChange={select}>
      <AriaTabList aria-label={label} className={styles.tabList[variant]}>
        {tabs.map((tab) => (
          <AriaTab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.label}
          </AriaTab>
        ))}
      </AriaTabList>
      {children}
    </AriaTabs>
  );
}

export function TabPanel({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  return (
    <AriaTabPanel id={id} className={styles.panel}>
      {children}
    </AriaTabPanel>
  );
}
