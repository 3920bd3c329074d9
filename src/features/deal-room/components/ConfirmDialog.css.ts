import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

/** What is being decided, restated: label and value, one pair per row. */
export const details = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

/** A label and its value, grouped for the markup and laid out by the list's grid. */
export const detailRow = style({ display: "contents" });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The terms keep the buyer's line breaks; long words wrap. */
export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium, whiteSpace: "pre-line", overflowWrap: "anywhere" });
