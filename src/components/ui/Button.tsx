import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { Spinner } from "./Spinner.tsx";
import * as styles from "./Button.css.ts";

export type ButtonVariant = keyof typeof styles.variant;

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "style" | "children"> {
  readonly variant?: ButtonVariant;
  readonly fullWidth?: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}

/** Our one button. `isPending` shows a spinner and blocks presses (aria-disabled). */
export function Button({ variant = "primary", fullWidth = false, className, children, isPending, ...props }: ButtonProps) {
  const classes = [styles.base, styles.variant[variant], fullWidth ? styles.fullWidth : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <AriaButton {...props} isPending={isPending ?? false} className={classes}>
      {isPending ? <Spinner /> : null}
      {children}
    </AriaButton>
  );
}
