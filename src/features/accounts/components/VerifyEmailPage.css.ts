import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const result = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const success = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.success });

export const failure = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.danger });

export const muted = style({ margin: 0, color: vars.color.textMuted });
