import { Page } from "../../../components/Page.tsx";

export default function PaymentSuccessPage() {
  return <Page title="Tu pago fue procesado con éxito" description="Ya puedes disfrutar de los beneficios de tu plan." />;
}
