import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const title = style({ fontSize: vars.fontSize.xl });

export const intro = style({ color: vars.color.textMuted, margin: 0 });

export const group = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const groupTitle = style({ fontSize: vars.fontSize.lg });

export const category = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const categoryTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const uploadRow = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const dateField = style({ maxWidth: "14rem" });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

/** Narrow screens scroll the table sideways instead of squeezing it. */
export const tableScroller = style({ overflowX: "auto" });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });

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

export const filename = style({ wordBreak: "break-word", fontWeight: vars.fontWeight.medium });

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const viewer = style({ display: "flex", flexDirection: "column" });
