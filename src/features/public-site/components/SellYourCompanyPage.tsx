import { Page } from "../../../components/Page.tsx";

export default function SellYourCompanyPage() {
  return <Page title="Vende tu empresa" description="Publica tu empresa y recibe el interés de compradores verificados, siempre de forma directa." />;
}
