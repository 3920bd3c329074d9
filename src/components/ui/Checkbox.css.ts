import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { error } from "./TextField.css.ts";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const button = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const box = style({
  flexShrink: 0,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "1.25rem",
  height: "1.25rem",
  marginTop: "0.125rem",
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  selectors: {
    [`${button}[data-selected] &`]: { background: vars.color.brand, borderColor: vars.color.brand },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${button}[data-focus-visible] &`]: { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const check = style({
  width: "0.875rem",
  height: "0.875rem",
  fill: "none",
  stroke: vars.color.textInverse,
  strokeWidth: 3,
  visibility: "hidden",
  selectors: {
    [`${button}[data-selected] &`]: { visibility: "visible" },
  },
});
