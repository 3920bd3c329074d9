import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

export const box = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  textAlign: "center",
});

/** Inside a form or beside filters: one line and the button. */
export const compact = style({
  flexDirection: "row",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderColor: vars.color.danger,
  background: vars.color.dangerSoft,
  textAlign: "start",
});

export const message = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
});
