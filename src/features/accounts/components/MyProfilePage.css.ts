import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The page's column, as the other profile pages'.
export { roomyPage as page } from "../../../components/Page.css.ts";

export const title = style({ fontSize: vars.fontSize.xxl });

export const columns = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { [media.md]: { gridTemplateColumns: "1fr 1fr" } },
});

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

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const submit = style({ alignSelf: "flex-start" });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const verified = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.success });

export const unverified = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.danger });
