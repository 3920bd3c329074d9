import { FREE_VALUATION } from "../../../../content/valuation.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import * as styles from "./marketing.css.ts";

export default function FreeValuationPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="valuation-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Herramienta gratuita</p>
            <h1 id="valuation-title" className={styles.heroTitle}>
              {FREE_VALUATION.title}
            </h1>
            <p className={styles.lead}>{FREE_VALUATION.lead}</p>
            <div className={styles.actions}>
              <Link href="/valuacion-gratuita/herramienta" variant="primary">
                Comenzar valuación
              </Link>
              <Link href="/valuacion-gratuita/metodologia" variant="secondary">
                Cómo calculamos tu valuación
              </Link>
            </div>
          </div>
          <div className={styles.card}>
            <MarketingIcon name="calculator" />
            <h2 className={styles.h3}>Lo que necesitas</h2>
            <ul className={styles.list}>
              {FREE_VALUATION.needs.map((need) => (
                <li key={need}>{need}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby={FREE_VALUATION.stepsAnchor}>
        <h2 id={FREE_VALUATION.stepsAnchor} className={styles.h2}>
          {FREE_VALUATION.stepsHeading}
        </h2>
        <ol className={styles.steps}>
          {FREE_VALUATION.steps.map((step) => (
            <li key={step.title} className={styles.step}>
              <p className={styles.stepTitle}>{step.title}</p>
              <p className={styles.muted}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.section} aria-labelledby={FREE_VALUATION.moreAnchor}>
        <div className={styles.prose}>
          <h2 id={FREE_VALUATION.moreAnchor} className={styles.h2}>
            {FREE_VALUATION.moreHeading}
          </h2>
          <p>{FREE_VALUATION.more}</p>
          <div className={styles.actions}>
            <Link href="/servicios" variant="secondary">
              Conoce nuestras valuaciones
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
