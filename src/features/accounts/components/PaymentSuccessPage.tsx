import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function PaymentSuccessPage() {
  return (
    <Page title="Tu pago fue procesado con éxito" description="Tu plan ya está activo. Te enviamos el comprobante por email." narrow>
      <div className={pageActions}>
        <Link href="/mi-perfil?tab=configuracion" variant="primary">
          Ver mi plan
        </Link>
        <Link href="/mis-empresas" variant="secondary">
          Ir a Mis empresas
        </Link>
      </div>
    </Page>
  );
}
