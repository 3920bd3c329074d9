import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = style({
  display: "inline-block",
  flexShrink: 0,
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  borderRadius: vars.radius.pill,
  border: `2px solid currentColor`,
  borderRightColor: "transparent",
  animation: `${spin} ${vars.duration.spin} linear infinite`,
});

export const large = style({
  width: vars.size.logoHeight,
  height: vars.size.logoHeight,
  borderWidth: "3px",
});

export const wrapper = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  color: vars.color.brand,
});
