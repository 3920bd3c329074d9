import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { Spinner } from "./Spinner.tsx";
import * as styles from "./Button.css.ts";

export type ButtonVariant = keyof typeof styles.variant;

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "style" | "children" | "isPending"> {
  readonly variant?: ButtonVariant;
  readonly fullWidth?: boolean;
  readonly className?: string;
  /** A request is in flight: show a spinner, mark it aria-disabled and ignore presses. */
  readonly isPending?: boolean;
  readonly children: ReactNode;
}

/**
 * Our one button. Pending is handled here rather than with react-aria's
 * `isPending`, whose live announcement keeps pointing at the button after a
 * successful submit navigates away (a dangling `aria-labelledby`). Focus
 * stays on the button while pending, and a submit button stops submitting.
 */
export function Button({
  variant = "primary",
  fullWidth = false,
  className,
  children,
  isPending = false,
  onPress,
  type,
  ...props
}: ButtonProps) {
  const classes = [
    styles.base,
    styles.variant[variant],
    fullWidth ? styles.fullWidth : "",
    isPending ? styles.pending : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const pendingProps = isPending
    ? { "aria-disabled": true, type: "button" as const }
    : { ...(onPress === undefined ? {} : { onPress }), ...(type === undefined ? {} : { type }) };
  return (
    <AriaButton {...props} {...pendingProps} className={classes}>
      {isPending ? <Spinner /> : null}
      {children}
    </AriaButton>
  );
}
