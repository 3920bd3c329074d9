import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

/** Spec section 2: a grid of 1, 2 or 3 columns, by the width available. */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": {
    [media.md]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [media.lg]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});

export const title = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const fields = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, margin: 0 });

export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0, overflowWrap: "anywhere" });

export const list = style({ margin: 0, paddingLeft: vars.space.lg, overflowWrap: "anywhere" });

/** Spec section 2: an empty list shows a grey italic placeholder. */
export const placeholder = style({ margin: 0, color: vars.color.textMuted, fontStyle: "italic" });
