import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";
import * as button from "./Button.css.ts";

const base = style({
  cursor: "pointer",
  borderRadius: vars.radius.sm,
});

export const variant = styleVariants({
  inline: [
    base,
    {
      color: vars.color.brand,
      textDecoration: "underline",
      textUnderlineOffset: "2px",
      selectors: { "&[data-hovered]": { color: vars.color.brandHover } },
    },
  ],
  plain: [
    base,
    {
      color: "inherit",
      textDecoration: "none",
      selectors: { "&[data-hovered]": { textDecoration: "underline" } },
    },
  ],
  primary: [button.base, button.variant.primary],
  secondary: [button.base, button.variant.secondary],
  ghost: [button.base, button.variant.ghost],
});

/** ui/LightLink's hover (a plain `<a>`: no react-aria data-hovered), as the variants above. */
export const hover = styleVariants({
  inline: { selectors: { "&:hover": { color: vars.color.brandHover } } },
  plain: { selectors: { "&:hover": { textDecoration: "underline" } } },
});
