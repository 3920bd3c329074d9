import { Page } from "../../../components/Page.tsx";

export default function AdminBusinessPage() {
  return <Page title="Registrar empresa" description="Crea o edita la información de cualquier empresa." />;
}
