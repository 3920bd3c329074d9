import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

/** Shared layout of the marketing pages: sections, heroes, card grids. */

export const section = style({
  width: "100%",
  maxWidth: vars.size.contentMax,
  margin: "0 auto",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const sectionMuted = style({ background: vars.color.surfaceMuted });

export const narrow = style({ maxWidth: "48rem" });

export const hero = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "center",
  "@media": { [media.md]: { gridTemplateColumns: "3fr 2fr" } },
});

export const heroText = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const heroTitle = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  "@media": { [media.md]: { fontSize: vars.fontSize.display } },
});

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brand,
  textTransform: "uppercase",
  letterSpacing: "0.06em",
});

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const h2 = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight });

export const h3 = style({ fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight });

export const muted = style({ color: vars.color.textMuted });

export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const illustration = style({ width: "100%", maxWidth: "26rem", height: "auto", justifySelf: "center" });

/** A list laid out as a grid: `narrow` columns on phones, `wide` from md up. */
const gridList = (narrow: number, wide: number) =>
  style({
    display: "grid",
    gap: vars.space.lg,
    gridTemplateColumns: narrow === 1 ? "1fr" : `repeat(${narrow}, 1fr)`,
    margin: 0,
    padding: 0,
    listStyle: "none",
    "@media": { [media.md]: { gridTemplateColumns: `repeat(${wide}, 1fr)` } },
  });

export const grid3 = gridList(1, 3);
export const grid2 = gridList(1, 2);
export const grid4 = gridList(2, 4);

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const cardFeatured = style({ borderColor: vars.color.brand, borderWidth: "2px" });

export const cardIcon = style({ width: "3rem", height: "3rem", color: vars.color.brand });

export const cardFooter = style({ marginTop: "auto", paddingTop: vars.space.sm });

/** A footer with two buttons (a plan's 'Elegir mensual' and 'Elegir trimestral'): apart, side by side or stacked on a phone. */
export const cardActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const list = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const steps = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "step",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const step = style({
  position: "relative",
  paddingLeft: "3rem",
  counterIncrement: "step",
  selectors: {
    "&::before": {
      content: "counter(step)",
      position: "absolute",
      left: 0,
      top: 0,
      width: "2rem",
      height: "2rem",
      borderRadius: vars.radius.pill,
      background: vars.color.brand,
      color: vars.color.textInverse,
      fontWeight: vars.fontWeight.bold,
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
    },
  },
});

export const stepTitle = style({ fontWeight: vars.fontWeight.semibold });

export const price = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const badge = style({
  alignSelf: "flex-start",
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brand,
  color: vars.color.textInverse,
});

export const bannerLink = style({ background: vars.color.surface, color: vars.color.brand });

export const prose = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  maxWidth: "48rem",
});

export const notice = style({
  padding: vars.space.md,
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
});
