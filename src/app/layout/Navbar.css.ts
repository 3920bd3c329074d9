import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.navbar,
  background: vars.color.surface,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const nav = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  maxWidth: vars.size.contentMax,
  minHeight: vars.size.navbarHeight,
  margin: "0 auto",
  padding: `0 ${vars.space.md}`,
});

export const logoLink = style({
  display: "inline-flex",
  alignItems: "center",
  color: vars.color.brand,
  borderRadius: vars.radius.sm,
});

export const desktopOnly = style({
  display: "none",
  "@media": { [media.md]: { display: "flex" } },
});

export const mobileOnly = style({
  "@media": { [media.md]: { display: "none" } },
});

export const links = style([
  desktopOnly,
  {
    alignItems: "center",
    gap: vars.space.xxs,
    margin: 0,
    padding: 0,
    listStyle: "none",
  },
]);

export const navItem = style({
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.5rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  borderRadius: vars.radius.md,
  selectors: { "&[data-hovered]": { background: vars.color.surfaceMuted } },
});

export const chevron = style({
  width: vars.size.iconSm,
  height: vars.size.iconSm,
});

export const end = style({
  marginLeft: "auto",
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
});

export const dot = style({
  display: "inline-block",
  flexShrink: 0,
  width: vars.size.dot,
  height: vars.size.dot,
  borderRadius: vars.radius.pill,
  background: vars.color.notification,
});

export const backdrop = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.backdrop,
  background: vars.color.backdrop,
});

export const hamburgerIcon = style({
  width: vars.size.icon,
  height: vars.size.icon,
});

export const drawerNav = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const drawerGroup = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const drawerHeading = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
});

export const drawerList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexDirection: "column",
});

export const drawerUser = style({
  fontWeight: vars.fontWeight.semibold,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
});

// Desktop dropdowns (disclosure pattern) and the account slot.
export const dropdown = style({ position: "relative" });

export const dropdownList = style({
  position: "absolute",
  top: "calc(100% + 0.25rem)",
  left: 0,
  zIndex: vars.zIndex.overlay,
  minWidth: vars.size.menuMin,
  margin: 0,
  padding: vars.space.xxs,
  listStyle: "none",
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  selectors: { "&[hidden]": { display: "none" } },
});

export const dropdownLink = style({
  display: "block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&[data-hovered]": { background: vars.color.brandSoft, textDecoration: "none" } },
});

/** Keeps the navbar from shifting while the session loads. */
export const accountPlaceholder = style({
  display: "inline-block",
  width: "8rem",
  height: "2.5rem",
});
