import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

const base = style({
  height: vars.size.logoHeight,
  width: "auto",
  flexShrink: 0,
});

export const tone = styleVariants({
  brand: [base, { color: vars.color.brand }],
  inverse: [base, { color: vars.color.footerText, alignSelf: "flex-start" }],
});
