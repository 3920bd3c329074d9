import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

/** A page's column: the content's width, centred and padded, its parts stacked. */
const column = {
  width: "100%",
  maxWidth: vars.size.contentMax,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: "flex",
  flexDirection: "column",
} as const;

export const page = style({ ...column, gap: vars.space.md });

/** The same column with more room between its parts (a company's profile, an access request, Mi perfil). */
export const roomyPage = style({ ...column, gap: vars.space.lg });

export const narrow = style({ maxWidth: vars.size.formMax });

export const lead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});
