/**
 * The decisions of ui/Table.tsx that are not markup: which element and look
 * a cell gets, and when the scroll container becomes a keyboard stop. No
 * React, no styles: unit tested in node (tests/unit/components/table-layout.test.ts).
 */

/** What ui/Table needs to know of a column to lay it out. */
export interface ColumnLayout {
  /** Figures: right-aligned, tabular digits. */
  readonly numeric?: boolean;
  /** The column that names each row: its cells are `<th scope="row">`. */
  readonly isRowHeader?: boolean;
}

export type CellKind = "rowHeader" | "numeric" | "text";

/** A body cell's element and look: the row's name is a header even when it is a figure. */
export const cellKind = (column: ColumnLayout): CellKind => (column.isRowHeader === true ? "rowHeader" : column.numeric === true ? "numeric" : "text");

/** A column header lines up with its cells: right for figures, left otherwise. */
export const headerKind = (column: ColumnLayout): Exclude<CellKind, "rowHeader"> => (column.numeric === true && column.isRowHeader !== true ? "numeric" : "text");

/** Whether the container scrolls sideways; a pixel of rounding is not a scroll. */
export const scrollsSideways = (scrollWidth: number, clientWidth: number): boolean => scrollWidth - clientWidth > 1;

/**
 * The scroll container's attributes. Only when it scrolls is it a named
 * region in the tab order (axe's scrollable-region-focusable: keyboard users
 * scroll it with the arrow keys); otherwise it is a plain box and adds no
 * stop nor landmark.
 */
export function scrollRegionProps(scrolls: boolean, captionId: string): { readonly role?: "region"; readonly tabIndex?: 0; readonly "aria-labelledby"?: string } {
  return scrolls ? { role: "region", tabIndex: 0, "aria-labelledby": captionId } : {};
}
