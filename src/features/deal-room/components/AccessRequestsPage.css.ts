import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The page's column, as every page's.
export { page } from "../../../components/Page.css.ts";

export const title = style({ margin: 0 });

export const lead = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end" });

export const filter = style({ minWidth: vars.size.menuMin });

export const list = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  // The previous page stays while the next one loads (keepPreviousData), dimmed.
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
  "@media": { [media.lg]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  height: "100%",
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const cardHeader = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.xs });

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const party = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs, margin: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const unread = style({ fontWeight: vars.fontWeight.bold, color: vars.color.brand });

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});

export const emptyTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const emptyBody = style({ margin: 0, maxWidth: "60ch", lineHeight: vars.lineHeight.normal });
