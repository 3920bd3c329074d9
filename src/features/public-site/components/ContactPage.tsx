import { Page } from "../../../components/Page.tsx";

export default function ContactPage() {
  return <Page title="Habla con uno de nuestros expertos" description="Déjanos tus datos y te responderemos en menos de 24 horas." />;
}
