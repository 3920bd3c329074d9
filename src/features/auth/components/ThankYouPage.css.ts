import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const page = style({
  width: "100%",
  maxWidth: "40rem",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xl,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const title = style({ fontSize: vars.fontSize.xxl });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cta = style({ alignSelf: "stretch", textAlign: "center" });

export const faq = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const faqTitle = style({ fontSize: vars.fontSize.xl });

export const faqList = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: 0 });

export const faqItem = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const question = style({ fontWeight: vars.fontWeight.semibold });

export const answer = style({ margin: 0, color: vars.color.textMuted });

/** The new buyer's one step to take: set apart from the rest of the card. */
export const emailStep = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  borderLeft: `${vars.space.xxs} solid ${vars.color.brand}`,
});
