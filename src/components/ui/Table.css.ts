import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

/**
 * The data tables (Mis empresas, Historial, the data room, the admin tables): one look, written
 * once. Features re-export these from their own styles.
 */

/** Narrow screens scroll the table sideways instead of squeezing it. */
export const tableScroller = style({ overflowX: "auto" });

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  // Previous rows stay while the next page loads (keepPreviousData), dimmed.
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});

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

/** A column of figures: right-aligned, the digits lined up. */
export const numberHeader = style([headerCell, { textAlign: "right" }]);

export const numberCell = style([cell, { textAlign: "right", fontVariantNumeric: "tabular-nums" }]);

/** What an empty table says instead ("Ninguna empresa coincide con tu búsqueda."). */
export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A short remark after a cell's value (" · Fuera del marketplace"). */
export const cellNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
