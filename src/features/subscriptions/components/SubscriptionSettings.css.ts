import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg });

export const status = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const details = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });

export const definition = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const loading = style({ display: "flex", alignItems: "center", gap: vars.space.xs, color: vars.color.textMuted });

// Historial ---------------------------------------------------------------------

export const failed = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const modalBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: vars.size.formMax });
