import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const list = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, margin: 0, padding: 0, listStyle: "none" });

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

// A long file name breaks instead of widening the page at 375 px.
export const documentTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, margin: 0, overflowWrap: "anywhere" });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const chooser = style({ maxWidth: vars.size.formMax });

export const chart = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, margin: 0 });

export const chartTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

/** One column per page, as wide as the room allows; many pages scroll sideways rather than vanish. */
export const bars = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "minmax(0.375rem, 1fr)",
  alignItems: "end",
  gap: "2px",
  height: "8rem",
  margin: 0,
  padding: `0 0 ${vars.space.xxs}`,
  listStyle: "none",
  overflowX: "auto",
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
});

/** Every page has its column, drawn faintly: a page nobody read is an empty column, not a missing one. */
export const barSlot = style({ display: "flex", alignItems: "flex-end", height: "100%", minWidth: 0, background: vars.color.surfaceMuted });

export const bar = style({
  width: "100%",
  // A page seen for no time still shows a sliver, so "read for 0 s" and "not read" differ from "no page".
  minHeight: "2px",
  background: vars.color.chart1,
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
});

export const barUnseen = style({ width: "100%", height: 0 });

export const axis = style({ display: "flex", justifyContent: "space-between", color: vars.color.textMuted, fontSize: vars.fontSize.xs });

// An address reads whole: the table scrolls sideways rather than break it.
export const buyerEmail = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.regular, overflowWrap: "normal", wordBreak: "normal", whiteSpace: "nowrap" });

export const empty = style({ margin: 0, color: vars.color.textMuted });
