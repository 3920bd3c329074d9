import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const prose = style({
  maxWidth: "44rem",
  display: "grid",
  gap: vars.space.xl,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});

export const steps = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.md });

export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginTop: vars.space.md });
