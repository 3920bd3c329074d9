import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

// A category is a raised card, as a saved search.
export { raisedCard as category } from "../../../styles/utils.css.ts";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const title = style({ fontSize: vars.fontSize.xl });

export const intro = style({ color: vars.color.textMuted, margin: 0 });

export const group = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const groupTitle = style({ fontSize: vars.fontSize.lg });

export const categoryTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const uploadRow = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const dateField = style({ maxWidth: "14rem" });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const viewer = style({ display: "flex", flexDirection: "column" });

export const sharingNote = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.text,
});

export const share = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xxs, minWidth: "14rem" });

const shareState = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold });

export const sharedState = style([shareState, { color: vars.color.brand }]);

export const privateState = style([shareState, { color: vars.color.textMuted }]);

/** The download switch's help: what a buyer gets either way. */
export const switchHelp = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs, maxWidth: vars.size.drawerWidth });
