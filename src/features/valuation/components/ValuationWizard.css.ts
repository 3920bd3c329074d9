import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const shell = style({
  minHeight: "100vh",
  background: vars.color.surfaceMuted,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xxl}`,
  display: "grid",
  alignContent: "start",
  justifyItems: "center",
  gap: vars.space.lg,
});

export const header = style({
  width: "100%",
  maxWidth: "44rem",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const logoLink = style({ display: "inline-flex", alignItems: "center", height: vars.size.logoHeight, color: vars.color.brand });

export const card = style({
  width: "100%",
  maxWidth: "44rem",
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
  display: "grid",
  gap: vars.space.lg,
  "@media": { [media.md]: { padding: vars.space.xl } },
});

export const stepList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const stepItem = style({ padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, border: `${vars.size.borderWidth} solid ${vars.color.border}` });

export const stepCurrent = style({ background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.textInverse, fontWeight: vars.fontWeight.semibold });

export const form = style({ display: "grid", gap: vars.space.md });

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });

export const h2 = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const quiet = style({ fontSize: vars.fontSize.sm });

export const summary = style({ margin: 0, display: "grid", gap: vars.space.xs });

export const summaryRow = style({
  display: "grid",
  gap: vars.space.xxs,
  paddingBottom: vars.space.xs,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  "@media": { [media.sm]: { gridTemplateColumns: "14rem 1fr" } },
});

export const summaryLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const summaryValue = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.medium, overflowWrap: "anywhere" });

export const figure = style({ background: vars.color.brandSoft, borderRadius: vars.radius.md, padding: vars.space.md, display: "grid", gap: vars.space.xxs });

export const figureLabel = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.semibold });

export const figureValue = style({ margin: 0, color: vars.color.brand, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });

export const section = style({ display: "grid", gap: vars.space.sm, lineHeight: vars.lineHeight.normal });

globalStyle(`${section} p`, { margin: 0 });

export const offer = style([section, { borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`, paddingTop: vars.space.md }]);

export const offerList = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });

export const loader = style({ display: "flex", alignItems: "center", gap: vars.space.sm, color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const actions = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const centered = style({ minHeight: "100vh", display: "grid", placeItems: "center" });
