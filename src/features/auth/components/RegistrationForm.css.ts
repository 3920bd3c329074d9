import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const wrapper = style({
  display: "flex",
  justifyContent: "center",
  padding: `${vars.space.xl} ${vars.space.md}`,
});

export const card = style({
  width: "100%",
  maxWidth: "48rem",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  background: vars.color.surface,
  "@media": { [media.md]: { padding: vars.space.xl } },
});

export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.xl });

export const lead = style({ color: vars.color.textMuted });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  "@media": { [media.md]: { gridTemplateColumns: "1fr 1fr" } },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

/** A field that spans both columns. */
export const wide = style({ "@media": { [media.md]: { gridColumn: "1 / -1" } } });

export const footer = style({ textAlign: "center", fontSize: vars.fontSize.sm });

export const note = style({ marginTop: vars.space.xs, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
