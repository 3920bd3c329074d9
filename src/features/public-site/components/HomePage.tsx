import { BUYER_JOURNEY } from "../../../../content/journeys.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { BridgeIllustration, MarketingIcon, type IconName } from "./Artwork.tsx";
import { HowItWorks } from "./HowItWorks.tsx";
import { StatsCarousel } from "./StatsCarousel.tsx";
import { VideoPreview } from "./VideoPreview.tsx";
import * as styles from "./marketing.css.ts";

const CARDS: ReadonlyArray<{ icon: IconName; title: string; text: string; href: string; cta: string; more?: { readonly href: string; readonly label: string } }> = [
  {
    icon: "sell",
    title: "Vende tu empresa",
    text: "Publica tu empresa de forma confidencial y recibe interés de compradores validados, siempre directo y 1 a 1.",
    href: "/vende-tu-empresa",
    cta: "Quiero vender",
  },
  {
    icon: "buy",
    title: "Compra una empresa",
    text: "Explora empresas mexicanas revisadas antes de publicarse y filtra por sector, tamaño, ticket o ubicación.",
    href: "/compra-una-empresa",
    cta: "Ver empresas",
    // The buyer mandates (decision 033): for the buyer who does not find it among today's listings.
    more: { href: "/que-empresa-buscas", label: "Dime qué empresa buscas" },
  },
  {
    icon: "invest",
    title: "Invierte en una empresa",
    text: "Regístrate como inversionista, cuéntanos tu tesis y accede a empresas que buscan capital para crecer.",
    href: "/registro",
    cta: "Registrarme como inversionista",
  },
];

export default function HomePage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="home-title">
        <div className={styles.hero}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Compraventa y financiamiento de empresas en México</p>
            <h1 id="home-title" className={styles.heroTitle}>
              Compra, vende o invierte en empresas en México
            </h1>
            <p className={styles.lead}>
              Puente conecta a dueños de empresas con compradores e inversionistas verificados. Revisamos cada empresa antes de
              compartirla y tú negocias directamente con la otra parte.
            </p>
            <div className={styles.actions}>
              <Link href="/compra-una-empresa" variant="primary">
                Compra una empresa
              </Link>
              <Link href="/vende-tu-empresa" variant="secondary">
                Vende tu empresa
              </Link>
            </div>
          </div>
          <BridgeIllustration />
        </div>
      </section>

      <section className={`${styles.section}`} aria-labelledby="home-stats">
        <h2 id="home-stats" className={styles.h2}>
          Una comunidad que crece
        </h2>
        <StatsCarousel />
      </section>

      <section className={styles.section} aria-labelledby="home-paths">
        <h2 id="home-paths" className={styles.h2}>
          ¿Qué quieres hacer?
        </h2>
        <ul className={styles.grid3}>
          {CARDS.map((card) => (
            <li key={card.title} className={styles.card}>
              <MarketingIcon name={card.icon} />
              <h3 className={styles.h3}>{card.title}</h3>
              <p className={styles.muted}>{card.text}</p>
              <div className={card.more === undefined ? styles.cardFooter : `${styles.cardFooter} ${styles.cardActions}`}>
                <Link href={card.href} variant="secondary">
                  {card.cta}
                </Link>
                {card.more === undefined ? null : (
                  <Link href={card.more.href} variant="ghost">
                    {card.more.label}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-video">
        <h2 id="home-video" className={styles.h2}>
          Conoce Puente en dos minutos
        </h2>
        <p className={styles.muted}>Te explicamos cómo verificamos a cada empresa y cómo se conectan compradores y vendedores.</p>
        <VideoPreview title="Cómo funciona Puente" />
      </section>

      <section className={styles.section} aria-labelledby={BUYER_JOURNEY.anchor}>
        <h2 id={BUYER_JOURNEY.anchor} className={styles.h2}>
          {BUYER_JOURNEY.heading}
        </h2>
        <HowItWorks />
      </section>

      <section className={styles.section} aria-labelledby="home-cta">
        <div className={styles.banner}>
          <div>
            <h2 id="home-cta" className={styles.h2}>
              ¿No sabes por dónde empezar?
            </h2>
            <p>Cuéntanos tu caso y uno de nuestros expertos te orienta sin compromiso. Te respondemos en menos de 24 horas.</p>
          </div>
          <Link href="/contacto" variant="secondary" className={styles.bannerLink}>
            Habla con un experto
          </Link>
        </div>
      </section>
    </>
  );
}
