import { Link } from "../../../components/ui/Link.tsx";
import * as styles from "./marketing.css.ts";

export default function NotFoundPage() {
  return (
    <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="not-found-title">
      <p className={styles.eyebrow}>Error 404</p>
      <h1 id="not-found-title" className={styles.heroTitle}>
        Página no encontrada
      </h1>
      <p className={styles.lead}>La página que buscas no existe o fue movida.</p>
      <div className={styles.actions}>
        <Link href="/compra-una-empresa" variant="primary">
          Ir a Compra una empresa
        </Link>
        <Link href="/" variant="secondary">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
