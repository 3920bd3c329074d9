import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const select = style({
  appearance: "none",
  paddingRight: vars.space.xl,
  // A chevron of our own, drawn in the text colour.
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Cpath d='M5 8l5 5 5-5' fill='none' stroke='%231b2333' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E\")",
  backgroundRepeat: "no-repeat",
  backgroundPosition: `right ${vars.space.sm} center`,
  backgroundSize: "1rem",
  cursor: "pointer",
});

/** The focus colour of ui/TextField's inputs (react-aria marks those with data-focused). */
export const focusable = style({ selectors: { "&:focus": { borderColor: vars.color.focus } } });

export const invalid = style({ borderColor: vars.color.danger });
