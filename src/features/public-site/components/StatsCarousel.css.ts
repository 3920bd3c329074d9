import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// Spec section 9: 1.5 items below 448 px, 2 from 448 px, 3.5 from 1024 px,
// gap 32 px. Widths are fractions of the carousel's own width (container
// query units): n items with ceil(n) - 1 gaps fill the visible row.
export const STATS_GAP_PX = 32;

export const item = style({
  flex: "0 0 auto",
  width: `calc((100cqw - ${STATS_GAP_PX}px) / 1.5)`,
  "@media": {
    [media.sm]: { width: `calc((100cqw - ${STATS_GAP_PX}px) / 2)` },
    [media.lg]: { width: `calc((100cqw - ${3 * STATS_GAP_PX}px) / 3.5)` },
  },
});

export const stat = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  height: "100%",
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const value = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brand,
  lineHeight: vars.lineHeight.tight,
});

export const label = style({ color: vars.color.textMuted });
