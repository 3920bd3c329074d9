import type { ReactNode } from "react";
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from "react-aria-components";
import * as styles from "./Switch.css.ts";

export interface SwitchProps extends Omit<AriaSwitchProps, "className" | "style" | "children"> {
  readonly children: ReactNode;
}

/** The drawn track and thumb; on inside anything marked `data-selected` (a Switch, a checkable menu item). */
export function SwitchIndicator() {
  return (
    <span className={styles.track} aria-hidden="true">
      <span className={styles.thumb} />
    </span>
  );
}

/** An on/off control (role "switch" with its state announced); the label is the children. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={styles.field}>
      <SwitchIndicator />
      {children}
    </AriaSwitch>
  );
}
