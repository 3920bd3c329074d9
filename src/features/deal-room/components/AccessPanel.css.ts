import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The panel is a card, as the request page's sections.
export { card as panel } from "../../../styles/utils.css.ts";

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

/** The status sentence takes the focus after an action (its button is gone): a visible ring for keyboards only. */
export const message = style({
  margin: 0,
  lineHeight: vars.lineHeight.normal,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

/** The badge above the sentence. */
export const status = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const dialogBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const subTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

/** The agreement, read in place: it scrolls and takes the keyboard focus to do so. */
export const ndaText = style({
  maxHeight: vars.size.readingPanel,
  overflowY: "auto",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  whiteSpace: "pre-line",
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  selectors: { "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

// The full profile ------------------------------------------------------------------------

export const fullProfile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `2px solid ${vars.color.brand}`,
  background: vars.color.surface,
});

export const fullProfileHeader = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const eyebrow = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.brand,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.sm,
  margin: 0,
  "@media": { [media.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const fact = style({ padding: vars.space.sm, borderRadius: vars.radius.md, background: vars.color.surfaceMuted, minWidth: 0 });

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });

export const filename = style({ overflowWrap: "anywhere" });

export const subsection = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });
