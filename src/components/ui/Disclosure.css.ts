import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const disclosure = style({
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md });

export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  width: "100%",
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: "transparent",
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const chevron = style({
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: "rotate(180deg)" } },
});

export const panel = style({ paddingTop: vars.space.xxs });
