import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const group = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const radio = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xxs} 0`,
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 } },
});

export const indicator = style({
  flexShrink: 0,
  width: "1.125rem",
  height: "1.125rem",
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.brand, borderWidth: "0.35rem" },
    [`${radio}[data-focus-visible] &`]: { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
