import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const frame = style({
  width: "100%",
  height: "min(70vh, 42rem)",
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
