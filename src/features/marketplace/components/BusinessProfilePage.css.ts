import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The page's column and its spinner look as they do elsewhere.
export { roomyPage as page } from "../../../components/Page.css.ts";
export { loadingArea as loading } from "../../../styles/utils.css.ts";

export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ margin: 0 });

export const name = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const badges = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});

export const column = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, minWidth: 0 });

/** The side column: access to the full profile above the interest form. */
export const aside = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.lg, alignContent: "start", minWidth: 0 });

export const picture = style({
  width: "100%",
  maxHeight: "22rem",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});

export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.xl });

export const longDescription = style({ margin: 0, whiteSpace: "pre-line", lineHeight: vars.lineHeight.normal });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.sm,
  margin: 0,
  "@media": { [media.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const fact = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const formCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  alignSelf: "start",
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
