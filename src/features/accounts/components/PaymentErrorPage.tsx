import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function PaymentErrorPage() {
  return (
    <Page
      title="No se pudo terminar el proceso de pago"
      description="Puedes intentarlo de nuevo desde tu perfil o escribirnos si el problema continúa."
      narrow
    >
      <div className={pageActions}>
        <Link href="/mi-perfil?tab=configuracion" variant="primary">
          Intentar de nuevo
        </Link>
        <Link href="/contacto" variant="secondary">
          Contactar a soporte
        </Link>
      </div>
    </Page>
  );
}
