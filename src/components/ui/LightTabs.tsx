import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import * as styles from "./Tabs.css.ts";
import * as light from "./LightTabs.css.ts";

export interface LightTabsProps<K extends string> {
  /** The selected tab's id (controlled). */
  readonly selectedKey: K;
  readonly onSelectionChange: (key: K) => void;
  /** The accessible name of the tab list. */
  readonly label: string;
  readonly tabs: ReadonlyArray<{ readonly id: K; readonly label: string }>;
  /** The selected tab's panel content (only the selected panel is rendered). */
  readonly children: ReactNode;
  readonly variant?: keyof typeof styles.tabList;
}

/**
 * WAI-ARIA tabs without react-aria, for public pages where weight matters
 * (docs/decisions/005-public-site.md): the same look and keyboard model as
 * `ui/Tabs` (roving focus, arrows wrap, Home/End, selection follows focus).
 */
export function LightTabs<K extends string>({ selectedKey, onSelectionChange, label, tabs, children, variant = "primary" }: LightTabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLDivElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const move = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    const tab = target === null ? undefined : tabs[target];
    if (tab === undefined) return;
    event.preventDefault();
    onSelectionChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.tabList[variant]}>
        {tabs.map((tab, index) => {
          const selected = tab.id === selectedKey;
          return (
            <div
              key={tab.id}
              ref={(element) => {
                if (element === null) refs.current.delete(tab.id);
                else refs.current.set(tab.id, element);
              }}
              id={tabId(tab.id)}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId(tab.id) : undefined}
              tabIndex={selected ? 0 : -1}
              data-selected={selected || undefined}
              className={`${styles.tab} ${light.tab}`}
              onClick={() => onSelectionChange(tab.id)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab.label}
            </div>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(selectedKey)} aria-labelledby={tabId(selectedKey)} tabIndex={0} className={`${styles.panel} ${light.panel}`}>
        {children}
      </div>
    </div>
  );
}
