import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const footer = style({
  background: vars.color.footer,
  color: vars.color.footerText,
  marginTop: vars.space.xxl,
});

export const inner = style({
  maxWidth: vars.size.contentMax,
  margin: "0 auto",
  padding: `${vars.space.xxl} ${vars.space.md} ${vars.space.xl}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xl,
});

export const top = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "1fr",
  "@media": {
    [media.md]: { gridTemplateColumns: "2fr 1fr 1fr 1fr" },
  },
});

export const brand = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  color: vars.color.footerText,
});

export const statement = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.footerMuted,
});

export const groupHeading = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space.sm,
});

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const link = style({
  color: vars.color.footerText,
});

export const social = style({
  display: "flex",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const socialLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.5rem",
  height: "2.5rem",
  borderRadius: vars.radius.pill,
  border: `${vars.size.borderWidth} solid ${vars.color.footerMuted}`,
  color: vars.color.footerText,
  selectors: { "&:hover": { background: vars.color.brand } },
});

export const socialIcon = style({ width: vars.size.icon, height: vars.size.icon });

export const bottom = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.footerMuted}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.footerMuted,
});

export const legal = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

// Media carousel (the looping itself lives in src/components/Marquee).
export const media_ = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const mediaMarquee = style({
  maskImage: "linear-gradient(to right, transparent, black 6%, black 94%, transparent)",
  "@media": { [media.reducedMotion]: { maskImage: "none" } },
});

export const mediaLink = style({
  display: "block",
  color: vars.color.footerText,
  borderRadius: vars.radius.sm,
});

export const mediaLogo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  height: vars.size.mediaLogoHeight,
  minWidth: vars.size.mediaLogoWidth,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid currentColor`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: "nowrap",
});

export const mediaArc = style({
  width: vars.size.iconSm,
  flexShrink: 0,
  color: vars.color.accent,
});

globalStyle(`${mediaLink}:hover ${mediaLogo}`, { opacity: 0.8 });
