import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The tables look the same everywhere.
import { cell, headerCell, table, tableScroller } from "../../../components/ui/Table.css.ts";

export { cell, headerCell, table, tableScroller };

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end", justifyContent: "space-between" });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// Users ---------------------------------------------------------------------------

export const deactivatedName = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const deactivatedBadge = style({
  display: "inline-block",
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const modalBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: vars.size.formMax });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

// KPIs ----------------------------------------------------------------------------

export const figures = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  margin: 0,
  "@media": {
    [media.sm]: { gridTemplateColumns: "repeat(2, 1fr)" },
    [media.lg]: { gridTemplateColumns: "repeat(4, 1fr)" },
  },
});

export const figure = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const figureLabel = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const figureValue = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const figureNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const chartFigure = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const chartTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

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

export const signUpsFill = style({ background: vars.color.chartSignUps, fill: vars.color.chartSignUps });

export const listingsFill = style({ background: vars.color.chartListings, fill: vars.color.chartListings });

export const chart = style({ width: "100%", height: "auto" });

export const gridline = style({ stroke: vars.color.border, strokeWidth: 1 });

export const axisText = style({ fill: vars.color.textMuted, fontSize: "11px" });

export const caption = style({ textAlign: "left", fontWeight: vars.fontWeight.semibold, paddingBottom: vars.space.xs });

export const rowHeader = style([cell, { textAlign: "left", fontWeight: vars.fontWeight.medium }]);

export const numberHeader = style([headerCell, { textAlign: "right" }]);

export const numberCell = style([cell, { textAlign: "right", fontVariantNumeric: "tabular-nums" }]);
