import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  flexWrap: "wrap",
});
