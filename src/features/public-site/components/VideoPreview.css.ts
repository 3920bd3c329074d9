import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const poster = style({
  display: "block",
  width: "100%",
  maxWidth: "40rem",
  aspectRatio: "16 / 9",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  background: "transparent",
  cursor: "pointer",
  overflow: "hidden",
  boxShadow: vars.shadow.md,
});

export const frame = style({
  width: "100%",
  aspectRatio: "16 / 9",
  border: 0,
  borderRadius: vars.radius.md,
});

export const transcript = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  maxWidth: "40rem",
});
