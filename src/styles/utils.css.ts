import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css.ts";

/** Hidden visually, still read by screen readers. */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

/** Where a page's spinner waits for its data: centred, with room around it. */
export const loadingArea = style({ display: "flex", justifyContent: "center", padding: vars.space.xxl });

/** A card: a bordered surface whose parts stack (the deal room's panels, a request's sections). */
const cardRule = {
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
} as const;

export const card = style(cardRule);

/** The same card, raised by a shadow (a saved search, a data-room category). */
export const raisedCard = style({ ...cardRule, boxShadow: vars.shadow.sm });
