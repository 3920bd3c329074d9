import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const root = style({ display: "grid", gap: vars.space.xxs });

export const header = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const value = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const track = style({ height: vars.space.xs, background: vars.color.border, borderRadius: vars.radius.pill, overflow: "hidden" });

export const fill = style({
  height: "100%",
  background: vars.color.brand,
  transition: `width ${vars.duration.fast} ease`,
  "@media": { [media.reducedMotion]: { transition: "none" } },
});
