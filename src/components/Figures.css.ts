import { style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";

export const list = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  margin: 0,
  "@media": {
    [media.sm]: { gridTemplateColumns: "repeat(2, 1fr)" },
    [media.lg]: { gridTemplateColumns: "repeat(4, 1fr)" },
  },
});

export const figure = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const label = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const value = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
