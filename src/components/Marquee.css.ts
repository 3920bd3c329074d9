import { keyframes, style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";

// The list is rendered twice and the track slides by half its width, so the
// loop is seamless. Hover, focus or the pause button stop it; with reduced
// motion it does not move at all and the items wrap instead.
const slide = keyframes({
  from: { transform: "translateX(0)" },
  to: { transform: "translateX(-50%)" },
});

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
});

export const viewport = style({
  width: "100%",
  overflow: "hidden",
  containerType: "inline-size",
});

export const track = style({
  display: "flex",
  width: "max-content",
  animationName: slide,
  animationTimingFunction: "linear",
  animationIterationCount: "infinite",
  selectors: {
    [`${viewport}:hover &, ${viewport}:focus-within &, ${viewport}[data-paused] &`]: { animationPlayState: "paused" },
  },
  "@media": {
    [media.reducedMotion]: { animationName: "none", width: "auto", flexWrap: "wrap" },
  },
});

export const list = style({
  display: "flex",
  gap: vars.space.xl,
  margin: 0,
  padding: `0 ${vars.space.xl} 0 0`,
  listStyle: "none",
  "@media": { [media.reducedMotion]: { flexWrap: "wrap", rowGap: vars.space.md } },
});

export const duplicate = style({
  "@media": { [media.reducedMotion]: { display: "none" } },
});

export const toggle = style({
  border: 0,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  background: "transparent",
  color: "inherit",
  fontFamily: "inherit",
  fontSize: vars.fontSize.sm,
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  "@media": { [media.reducedMotion]: { display: "none" } },
});
