import { Page } from "../../../components/Page.tsx";

export default function FreeValuationPage() {
  return <Page title="Valuación gratuita" description="Descubre en minutos cuánto vale tu empresa con nuestra herramienta de valuación." />;
}
