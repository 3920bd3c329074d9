import { globalStyle } from "@vanilla-extract/css";
import { media, vars } from "./theme.css.ts";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  scrollBehavior: "smooth",
  // The navbar is sticky: whatever is scrolled to (a focused field, an
  // anchor, scrollIntoView) lands below it, not under it.
  scrollPaddingTop: `calc(${vars.size.navbarHeight} + ${vars.size.borderWidth})`,
  WebkitTextSizeAdjust: "100%",
  "@media": { [media.reducedMotion]: { scrollBehavior: "auto" } },
});

globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.surface,
});

globalStyle("h1, h2, h3, h4, p", { margin: 0 });

// Air between the navbar and what is scrolled to: a heading or anchor a
// little; a form control enough to keep its label (above it) in view.
globalStyle("h1, h2, h3, h4, :target", { scrollMarginTop: vars.space.md });
globalStyle("input, select, textarea, button", { scrollMarginTop: vars.space.xl });

globalStyle("h1", { fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });

globalStyle("a", { color: vars.color.brand });

globalStyle("img, svg", { display: "block", maxWidth: "100%" });

globalStyle(":focus-visible", {
  outline: `${vars.size.focusRing} solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

globalStyle("[data-focus-visible]", {
  outline: `${vars.size.focusRing} solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

// Reduced motion: every animation and transition ends at once, except a
// toast's progress bar. react-toastify closes a toast when that bar's
// animation ends, so cutting it to 0.01 ms closed every toast before anyone
// could read it.
globalStyle("*:not(.Toastify__progress-bar)", {
  "@media": {
    [media.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
