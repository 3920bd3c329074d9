/** The id of the slot that holds the seller form on the landings; buttons scroll here. */
export const SELLER_FORM_SLOT = "formulario-vendedor";

/** Scrolls to the seller form (smoothly unless reduced motion) and moves focus there. */
export function goToSellerForm(): void {
  const target = document.getElementById("registro-vendedor") ?? document.getElementById(SELLER_FORM_SLOT);
  if (target === null) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
}
