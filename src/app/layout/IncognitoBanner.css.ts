import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

// Accent yellow with the body text colour (about 9:1): noticed at a glance in a screen share.
export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.accent,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const text = style({ margin: 0, fontWeight: vars.fontWeight.semibold, textAlign: "center" });
