import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.xl, maxWidth: "48rem" });

/** A group of questions under its own title. */
export const section = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.lg,
  minWidth: 0,
});

export const sectionTitle = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

/** Two fields side by side from the medium breakpoint. */
export const pair = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.lg,
  "@media": { [media.md]: { gridTemplateColumns: "1fr 1fr" } },
});

export const note = style({ margin: 0, color: vars.color.textMuted });

export const done = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  maxWidth: "48rem",
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});

export const doneTitle = style({ fontSize: vars.fontSize.xl, outline: "none" });

export const matches = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** The marketplace's empty state's invitation. */
export const invite = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});

export const inviteTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

/** The owner's count of buyers who look for a company like theirs. */
export const buyers = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});

export const buyersTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const buyersCount = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, color: vars.color.brand });
