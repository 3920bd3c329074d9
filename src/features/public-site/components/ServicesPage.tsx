import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon, type IconName } from "./Artwork.tsx";
import { formatMxn, SERVICE_PRICES } from "../../../lib/service-prices.ts";
import * as styles from "./marketing.css.ts";

interface Offering {
  readonly id: string;
  readonly icon: IconName;
  readonly title: string;
  readonly text: string;
  readonly prices: ReadonlyArray<string>;
  readonly includes: ReadonlyArray<string>;
  readonly cta: string;
}

const OFFERINGS: ReadonlyArray<Offering> = [
  {
    id: "cfo",
    icon: "chart",
    title: "CFO virtual",
    text: "Un director de finanzas de tiempo parcial para ordenar las finanzas de tu empresa y prepararla para crecer, vender o levantar capital.",
    prices: [`Desde ${formatMxn(SERVICE_PRICES.cfoMonthly)} MXN al mes + IVA`],
    includes: ["Presupuestos y flujo de efectivo", "Análisis financiero y estrategia de crecimiento", "Reconstrucción de estados financieros"],
    cta: "Solicitar CFO virtual",
  },
  {
    id: "valuacion",
    icon: "calculator",
    title: "Valuación de empresas",
    text: "Conoce el valor de tu empresa con el método que necesitas, de una estimación rápida a un análisis completo para negociar.",
    prices: [
      `Simplificada: ${formatMxn(SERVICE_PRICES.simplifiedValuation)} MXN + IVA`,
      `Avanzada: desde ${formatMxn(SERVICE_PRICES.advancedValuationFrom)} MXN + IVA`,
    ],
    includes: [
      `Simulación Monte Carlo de ${SERVICE_PRICES.monteCarloScenarios.toLocaleString("es-MX")} escenarios (avanzada)`,
      "Costo de capital (WACC) y flujos de caja descontados",
      "Múltiplos de mercado y recomendaciones",
    ],
    cta: "Solicitar valuación",
  },
  {
    id: "venta",
    icon: "handshake",
    title: "Asesoría en venta de empresa",
    text: "Te acompañamos en todo el proceso: preparación de la información, búsqueda de compradores, negociación y cierre.",
    prices: ["Cotización personalizada"],
    includes: ["Preparación del data room", "Búsqueda y filtro de compradores", "Acompañamiento en la negociación"],
    cta: "Solicitar asesoría",
  },
];

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
          {OFFERINGS.map((offering) => (
            <li key={offering.id} className={styles.card} aria-labelledby={`service-${offering.id}`}>
              <MarketingIcon name={offering.icon} />
              <h2 id={`service-${offering.id}`} className={styles.h3}>
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
