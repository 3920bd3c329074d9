import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { description, error, label } from "./TextField.css.ts";

const group = style({ border: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs, minWidth: 0 });

/** One option per line, or as many columns as fit (long catalogues such as the industries). */
export const layout = styleVariants({
  list: [group],
  columns: [group, { gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))" }],
});

export const legend = style({ padding: 0, marginBottom: vars.space.xs });

/** The description and the message span every column. */
export const note = style({ gridColumn: "1 / -1", margin: 0 });
