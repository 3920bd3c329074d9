import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { field, label, description, error } from "./TextField.css.ts";

export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  width: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  textAlign: "left",
  cursor: "pointer",
  selectors: {
    // The Select root carries data-invalid; the error text is the button's description.
    "[data-invalid] > &": { borderColor: vars.color.danger },
    // :focus-visible for DeferredSelect's stand-in, a plain button until the Select loads.
    "&[data-focus-visible], &:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "1px" },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const value = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  selectors: { "&[data-placeholder]": { color: vars.color.textMuted } },
});

export const chevron = style({ color: vars.color.textMuted, flexShrink: 0 });

export const popover = style({
  width: "var(--trigger-width)",
  maxHeight: "18rem",
  overflowY: "auto",
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.overlay,
  outline: "none",
});

export const listBox = style({
  display: "flex",
  flexDirection: "column",
  padding: vars.space.xxs,
  outline: "none",
});

export const item = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": { background: vars.color.brandSoft },
    "&[data-selected]": { fontWeight: vars.fontWeight.semibold },
    "&[data-focus-visible]": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});
