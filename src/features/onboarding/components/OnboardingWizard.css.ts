import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const shell = style({
  minHeight: "100vh",
  display: "grid",
  gridTemplateColumns: "1fr",
  background: vars.color.surfaceMuted,
  "@media": { [media.md]: { gridTemplateColumns: "16rem 1fr" } },
});

export const sidebar = style({
  background: vars.color.brand,
  color: vars.color.textInverse,
  padding: vars.space.lg,
});

export const brand = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0, marginBottom: vars.space.lg });

export const stepList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const stepItem = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.md });

export const stepCurrent = style({ background: vars.color.surface, color: vars.color.brand, fontWeight: vars.fontWeight.semibold });

export const main = style({ padding: vars.space.lg, display: "grid", gap: vars.space.lg, alignContent: "start", maxWidth: "48rem" });

export const progressTrack = style({ height: vars.space.xs, background: vars.color.border, borderRadius: vars.radius.pill, overflow: "hidden" });

export const progressFill = style({ height: "100%", background: vars.color.brand, transition: "width 200ms ease" });

export const progressLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });

export const form = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
  display: "grid",
  gap: vars.space.md,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });

export const fieldset = style({ border: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xs, padding: 0, color: vars.color.text });

export const row = style({ display: "grid", gridTemplateColumns: "1fr 8rem auto", gap: vars.space.sm, alignItems: "end" });

export const rule = style({ margin: 0, color: vars.color.textMuted });

export const total = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const inlineError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const actions = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const centered = style({ minHeight: "100vh", display: "grid", placeItems: "center" });
