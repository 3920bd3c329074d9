import * as styles from "./Navbar.css.ts";

export function ChevronDown() {
  return (
    <svg className={styles.chevron} viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function HamburgerIcon() {
  return (
    <svg className={styles.hamburgerIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

/** The red dot for pending onboarding, with its accessible name. */
export function OnboardingDot() {
  return <span className={styles.dot} role="img" aria-label="Onboarding pendiente" />;
}
