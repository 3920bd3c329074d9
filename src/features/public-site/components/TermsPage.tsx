import { Page } from "../../../components/Page.tsx";

export default function TermsPage() {
  return <Page title="Términos y condiciones" description="Las condiciones de uso de Puente." />;
}
