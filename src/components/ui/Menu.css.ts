import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const popover = style({
  minWidth: vars.size.menuMin,
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.overlay,
  outline: "none",
});

export const menu = style({
  display: "flex",
  flexDirection: "column",
  padding: vars.space.xxs,
  outline: "none",
});

export const item = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": { background: vars.color.brandSoft },
    "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});
