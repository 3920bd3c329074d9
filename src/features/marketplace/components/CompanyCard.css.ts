import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const card = style({
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  flex: 1,
});

export const picture = style({
  width: "100%",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  background: vars.color.brandSoft,
  display: "block",
});

export const body = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  flex: 1,
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  flexWrap: "wrap",
});

export const humanId = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const badge = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brand,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

/** Spec section 9: the description is clamped to 4 lines. */
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 4,
  overflow: "hidden",
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const row = style({ display: "contents" });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const footer = style({ marginTop: "auto", paddingTop: vars.space.xs });
