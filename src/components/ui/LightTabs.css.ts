import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

// ui/Tabs gets these states from react-aria's data attributes; LightTabs from CSS.
export const tab = style({
  selectors: {
    "&:hover": { color: vars.color.text },
    "&[data-selected]": { color: vars.color.brand },
    "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const panel = style({
  selectors: {
    "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "4px" },
  },
});
