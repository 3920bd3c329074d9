import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

export const logo = style({
  height: vars.size.logoHeight,
  width: "auto",
  color: vars.color.brand,
});
