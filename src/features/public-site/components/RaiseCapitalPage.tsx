import { FUNDING_ROUND } from "../../../../content/journeys.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import { STARTUP_DIRECTORY_URL } from "./content.ts";
import { goToSellerForm } from "./scroll-to-form.ts";
import type { SellerLandingProps } from "./SellYourCompanyPage.tsx";
import * as styles from "./marketing.css.ts";

const REASONS = [
  {
    icon: "people" as const,
    title: "Inversionistas verificados",
    text: "Cerca de 600 inversionistas validados buscan empresas mexicanas con potencial de crecimiento.",
  },
  {
    icon: "shield" as const,
    title: "Confidencial y 1 a 1",
    text: "Tú decides con quién compartes tu información completa; el contacto siempre es directo.",
  },
  {
    icon: "chart" as const,
    title: "Prepárate para la ronda",
    text: "Ordena tu data room, conoce el valor de tu empresa y define cuánto capital necesitas y para qué.",
  },
];

/** /levanta-capital: capital-raise explainer, a button to the seller form and the startup directory banner. */
export function RaiseCapitalPage({ registrationForm }: SellerLandingProps) {
  return (
    <>
      <section className={styles.section} aria-labelledby="raise-title">
        <div className={`${styles.heroText} ${styles.narrow}`}>
          <p className={styles.eyebrow}>Capital para crecer</p>
          <h1 id="raise-title" className={styles.heroTitle}>
            Levanta capital para tu empresa
          </h1>
          <p className={styles.lead}>
            Presenta tu empresa a inversionistas verificados que buscan oportunidades en México. Tú conservas el control de la
            información y negocias directamente con quien te interese.
          </p>
          <div className={styles.actions}>
            <Button onPress={goToSellerForm}>Registra tu empresa</Button>
            <Link href="/valuacion-gratuita" variant="secondary">
              Conoce cuánto vale tu empresa
            </Link>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="raise-why">
        <h2 id="raise-why" className={styles.h2}>
          Por qué levantar capital con Puente
        </h2>
        <ul className={styles.grid3}>
          {REASONS.map((reason) => (
            <li key={reason.title} className={styles.card}>
              <MarketingIcon name={reason.icon} />
              <h3 className={styles.h3}>{reason.title}</h3>
              <p className={styles.muted}>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby={FUNDING_ROUND.anchor}>
        <div className={styles.prose}>
          <h2 id={FUNDING_ROUND.anchor} className={styles.h2}>
            {FUNDING_ROUND.heading}
          </h2>
          {FUNDING_ROUND.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className={styles.notice}>
            Puente no capta ni canaliza recursos, no opera vehículos de inversión y no garantiza operaciones. El acuerdo y la
            transferencia de fondos suceden directamente entre tu empresa y el inversionista.
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="raise-directory">
        <div className={styles.banner}>
          <div>
            <h2 id="raise-directory" className={styles.h2}>
              ¿Eres una startup?
            </h2>
            <p>Aparece en nuestro directorio de startups mexicanas y date a conocer con fondos y aceleradoras.</p>
          </div>
          <Link href={STARTUP_DIRECTORY_URL} isExternal variant="secondary" className={styles.bannerLink}>
            Ir al directorio de startups (sitio externo)
          </Link>
        </div>
      </section>

      <section className={`${styles.section} ${styles.narrow}`} aria-label="Registro de vendedor">
        {registrationForm}
      </section>
    </>
  );
}
