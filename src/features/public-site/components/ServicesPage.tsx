import { SERVICE_OFFERINGS, serviceAnchor, type ServiceOffering } from "../../../../content/services.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon, type IconName } from "./Artwork.tsx";
import * as styles from "./marketing.css.ts";

/** Each offering's icon (the texts are content/services.ts). */
const ICONS: Readonly<Record<ServiceOffering["id"], IconName>> = { cfo: "chart", valuacion: "calculator", venta: "handshake" };

/** Our own marks for the sectors we work with (not client logos: see docs/decisions/005-public-site.md). */
const SECTORS = ["Manufactura", "Tecnología", "Alimentos", "Servicios"] as const;

function SectorMark({ name, index }: { readonly name: string; readonly index: number }) {
  const shapes = [
    <path key="m" d="M8 30V16l8 6V16l8 6V10h8v20z" />,
    <path key="t" d="M8 12h24v14H8zM14 30h12M20 26v4" />,
    <path key="a" d="M20 8c6 6 8 10 8 14a8 8 0 0 1-16 0c0-4 2-8 8-14zM20 30v4" />,
    <path key="s" d="M10 14h20v16H10zM16 14v-4h8v4M10 20h20" />,
  ];
  return (
    <svg viewBox="0 0 160 40" width="100%" height="40" aria-hidden="true">
      <g fill="none" stroke="#1d3f8f" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round">
        {shapes[index % shapes.length]}
      </g>
      <text x="44" y="26" fill="#1b2333" fontFamily="inherit" fontSize="15" fontWeight="700">
        {name}
      </text>
    </svg>
  );
}

export default function ServicesPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="services-title">
        <div className={`${styles.heroText} ${styles.narrow}`}>
          <p className={styles.eyebrow}>Servicios</p>
          <h1 id="services-title" className={styles.heroTitle}>
            Servicios financieros para dueños de empresas
          </h1>
          <p className={styles.lead}>
            Finanzas en orden, una valuación seria y acompañamiento en la venta. Todos los precios están en pesos mexicanos y no
            incluyen IVA.
          </p>
        </div>
      </section>

      <section className={styles.section} aria-label="Nuestros servicios">
        <ul className={styles.grid3}>
          {SERVICE_OFFERINGS.map((offering) => (
            <li key={offering.id} className={styles.card} aria-labelledby={serviceAnchor(offering.id)}>
              <MarketingIcon name={ICONS[offering.id]} />
              <h2 id={serviceAnchor(offering.id)} className={styles.h3}>
                {offering.title}
              </h2>
              <p className={styles.muted}>{offering.text}</p>
              {offering.prices.map((price) => (
                <p key={price} className={styles.stepTitle}>
                  {price}
                </p>
              ))}
              <ul className={styles.list}>
                {offering.includes.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <div className={styles.cardFooter}>
                <Link href="/contacto" variant="primary">
                  {offering.cta}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="services-sectors">
        <h2 id="services-sectors" className={styles.h2}>
          Sectores que atendemos
        </h2>
        <ul className={styles.grid4}>
          {SECTORS.map((sector, index) => (
            <li key={sector} className={styles.card}>
              <SectorMark name={sector} index={index} />
              <span className={styles.small}>Empresas de {sector.toLowerCase()} en todo México</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
