import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

export const page = style({
  width: "100%",
  maxWidth: vars.size.contentMax,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const narrow = style({ maxWidth: vars.size.formMax });

export const lead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});
