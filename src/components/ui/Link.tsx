import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import * as styles from "./Link.css.ts";

export type LinkVariant = keyof typeof styles.variant;

export interface LinkProps extends Omit<AriaLinkProps, "className" | "style"> {
  readonly href: string;
  readonly variant?: LinkVariant;
  /** Opens in a new tab with a safe `rel`. */
  readonly isExternal?: boolean;
  readonly className?: string;
}

/**
 * A link. Internal hrefs navigate with the client router through the
 * RouterProvider set up in src/app; external ones open in a new tab.
 */
export function Link({ variant = "inline", isExternal = false, className, ...props }: LinkProps) {
  const external = isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <AriaLink
      {...external}
      {...props}
      className={className ? `${styles.variant[variant]} ${className}` : styles.variant[variant]}
    />
  );
}
