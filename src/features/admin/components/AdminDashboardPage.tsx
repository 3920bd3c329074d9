import { Page } from "../../../components/Page.tsx";

export default function AdminDashboardPage() {
  return <Page title="Panel de administración" description="Analítica, empresas y usuarios de Puente." />;
}
