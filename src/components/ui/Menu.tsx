import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type PopoverProps,
} from "react-aria-components";
import * as styles from "./Menu.css.ts";

export { MenuTrigger } from "react-aria-components";

export interface MenuProps<T extends object> extends Omit<AriaMenuProps<T>, "className" | "style"> {
  readonly placement?: PopoverProps["placement"];
}

/** A menu in a popover; put it after the trigger button inside `MenuTrigger`. */
export function Menu<T extends object>({ placement = "bottom start", ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} className={styles.popover}>
      <AriaMenu {...props} className={styles.menu} />
    </Popover>
  );
}

export interface MenuItemProps<T extends object> extends Omit<AriaMenuItemProps<T>, "className" | "style" | "children"> {
  readonly children: ReactNode;
}

export function MenuItem<T extends object>({ children, ...props }: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === "string" ? children : undefined);
  return (
    <AriaMenuItem {...props} {...(textValue === undefined ? {} : { textValue })} className={styles.item}>
      {children}
    </AriaMenuItem>
  );
}
