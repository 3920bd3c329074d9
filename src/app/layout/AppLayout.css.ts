import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const shell = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
});

export const main = style({
  flex: 1,
  outline: "none",
  // At least a screen tall, so the footer never sits in the first viewport
  // while a page loads and then jumps down (layout shift).
  minHeight: `calc(100vh - ${vars.size.navbarHeight})`,
});

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: vars.space.xs,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.brand,
  color: vars.color.textInverse,
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.semibold,
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "translateY(0)" } },
});

export const loader = style({
  display: "flex",
  justifyContent: "center",
  padding: vars.space.xxxl,
});
