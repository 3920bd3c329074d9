import { Page } from "../../../components/Page.tsx";

export default function EditCompanyPage() {
  return <Page title="Editar empresa" description="Actualiza la información pública de tu empresa." />;
}
