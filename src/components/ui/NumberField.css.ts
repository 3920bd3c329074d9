import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { description, error } from "./TextField.css.ts";

export const field = style({ display: "grid", gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const input = style({
  font: "inherit",
  padding: vars.space.xs,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  ":focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "1px" },
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
