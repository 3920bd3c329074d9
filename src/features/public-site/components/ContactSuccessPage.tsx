import { Page } from "../../../components/Page.tsx";

export default function ContactSuccessPage() {
  return <Page title="Muchas gracias por ponerte en contacto con nosotros" description="Uno de nuestros expertos te responderá en menos de 24 horas." />;
}
