import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const wrapper = style({
  display: "flex",
  justifyContent: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const card = style({
  width: "100%",
  maxWidth: vars.size.formMax,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  background: vars.color.surface,
});

export const title = style({
  fontSize: vars.fontSize.xl,
});

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const forgot = style({
  alignSelf: "flex-end",
  fontSize: vars.fontSize.sm,
});

export const footer = style({
  textAlign: "center",
  fontSize: vars.fontSize.sm,
});

export const lead = style({ color: vars.color.textMuted });

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.text,
});
