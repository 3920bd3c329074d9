import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export { roomyPage as page } from "../../../components/Page.css.ts";
export { loadingArea as loading } from "../../../styles/utils.css.ts";

export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ margin: 0, overflowWrap: "anywhere" });

export const notice = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
});

export const pageCount = style({ margin: 0, minWidth: "8rem", textAlign: "center", fontVariantNumeric: "tabular-nums" });

export const spacer = style({ flex: "1 1 auto" });

/** The sheet: as wide as the column allows (the page is drawn to that width), scrolled as a whole. */
export const sheet = style({
  width: "100%",
  maxWidth: "56rem",
  alignSelf: "center",
  display: "flex",
  justifyContent: "center",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  minHeight: "12rem",
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const canvas = style({ display: "block", maxWidth: "100%", background: vars.color.surface });

export const image = style({ display: "block", maxWidth: "100%", height: "auto" });

export const error = style({ margin: 0, color: vars.color.danger });
