import { Link } from "../../../components/ui/Link.tsx";
import { formatMxn } from "./content.ts";
import * as styles from "./marketing.css.ts";

/** Spec sections 2 and 9: plan ids, prices (MXN) and success fees (plus VAT). */
export const PLANS = [
  {
    name: "Explora",
    ids: { monthly: "explora_monthly", quarterly: "explora_quarterly" },
    monthly: 1_500,
    quarterly: 4_000,
    successFee: 2,
    popular: false,
    summary: "Publica tu empresa con data room y visibilidad ante compradores verificados.",
    features: ["Perfil de empresa verificado", "Data room para tus documentos", "Contacto directo 1 a 1 con compradores"],
  },
  {
    name: "Impulsa",
    ids: { monthly: "impulsa_monthly", quarterly: "impulsa_quarterly" },
    monthly: 10_000,
    quarterly: 27_500,
    successFee: 4,
    popular: true,
    summary: "Más visibilidad y publicidad para llegar antes a los compradores correctos.",
    features: ["Todo lo de Explora", "Publicidad de tu empresa", "Acompañamiento de nuestro equipo en la negociación"],
  },
] as const;

export default function PlansPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="plans-title">
        <div className={`${styles.heroText} ${styles.narrow}`}>
          <p className={styles.eyebrow}>Planes</p>
          <h1 id="plans-title" className={styles.heroTitle}>
            Elige cómo quieres vender o levantar capital
          </h1>
          <p className={styles.lead}>
            Desde la publicación básica con data room hasta asesoría completa en fusiones y adquisiciones. Precios en pesos
            mexicanos; la comisión de éxito solo se paga si cierras una operación.
          </p>
        </div>
      </section>
      <section className={styles.section} aria-label="Planes disponibles">
        <ul className={styles.grid3}>
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={plan.popular ? `${styles.card} ${styles.cardFeatured}` : styles.card}
              aria-labelledby={`plan-${plan.ids.monthly}`}
            >
              {plan.popular ? <span className={styles.badge}>Más popular</span> : null}
              <h2 id={`plan-${plan.ids.monthly}`} className={styles.h2}>
                {plan.name}
              </h2>
              <p className={styles.muted}>{plan.summary}</p>
              <p>
                <span className={styles.price}>{formatMxn(plan.monthly)} MXN</span> al mes
              </p>
              <p>o {formatMxn(plan.quarterly)} MXN cada 3 meses</p>
              <p className={styles.stepTitle}>Comisión de éxito: {plan.successFee}% + IVA</p>
              <ul className={styles.list}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className={styles.cardFooter}>
                <Link href="/mi-perfil?tab=configuracion" variant={plan.popular ? "primary" : "secondary"} aria-label={`Elegir el plan ${plan.name}`}>
                  Elegir plan
                </Link>
              </div>
            </li>
          ))}
          <li className={styles.card} aria-labelledby="plan-acelera">
            <h2 id="plan-acelera" className={styles.h2}>
              Acelera
            </h2>
            <p className={styles.muted}>Asesoría completa en fusiones y adquisiciones, a la medida de tu operación.</p>
            <p className={styles.price}>Precio personalizado</p>
            <ul className={styles.list}>
              <li>Todo lo de Impulsa</li>
              <li>Asesoría M&amp;A de principio a fin</li>
              <li>Valuación y preparación de la empresa</li>
            </ul>
            <div className={styles.cardFooter}>
              <Link href="/contacto" variant="secondary">
                Solicitar demo
              </Link>
            </div>
          </li>
        </ul>
        <p className={styles.small}>
          Los precios no incluyen IVA. Para contratar un plan inicia sesión y elígelo en Mi perfil, Configuración.
        </p>
      </section>
    </>
  );
}
