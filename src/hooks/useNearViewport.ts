import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Whether the element has come near the viewport (once true, stays true).
 * False at first everywhere, the build's prerender included, so hydration
 * renders the same; true at once where there is no IntersectionObserver.
 */
export function useNearViewport<T extends Element>(rootMargin = "200px"): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [ref, near];
}
