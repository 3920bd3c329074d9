import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end", justifyContent: "space-between" });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// Users ---------------------------------------------------------------------------

export const deactivatedName = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const deactivatedBadge = style({
  display: "inline-block",
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const modalBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: vars.size.formMax });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
