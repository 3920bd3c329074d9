import type { ReactNode } from "react";
import { useNearViewport } from "../hooks/useNearViewport.ts";

export interface WhenVisibleProps {
  /** Rendered once the placeholder comes near the viewport (or at once without IntersectionObserver). */
  readonly children: ReactNode;
  /** Keeps the page from jumping before the content arrives. */
  readonly minHeight: string;
  /** How far below the viewport to start, as a CSS margin. */
  readonly rootMargin?: string;
  readonly id?: string;
  readonly className?: string;
}

/**
 * Renders heavy content (a lazy form) only when the reader scrolls near it,
 * so it stays off the page's first load. The wrapper keeps `id` so links and
 * buttons can scroll to it before the content exists.
 */
export function WhenVisible({ children, minHeight, rootMargin = "300px", id, className }: WhenVisibleProps) {
  // Hidden at first everywhere, the prerender included, so hydration finds the same placeholder.
  const [ref, visible] = useNearViewport<HTMLDivElement>(rootMargin);
  return (
    <div ref={ref} id={id} className={className} style={visible ? undefined : { minHeight }} tabIndex={-1}>
      {visible ? children : null}
    </div>
  );
}
