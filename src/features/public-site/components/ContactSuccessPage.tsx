import { Link } from "../../../components/ui/Link.tsx";
import { MarketingIcon } from "./Artwork.tsx";
import * as styles from "./marketing.css.ts";

export default function ContactSuccessPage() {
  return (
    <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="contact-success-title">
      <MarketingIcon name="handshake" />
      <h1 id="contact-success-title" className={styles.heroTitle}>
        Muchas gracias por ponerte en contacto con nosotros...
      </h1>
      <p className={styles.lead}>
        Recibimos tu mensaje. Uno de nuestros expertos te responderá en menos de 24 horas por email o por teléfono.
      </p>
      <div className={styles.actions}>
        <Link href="/" variant="primary">
          Volver al inicio
        </Link>
        <Link href="/faq" variant="secondary">
          Ver preguntas frecuentes
        </Link>
      </div>
    </section>
  );
}
