import { globalStyle } from "@vanilla-extract/css";
import { media, vars } from "./theme.css.ts";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  scrollBehavior: "smooth",
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

globalStyle("*", {
  "@media": {
    [media.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
