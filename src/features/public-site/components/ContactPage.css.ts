import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { [media.md]: { gridTemplateColumns: "2fr 3fr" } },
});

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const formTitle = style({ fontSize: vars.fontSize.xl });
