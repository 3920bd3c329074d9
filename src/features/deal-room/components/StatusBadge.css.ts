import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

const badge = style({
  display: "inline-block",
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `${vars.size.borderWidth} solid currentColor`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: "nowrap",
});

/** Each tone meets AA on its own background; the text always names the status too. */
export const tone = styleVariants({
  info: [badge, { background: vars.color.brandSoft, color: vars.color.brand }],
  waiting: [badge, { background: vars.color.warningSoft, color: vars.color.warning }],
  good: [badge, { background: vars.color.successSoft, color: vars.color.success }],
  bad: [badge, { background: vars.color.dangerSoft, color: vars.color.danger }],
  neutral: [badge, { background: vars.color.surfaceMuted, color: vars.color.textMuted }],
});
