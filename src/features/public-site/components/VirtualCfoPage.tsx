import { VIRTUAL_CFO } from "../../../../content/services.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import * as styles from "./marketing.css.ts";

export default function VirtualCfoPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="cfo-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{VIRTUAL_CFO.name}</p>
            <h1 id="cfo-title" className={styles.heroTitle}>
              {VIRTUAL_CFO.title}
            </h1>
            <p className={styles.lead}>{VIRTUAL_CFO.lead}</p>
            <p className={styles.price}>{VIRTUAL_CFO.price}</p>
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
          {VIRTUAL_CFO.deliverables.map((item) => (
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
