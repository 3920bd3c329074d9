import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, maxWidth: "56rem" });

export const fieldset = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))",
  gap: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
});

export const legend = style({ fontWeight: vars.fontWeight.semibold, padding: `0 ${vars.space.xs}` });

export const wide = style({ gridColumn: "1 / -1" });

/** The company picture's preview under its field: small, whole, on a light frame. */
export const picturePreview = style({
  display: "block",
  marginTop: vars.space.sm,
  maxWidth: "min(12rem, 100%)",
  maxHeight: "8rem",
  objectFit: "contain",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** The company's place on the marketplace, above the status (admin form). */
export const publication = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end", justifyContent: "space-between" });

/** The toolbar's search: wide enough for its whole placeholder; the whole line on a phone. */
export const toolbarSearch = style({ flex: "1 1 20rem", maxWidth: "26rem" });

/** A row's links side by side, wrapping on a narrow screen. */
export const rowActions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
});
