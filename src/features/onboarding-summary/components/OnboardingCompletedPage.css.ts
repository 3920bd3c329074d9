import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const page = style({ width: "100%", maxWidth: "40rem", margin: "0 auto", padding: `${vars.space.xl} ${vars.space.md}` });

export const card = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const title = style({ fontSize: vars.fontSize.xxl, margin: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cta = style({ alignSelf: "stretch", textAlign: "center" });
