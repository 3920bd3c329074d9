import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

/**
 * /pago-error: the checkout declined the payment or was left (spec sections 2
 * and 8). Nothing changed on the user's plan; they can choose a plan again.
 */
export default function PaymentErrorPage() {
  return (
    <Page
      title="No se pudo terminar el proceso de pago"
      description="El pago no se completó, así que tu plan no cambió. Puedes intentarlo de nuevo con otra tarjeta o escribirnos si el problema continúa."
      narrow
    >
      <div className={pageActions}>
        <Link href="/planes" variant="primary">
          Intentar de nuevo
        </Link>
        <Link href="/contacto" variant="secondary">
          Contactar a soporte
        </Link>
      </div>
    </Page>
  );
}
