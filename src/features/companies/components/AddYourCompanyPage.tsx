import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import * as styles from "./companies.css.ts";

/**
 * Where a signed-in buyer lands from the seller pages
 * (docs/decisions/014-seller-area-and-landing.md): how adding a company
 * works, and the way to do it. Registering one makes the account a seller too.
 */
export default function AddYourCompanyPage() {
  return (
    <Page title="Registra tu empresa" description="Tu cuenta de comprador también puede vender o levantar capital." narrow>
      <ol>
        <li>Llena la información pública de tu empresa: nombre, industria, ubicación, ventas y lo que buscas.</li>
        <li>Tu cuenta queda como comprador y vendedor: verás “Mis empresas” en tu menú.</li>
        <li>Completa el onboarding y sube tus documentos al dataroom; revisamos tu empresa antes de publicarla.</li>
      </ol>
      <p className={styles.muted}>Nunca mostramos el nombre de tu empresa en el marketplace: solo compradores verificados ven los detalles.</p>
      <div className={pageActions}>
        <Link href="/crear-empresa" variant="primary">
          Registrar empresa
        </Link>
        <Link href="/compra-una-empresa" variant="secondary">
          Seguir explorando empresas
        </Link>
      </div>
    </Page>
  );
}
