import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const subTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const emptyState = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} dashed ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
});

export const emptyList = style({ margin: 0, paddingLeft: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.xxs });
