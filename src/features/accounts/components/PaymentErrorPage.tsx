import { Page } from "../../../components/Page.tsx";

export default function PaymentErrorPage() {
  return <Page title="No se pudo terminar el proceso de pago" description="Intenta de nuevo o contáctanos si el problema continúa." />;
}
