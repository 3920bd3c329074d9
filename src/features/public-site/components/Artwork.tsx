import type { ReactNode } from "react";
import * as styles from "./marketing.css.ts";

/** Our own illustrations and icons (no third-party artwork). Decorative: hidden from assistive tech. */

function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg className={styles.cardIcon} viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

export type IconName = "sell" | "buy" | "invest" | "chart" | "shield" | "handshake" | "calculator" | "people";

export function MarketingIcon({ name }: { readonly name: IconName }) {
  switch (name) {
    case "sell":
      return (
        <Icon>
          <path d="M8 20 24 8l16 12v20H8z" />
          <path d="M19 40V28h10v12" />
          <path d="M30 16h8v-6" />
        </Icon>
      );
    case "buy":
      return (
        <Icon>
          <circle cx="21" cy="21" r="11" />
          <path d="m29 29 11 11" />
          <path d="M16 21h10M21 16v10" />
        </Icon>
      );
    case "invest":
      return (
        <Icon>
          <path d="M6 38 18 26l8 8 16-18" />
          <path d="M32 16h10v10" />
        </Icon>
      );
    case "chart":
      return (
        <Icon>
          <path d="M8 40V8M8 40h32" />
          <rect x="14" y="24" width="6" height="12" />
          <rect x="24" y="16" width="6" height="20" />
          <rect x="34" y="10" width="6" height="26" />
        </Icon>
      );
    case "shield":
      return (
        <Icon>
          <path d="M24 6 8 12v10c0 10 7 17 16 20 9-3 16-10 16-20V12z" />
          <path d="m17 24 5 5 9-10" />
        </Icon>
      );
    case "handshake":
      return (
        <Icon>
          <path d="M4 20 12 12l8 4 4-2 4 2 8-4 8 8" />
          <path d="m12 24 8 8a3 3 0 0 0 4 0l10-10" />
          <path d="M4 20l8 8M44 20l-8 8" />
        </Icon>
      );
    case "calculator":
      return (
        <Icon>
          <rect x="10" y="6" width="28" height="36" rx="3" />
          <path d="M16 13h16M16 22h2M23 22h2M30 22h2M16 29h2M23 29h2M30 29h2M16 36h2M23 36h9" />
        </Icon>
      );
    case "people":
      return (
        <Icon>
          <circle cx="17" cy="16" r="6" />
          <circle cx="33" cy="18" r="5" />
          <path d="M5 40c0-7 5-12 12-12s12 5 12 12M29 40c0-5 2-9 8-9 4 0 7 3 7 9" />
        </Icon>
      );
  }
}

/** The hero illustration: two banks joined by a bridge, with growth bars. */
export function BridgeIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 400 300" aria-hidden="true">
      <rect x="0" y="0" width="400" height="300" rx="24" fill="#e8eefb" />
      <circle cx="320" cy="70" r="28" fill="#f5b83d" />
      <path d="M0 230 C 60 210, 90 215, 120 230 L 120 300 L 0 300 Z" fill="#1d3f8f" />
      <path d="M280 230 C 310 215, 340 210, 400 230 L 400 300 L 280 300 Z" fill="#1d3f8f" />
      <path d="M100 220 C 160 120, 240 120, 300 220" fill="none" stroke="#1d3f8f" strokeWidth="10" strokeLinecap="round" />
      <path d="M90 222 H310" stroke="#f5b83d" strokeWidth="10" strokeLinecap="round" />
      <path d="M150 222 V170 M200 222 V152 M250 222 V170" stroke="#1d3f8f" strokeWidth="6" strokeLinecap="round" />
      <rect x="30" y="170" width="18" height="40" rx="3" fill="#15306e" />
      <rect x="56" y="150" width="18" height="60" rx="3" fill="#15306e" />
      <rect x="330" y="160" width="18" height="50" rx="3" fill="#15306e" />
      <rect x="356" y="135" width="18" height="75" rx="3" fill="#15306e" />
      <path d="M40 95 l40 -25 40 15 45 -35" fill="none" stroke="#1d3f8f" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The still shown before the video plays: our own drawing with a play mark. */
export function VideoPoster() {
  return (
    <svg viewBox="0 0 640 360" width="100%" height="100%" aria-hidden="true">
      <rect width="640" height="360" rx="16" fill="#1d3f8f" />
      <path d="M0 300 C 120 260, 200 280, 320 250 S 520 200, 640 230 V360 H0Z" fill="#15306e" />
      <path d="M170 260 C 250 150, 390 150, 470 260" fill="none" stroke="#e8eefb" strokeWidth="10" strokeLinecap="round" />
      <path d="M150 262 H490" stroke="#f5b83d" strokeWidth="10" strokeLinecap="round" />
      <circle cx="320" cy="150" r="48" fill="#ffffff" />
      <path d="M305 125 L 348 150 L 305 175 Z" fill="#1d3f8f" />
    </svg>
  );
}
