import type { ReactNode } from "react";
import { Link as RouterLink } from "wouter";
import * as styles from "./Link.css.ts";

export interface LightLinkProps {
  readonly href: string;
  readonly variant?: "inline" | "plain";
  /** Opens in a new tab with a safe `rel`. */
  readonly isExternal?: boolean;
  readonly className?: string;
  readonly "aria-label"?: string;
  readonly children: ReactNode;
}

/**
 * A link that is a plain `<a>` (internal hrefs navigate with the client
 * router, wouter's own link): the same look as ui/Link without react-aria's
 * press and hover hooks, for the long static link lists on every page (the
 * footer), which a prerendered page hydrates on arrival (decision 045).
 * Hover is CSS `:hover`; focus is the global `:focus-visible` ring.
 */
export function LightLink({ href, variant = "inline", isExternal = false, className, "aria-label": label, children }: LightLinkProps) {
  const classes = [styles.variant[variant], styles.hover[variant], className].filter(Boolean).join(" ");
  const labelled = label === undefined ? {} : { "aria-label": label };
  if (isExternal) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={classes} {...labelled}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink href={href} className={classes} {...labelled}>
      {children}
    </RouterLink>
  );
}
