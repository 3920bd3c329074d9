import * as styles from "./Logo.css.ts";

export interface LogoProps {
  /** Accessible name; leave empty when a surrounding link already names it. */
  readonly title?: string;
  /** `inverse` for dark surfaces such as the footer. */
  readonly tone?: keyof typeof styles.tone;
}

/** Puente wordmark: a bridge arch and the name. Uses currentColor for the text. */
export function Logo({ title, tone = "brand" }: LogoProps) {
  const a11y = title === undefined ? { "aria-hidden": true as const } : { role: "img", "aria-label": title };
  return (
    <svg
      viewBox="0 0 156 40"
      className={styles.tone[tone]}
      xmlns="http://www.w3.org/2000/svg"
      {...a11y}
    >
      <path d="M4 30 C 12 10, 32 10, 40 30" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path d="M2 31 H42" stroke="#f5b83d" strokeWidth="4" strokeLinecap="round" />
      <path d="M13 31 V22 M22 31 V17 M31 31 V22" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <text x="50" y="29" fill="currentColor" fontFamily="inherit" fontSize="24" fontWeight="700" letterSpacing="0.5">
        Puente
      </text>
    </svg>
  );
}
