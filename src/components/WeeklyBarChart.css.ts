import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";
export const figure = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});

export const swatch = style({ display: "inline-block", width: vars.size.iconSm, height: vars.size.iconSm, marginRight: vars.space.xs, verticalAlign: "middle" });

/** The series' colours, in order; the legend also says each one's place in its week. */
export const seriesFill = styleVariants({
  0: { background: vars.color.chart1, fill: vars.color.chart1 },
  1: { background: vars.color.chart2, fill: vars.color.chart2 },
  2: { background: vars.color.chart3, fill: vars.color.chart3 },
});

export const chart = style({ width: "100%", height: "auto" });

export const gridline = style({ stroke: vars.color.border, strokeWidth: 1 });

export const axisText = style({ fill: vars.color.textMuted, fontSize: "11px" });
