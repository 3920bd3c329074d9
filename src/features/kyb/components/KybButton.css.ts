import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const root = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xs });

/** The disabled button's focusable wrapper: keyboard users reach the tooltip through it. */
export const disabledWrapper = style({
  display: "inline-flex",
  borderRadius: vars.radius.md,
  selectors: { "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

/** The verified state's check mark, in the success colour. */
export const check = style({ color: vars.color.success, fontWeight: 700, marginInlineEnd: vars.space.xs });

export const help = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });

export const tooltip = style({
  maxWidth: "18rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.md,
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: "min(24rem, 80vw)" });

export const success = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, margin: 0 });
