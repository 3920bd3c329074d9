import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import { formatMxn, SERVICE_PRICES } from "../../../lib/service-prices.ts";
import * as styles from "./marketing.css.ts";

const DELIVERABLES = [
  { title: "Presupuestos", text: "Un presupuesto anual realista y su seguimiento mes a mes." },
  { title: "Análisis de flujo de efectivo", text: "Sabrás cuánto efectivo tendrás y cuándo, para no quedarte corto." },
  { title: "Análisis financiero", text: "Márgenes, rentabilidad por línea de negocio e indicadores clave." },
  { title: "Estrategia de crecimiento", text: "Un plan financiero para crecer, invertir o prepararte para vender." },
  { title: "Cumplimiento y reportes", text: "Reportes claros para socios, bancos e inversionistas." },
  { title: "Optimización de costos", text: "Detectamos gastos que puedes reducir sin afectar la operación." },
  { title: "Reconstrucción de estados financieros", text: "Ponemos en orden la información histórica de tu empresa." },
] as const;

export default function VirtualCfoPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="cfo-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>CFO virtual</p>
            <h1 id="cfo-title" className={styles.heroTitle}>
              Un director de finanzas para tu empresa, sin contratarlo de tiempo completo
            </h1>
            <p className={styles.lead}>
              Nuestro equipo de finanzas trabaja contigo cada mes para que tomes decisiones con números confiables.
            </p>
            <p className={styles.price}>Desde {formatMxn(SERVICE_PRICES.cfoMonthly)} MXN al mes + IVA</p>
            <div className={styles.actions}>
              <Link href="/contacto" variant="primary">
                Solicitar CFO virtual
              </Link>
              <Link href="/servicios" variant="secondary">
                Ver todos los servicios
              </Link>
            </div>
          </div>
          <div className={styles.card}>
            <MarketingIcon name="chart" />
            <h2 className={styles.h3}>Ideal si tu empresa…</h2>
            <ul className={styles.list}>
              <li>Factura millones al año pero no tiene un área de finanzas formal.</li>
              <li>Quiere levantar capital o venderse en los próximos años.</li>
              <li>Necesita ordenar su contabilidad y sus estados financieros.</li>
            </ul>
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="cfo-includes">
        <h2 id="cfo-includes" className={styles.h2}>
          Qué incluye
        </h2>
        <ul className={styles.grid3}>
          {DELIVERABLES.map((item) => (
            <li key={item.title} className={styles.card}>
              <h3 className={styles.h3}>{item.title}</h3>
              <p className={styles.muted}>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
