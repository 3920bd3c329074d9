import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { description, error } from "./TextField.css.ts";

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
