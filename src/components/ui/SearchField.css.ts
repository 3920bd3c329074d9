import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { field, label } from "./TextField.css.ts";

/** The field's root, so the clear button can hide while the field is empty. */
export const root = style({});

export const control = style({ position: "relative", display: "flex", alignItems: "center" });

export const input = style({
  width: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.xxl} ${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  selectors: {
    "&[data-focused]": { borderColor: vars.color.focus },
    // The browser's own clear button would duplicate ours.
    "&::-webkit-search-cancel-button": { display: "none" },
  },
});

export const clear = style({
  position: "absolute",
  right: vars.space.xxs,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.25rem",
  height: "2.25rem",
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceMuted, color: vars.color.text },
    "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` },
    [`${root}[data-empty] &`]: { display: "none" },
  },
});
