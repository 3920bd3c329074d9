import { Page } from "../../../components/Page.tsx";

export default function MarketplacePage() {
  return <Page title="Compra una empresa" description="Explora empresas verificadas y filtra por industria, tamaño, interés o ubicación." />;
}
