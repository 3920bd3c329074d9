import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  minHeight: "2.5rem",
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid transparent`,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  cursor: "pointer",
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.textInverse,
    selectors: { "&[data-hovered], &:hover": { background: vars.color.brandHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: { "&[data-hovered], &:hover": { background: vars.color.brandSoft } },
  },
  ghost: {
    background: "transparent",
    color: vars.color.text,
    selectors: { "&[data-hovered], &:hover": { background: vars.color.surfaceMuted } },
  },
});

export const fullWidth = style({ width: "100%" });

export const pending = style({ cursor: "progress", opacity: 0.85 });
