import { Page } from "../../../components/Page.tsx";

export default function MyCompaniesPage() {
  return <Page title="Mis empresas" description="Administra tus empresas, su información pública y su dataroom." />;
}
