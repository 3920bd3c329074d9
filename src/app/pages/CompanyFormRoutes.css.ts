import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

/** A short remark above the form (incognito on). */
export const note = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `${vars.space.xxs} solid ${vars.color.accent}`,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
