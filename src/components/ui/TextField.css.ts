import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const control = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
});

export const input = style({
  width: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  selectors: {
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-focused]": { borderColor: vars.color.focus },
    "&[readonly]": { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  },
});

export const inputWithAdornment = style({ paddingRight: vars.space.xxxl });

export const prefix = style({
  display: "inline-flex",
  alignItems: "center",
  alignSelf: "stretch",
  padding: `0 ${vars.space.sm}`,
  borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}`,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRight: 0,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const inputWithPrefix = style({ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 });

export const suffix = style([
  prefix,
  { borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`, borderLeft: 0, borderRight: `${vars.size.borderWidth} solid ${vars.color.borderStrong}` },
]);

export const inputWithSuffix = style({ borderTopRightRadius: 0, borderBottomRightRadius: 0 });

export const textArea = style({ resize: "vertical", minHeight: "6rem", lineHeight: vars.lineHeight.normal });

export const adornment = style({
  position: "absolute",
  right: vars.space.xxs,
  top: "50%",
  transform: "translateY(-50%)",
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});
