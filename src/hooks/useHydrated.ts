import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender), true
 * afterwards and in pages the browser renders itself. For what the build
 * cannot know, such as the URL's query string: render it after hydration so
 * both renders match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
