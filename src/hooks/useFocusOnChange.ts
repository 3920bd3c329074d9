import { useEffect, useRef, type RefObject } from "react";

/**
 * Moves focus to `target` whenever `key` changes, but not on the first
 * render: a wizard's new step focuses its heading, so keyboard and
 * screen-reader users start at the top of it, while the page's first load
 * leaves focus where the browser put it.
 */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, key: unknown): void {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    target.current?.focus();
  }, [target, key]);
}
