import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const status = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.lg,
});

export const statusText = style({
  margin: 0,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});
