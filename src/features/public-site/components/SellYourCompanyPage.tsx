import type { ReactNode } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import { SELLER_JOURNEY, SELLER_STEPS } from "../../../../content/journeys.ts";
import { COMMUNITY_STATS } from "./content.ts";
import { goToSellerForm } from "./scroll-to-form.ts";
import { VideoPreview } from "./VideoPreview.tsx";
import * as styles from "./marketing.css.ts";

export interface SellerLandingProps {
  /** The seller registration form (accounts feature), composed in src/app. */
  readonly registrationForm: ReactNode;
}

/** /vende-tu-empresa: the seller landing around the registration form (spec section 2). */
export function SellYourCompanyPage({ registrationForm }: SellerLandingProps) {
  return (
    <>
      <section className={styles.section} aria-labelledby="sell-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Para dueños de empresas</p>
            <h1 id="sell-title" className={styles.heroTitle}>
              Vende tu empresa con compradores verificados
            </h1>
            <p className={styles.lead}>
              Publica tu empresa de forma confidencial, recibe interés de compradores e inversionistas validados y negocia
              directamente con ellos. Sin intermediarios que retengan tu dinero.
            </p>
            <div className={styles.actions}>
              <Button onPress={goToSellerForm}>Registra tu empresa</Button>
              <Link href="/planes" variant="secondary">
                Ver planes
              </Link>
            </div>
          </div>
          <VideoPreview title="Cómo vender tu empresa con Puente" />
        </div>
      </section>

      <section className={`${styles.section}`} aria-labelledby="sell-stats">
        <h2 id="sell-stats" className={styles.h2}>
          Compradores listos para conocer tu empresa
        </h2>
        <ul className={styles.grid4}>
          {COMMUNITY_STATS.slice(0, 4).map((stat) => (
            <li key={stat.label} className={styles.card}>
              <span className={styles.price}>{stat.value}</span>
              <span className={styles.muted}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="sell-merger">
        <div className={styles.grid2}>
          <div className={styles.prose}>
            <h2 id="sell-merger" className={styles.h2}>
              Vender no es la única salida: también puedes fusionarte
            </h2>
            <p>
              En una fusión, tu empresa se une con otra para formar una compañía más grande. En lugar de recibir todo en
              efectivo, tú y tus socios conservan una participación en la empresa combinada y comparten su crecimiento.
            </p>
            <p>
              Es una buena opción cuando buscas escala, nuevos mercados o un socio estratégico, pero quieres seguir siendo
              parte del proyecto. En Puente puedes indicar que te interesa vender todo, vender una parte, fusionarte o levantar
              capital.
            </p>
          </div>
          <ul className={styles.grid2}>
            {[
              { icon: "handshake" as const, title: "Venta total", text: "Transfieres el 100% de tu empresa." },
              { icon: "people" as const, title: "Venta parcial", text: "Vendes una participación y sigues al frente." },
              { icon: "chart" as const, title: "Fusión", text: "Te unes a otra empresa y compartes el crecimiento." },
              { icon: "invest" as const, title: "Capital", text: "Sumas inversionistas para crecer más rápido." },
            ].map((option) => (
              <li key={option.title} className={styles.card}>
                <MarketingIcon name={option.icon} />
                <h3 className={styles.h3}>{option.title}</h3>
                <p className={styles.muted}>{option.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby={SELLER_JOURNEY.anchor}>
        <h2 id={SELLER_JOURNEY.anchor} className={styles.h2}>
          {SELLER_JOURNEY.heading}
        </h2>
        <ol className={styles.steps}>
          {SELLER_STEPS.map((step) => (
            <li key={step.title} className={styles.step}>
              <p className={styles.stepTitle}>{step.title}</p>
              <p className={styles.muted}>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className={styles.notice}>
          Puente no es una institución financiera, no recibe ni administra fondos y no garantiza operaciones. Todos los acuerdos
          se realizan directamente entre las partes.
        </p>
      </section>

      <section className={`${styles.section} ${styles.narrow}`} aria-label="Registro de vendedor">
        {registrationForm}
      </section>
    </>
  );
}
