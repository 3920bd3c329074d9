import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const close = style({
  alignSelf: "flex-start",
  border: 0,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: "pointer",
  padding: vars.space.xxs,
});
