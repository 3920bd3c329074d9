import { createGlobalTheme } from "@vanilla-extract/css";

/**
 * Design tokens. Every colour pair used for text meets WCAG AA (4.5:1) on the
 * surface it is drawn on; the comments give the measured ratio.
 */
export const vars = createGlobalTheme(":root", {
  color: {
    // Brand blue: 9.4:1 on white; white text on it is the same.
    brand: "#1d3f8f",
    brandHover: "#15306e",
    brandSoft: "#e8eefb",
    accent: "#f5b83d",
    text: "#1b2333", // 15.6:1 on white
    textMuted: "#4a5568", // 7.5:1 on white
    textInverse: "#ffffff",
    surface: "#ffffff",
    surfaceMuted: "#f5f7fb",
    border: "#c9d1de",
    borderStrong: "#6b7689", // 4.6:1 on white, for input outlines (3:1 needed)
    danger: "#b42318", // 6.3:1 on white
    dangerSoft: "#fdecea",
    notification: "#d92d20",
    focus: "#2563eb",
    footer: "#101828",
    footerText: "#e4e7ec", // 14.6:1 on footer
    footerMuted: "#b9c0cc", // 9.4:1 on footer
    backdrop: "rgba(16, 24, 40, 0.5)",
    // The weekly charts' series (src/components/WeeklyBarChart.tsx), told apart by place and legend too;
    // each 3:1+ on white (9.7:1 blue, 5.5:1 teal, 5.0:1 amber).
    chart1: "#1d3f8f",
    chart2: "#0f766e",
    chart3: "#b45309",
    // Status badges (deal room): the word always says the status, the colour only repeats it.
    success: "#0e6259", // 6.4:1 on successSoft, 7.2:1 on white
    successSoft: "#e6f4f1",
    warning: "#92400e", // 6.4:1 on warningSoft
    warningSoft: "#fef3c7",
  },
  space: {
    none: "0",
    xxs: "0.25rem",
    xs: "0.5rem",
    sm: "0.75rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    xxl: "3rem",
    xxxl: "4rem",
  },
  font: {
    body: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  fontSize: {
    xs: "0.75rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.5rem",
    xxl: "2rem",
    display: "2.5rem",
  },
  fontWeight: {
    regular: "400",
    medium: "500",
    semibold: "600",
    bold: "700",
  },
  lineHeight: {
    tight: "1.2",
    normal: "1.5",
  },
  radius: {
    sm: "0.25rem",
    md: "0.5rem",
    lg: "0.75rem",
    pill: "999px",
  },
  shadow: {
    sm: "0 1px 2px rgba(16, 24, 40, 0.08)",
    md: "0 8px 24px rgba(16, 24, 40, 0.16)",
  },
  size: {
    navbarHeight: "4rem",
    contentMax: "72rem",
    formMax: "28rem",
    menuMin: "14rem",
    icon: "1.25rem",
    iconSm: "1rem",
    dot: "0.5rem",
    logoHeight: "2rem",
    mediaLogoWidth: "10rem",
    mediaLogoHeight: "2.5rem",
    focusRing: "3px",
    borderWidth: "1px",
    drawerWidth: "20rem",
    /** A long text read inside a box (the NDA), and a conversation's visible height: both scroll. */
    readingPanel: "20rem",
    threadPanel: "28rem",
  },
  zIndex: {
    navbar: "20",
    backdrop: "30",
    overlay: "40",
    toast: "50",
  },
  duration: {
    fast: "150ms",
    spin: "800ms",
    mediaCarousel: "15s",
  },
});

/** Breakpoints in pixels; media queries cannot read CSS variables. */
export const breakpoints = {
  sm: 448,
  md: 768,
  lg: 1024,
} as const;

export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  belowMd: `screen and (max-width: ${breakpoints.md - 1}px)`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
