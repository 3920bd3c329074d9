import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const toggle = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.xs,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&[data-hovered]": { color: vars.color.text } },
});

export const icon = style({ width: vars.size.icon, height: vars.size.icon });
