import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

/**
 * The data tables (Mis empresas, Historial, the data room, the admin tables,
 * the analytics, a chart's figures): one look, written once, used only by
 * ui/Table.tsx (and `cellNote` inside a cell).
 */

/** Narrow screens scroll the table sideways instead of squeezing it. */
export const scroller = style({ overflowX: "auto", maxWidth: "100%" });

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  // Previous rows stay while the next page loads (keepPreviousData), dimmed.
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});

/** A caption shown above the table ('2 aperturas registradas', a chart's title). */
export const caption = style({ textAlign: "left", fontWeight: vars.fontWeight.semibold, paddingBottom: vars.space.xs });

export const headerCell = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: "nowrap",
});

export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  verticalAlign: "middle",
});

/** The cell that names its row (`<th scope="row">`): a long name breaks rather than widening the table. */
export const rowHeader = style([cell, { textAlign: "left", fontWeight: vars.fontWeight.medium, wordBreak: "break-word" }]);

/** A column of figures: right-aligned, the digits lined up, never wrapped. */
export const numberHeader = style([headerCell, { textAlign: "right" }]);

export const numberCell = style([cell, { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }]);

/** What an empty table says instead ("Ninguna empresa coincide con tu búsqueda."). */
export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

/** A short remark after a cell's value (" · Fuera del marketplace"). */
export const cellNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
