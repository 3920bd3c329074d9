import { useEffect } from "react";
import { useLocation } from "wouter";

/** How long a link to a section waits for its lazily loaded page to render the section. */
const SECTION_WAIT_MS = 10_000;

/** The id a "#fragment" names; a malformed escape is taken as written. */
function sectionId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Scrolls smoothly to the top on every navigation (instantly with reduced
 * motion), or, when the address names a section ("/terminos-y-condiciones#verificacion",
 * as Puente Bot's sources do), to that section once the page has rendered it.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    const id = sectionId(window.location.hash);
    if (id === "") {
      window.scrollTo({ top: 0, behavior });
      return;
    }
    const scrollToSection = (): boolean => {
      const section = document.getElementById(id);
      section?.scrollIntoView({ behavior });
      return section !== null;
    };
    if (scrollToSection()) return;
    const observer = new MutationObserver(() => {
      if (scrollToSection()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), SECTION_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [location]);
  return null;
}
