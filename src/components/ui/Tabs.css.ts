import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const tabs = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  // react-aria marks the whole Tabs root data-focus-visible while a tab or anything in the panel has
  // keyboard focus: the global ring would draw a second one around everything. The focused element has its own.
  selectors: { "&[data-focus-visible]": { outline: "none" } },
});

const list = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
});

export const tabList = styleVariants({
  primary: [list, { borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}` }],
  secondary: [list],
});

export const tab = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: "3px solid transparent",
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { color: vars.color.text },
    "&[data-selected]": { color: vars.color.brand, borderBottomColor: vars.color.brand },
    "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const panel = style({
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "4px" },
  },
});
