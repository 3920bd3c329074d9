import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const page = style({
  width: "100%",
  maxWidth: "56rem",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const header = style({ textAlign: "center", display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.xxl });

export const lead = style({ color: vars.color.textMuted });

export const choices = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.lg,
  "@media": { [media.md]: { gridTemplateColumns: "1fr 1fr" } },
});

export const choice = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const choiceTitle = style({ fontSize: vars.fontSize.lg });

export const choiceText = style({ color: vars.color.textMuted, flexGrow: 1 });

export const choiceAction = style({ textAlign: "center" });

export const footer = style({ textAlign: "center", fontSize: vars.fontSize.sm });
