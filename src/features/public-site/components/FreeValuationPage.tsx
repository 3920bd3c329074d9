import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import * as styles from "./marketing.css.ts";

const STEPS = [
  { title: "Tus datos", text: "Tu email, nombre y apellido." },
  { title: "Tu empresa", text: "La industria y el país donde opera." },
  { title: "Tus números", text: "Las ventas anuales, el EBITDA y el crecimiento que esperas." },
  { title: "Revisa y calcula", text: "Comparamos tu empresa con múltiplos de su sector en 1,000 escenarios." },
  { title: "Tu resultado", text: "Tu valuación y su rango en millones (pesos en México, dólares en otros países) y el múltiplo aplicado." },
] as const;

export default function FreeValuationPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="valuation-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Herramienta gratuita</p>
            <h1 id="valuation-title" className={styles.heroTitle}>
              ¿Cuánto vale tu empresa? Descúbrelo gratis en cinco pasos
            </h1>
            <p className={styles.lead}>
              Obtén una valuación estimada de tu empresa a partir de sus ventas y su EBITDA, comparada con empresas de su
              sector. Sin costo y sin compromiso.
            </p>
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
              <li>Ventas del último año</li>
              <li>EBITDA o utilidad de operación aproximada</li>
              <li>Cinco minutos</li>
            </ul>
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="valuation-steps">
        <h2 id="valuation-steps" className={styles.h2}>
          Cómo funciona
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step.title} className={styles.step}>
              <p className={styles.stepTitle}>{step.title}</p>
              <p className={styles.muted}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="valuation-more">
        <div className={styles.prose}>
          <h2 id="valuation-more" className={styles.h2}>
            ¿Necesitas una valuación más precisa?
          </h2>
          <p>
            La herramienta gratuita da una referencia. Para negociar una venta o una ronda de inversión te recomendamos una
            valuación simplificada o avanzada, hecha por nuestro equipo con flujos descontados, costo de capital y simulación de
            escenarios.
          </p>
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
