import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

// A saved search is a raised card, as a data-room category.
export { raisedCard as card } from "../../../styles/utils.css.ts";

export const listTitle = style({ fontSize: vars.fontSize.xl, selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } } });

export const list = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: 0, padding: 0, listStyle: "none" });

export const name = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, wordBreak: "break-word" });

export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(8rem, auto) 1fr",
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const definition = style({ margin: 0, wordBreak: "break-word" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} dashed ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
});

export const muted = style({ margin: 0, color: vars.color.textMuted });
