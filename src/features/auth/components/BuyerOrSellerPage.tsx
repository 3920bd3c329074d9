import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function BuyerOrSellerPage() {
  return (
    <Page title="¿Eres comprador o vendedor?" description="Elige cómo quieres usar Puente para crear tu cuenta.">
      <div className={pageActions}>
        <Link href="/registro" variant="primary">
          Soy comprador
        </Link>
        <Link href="/vende-tu-empresa" variant="secondary">
          Soy vendedor
        </Link>
      </div>
    </Page>
  );
}
