import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css.ts";

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: vars.size.formMax });
