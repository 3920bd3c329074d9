import { useEffect } from "react";
import { useLocation } from "wouter";

/** Scrolls smoothly to the top on every navigation (instantly with reduced motion). */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [location]);
  return null;
}
