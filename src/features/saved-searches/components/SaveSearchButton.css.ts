import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: vars.size.formMax });

export const criteria = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xxs} ${vars.space.sm}`, margin: 0 });

export const term = style({ fontWeight: vars.fontWeight.semibold });

export const definition = style({ margin: 0, wordBreak: "break-word" });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** The saved state's check mark, before "Búsqueda guardada" (the word says it too; the mark is decoration). */
export const check = style({ fontWeight: vars.fontWeight.bold });
