import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const field = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "2.75rem",
  color: vars.color.text,
  cursor: "pointer",
});

const TRACK_WIDTH = "2.25rem";
const THUMB = "1rem";
const INSET = "0.125rem";

export const track = style({
  position: "relative",
  flexShrink: 0,
  width: TRACK_WIDTH,
  height: `calc(${THUMB} + 2 * ${INSET} + 2 * ${vars.size.borderWidth})`,
  borderRadius: vars.radius.pill,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  transition: `background ${vars.duration.fast} ease`,
  selectors: {
    "[data-selected] &": { background: vars.color.brand, borderColor: vars.color.brand },
    "[data-focus-visible] &": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
  "@media": { [media.reducedMotion]: { transition: "none" } },
});

export const thumb = style({
  position: "absolute",
  top: INSET,
  left: INSET,
  width: THUMB,
  height: THUMB,
  borderRadius: vars.radius.pill,
  background: vars.color.borderStrong,
  transition: `transform ${vars.duration.fast} ease`,
  selectors: {
    "[data-selected] &": { transform: `translateX(calc(${TRACK_WIDTH} - ${THUMB} - 2 * ${INSET} - 2 * ${vars.size.borderWidth}))`, background: vars.color.surface },
  },
  "@media": { [media.reducedMotion]: { transition: "none" } },
});
