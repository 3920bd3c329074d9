import { Page } from "../../../components/Page.tsx";

export default function BusinessProfilePage() {
  return <Page title="Perfil de negocio" description="Conoce a detalle la empresa y envía un mensaje de interés." />;
}
