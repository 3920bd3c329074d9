import { useEffect } from "react";
import { useLocation } from "wouter";
import { Link } from "../../../components/ui/Link.tsx";
import * as styles from "./OnboardingCompletedPage.css.ts";

/** Spec section 4: /onboarding-completado goes to /mis-empresas after 5 s. */
export const ONBOARDING_COMPLETED_REDIRECT_MS = 5000;

/**
 * /onboarding-completado. The delay is said in plain, static text (no
 * countdown that a screen reader would repeat, no animation) and a link
 * goes there at once.
 */
export default function OnboardingCompletedPage() {
  const [, navigate] = useLocation();

  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/mis-empresas", { replace: true }), ONBOARDING_COMPLETED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="onboarding-completado-title">
        <h1 id="onboarding-completado-title" className={styles.title}>
          Onboarding completado
        </h1>
        <p>Gracias por completar la información de tu empresa. Nuestro equipo la revisará y te contactará pronto.</p>
        <p className={styles.muted}>En 5 segundos te llevaremos a Mis empresas.</p>
        <Link href="/mis-empresas" variant="primary" className={styles.cta}>
          Ir a Mis empresas
        </Link>
      </section>
    </div>
  );
}
