import { Page } from "../../../components/Page.tsx";

export default function CreateCompanyPage() {
  return <Page title="Crear nueva empresa" description="Registra la información pública de tu empresa." />;
}
