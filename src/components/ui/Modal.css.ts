import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.backdrop,
  display: "flex",
});

const modalBase = style({
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  outline: "none",
  overflowY: "auto",
});

export const modal = styleVariants({
  center: [
    modalBase,
    {
      margin: "auto",
      width: `min(90vw, ${vars.size.contentMax})`,
      maxHeight: "90vh",
      borderRadius: vars.radius.lg,
    },
  ],
  drawer: [
    modalBase,
    {
      marginLeft: "auto",
      width: `min(85vw, ${vars.size.drawerWidth})`,
      height: "100%",
    },
  ],
});

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  outline: "none",
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  margin: 0,
});

export const close = style({
  marginLeft: "auto",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.5rem",
  height: "2.5rem",
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  cursor: "pointer",
  selectors: { "&[data-hovered]": { background: vars.color.surfaceMuted } },
});
