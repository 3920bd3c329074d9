import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const group = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const item = style({
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const question = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: "pointer",
  listStyle: "none",
  borderRadius: vars.radius.md,
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&::after": { content: '"+"', fontSize: vars.fontSize.xl, color: vars.color.brand, lineHeight: 1 },
    [`${item}[open] &::after`]: { content: '"−"' },
  },
});

export const answer = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  color: vars.color.textMuted,
});
