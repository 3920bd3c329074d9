import { Page } from "../../../components/Page.tsx";

export default function MyProfilePage() {
  return <Page title="Mi perfil" description="Consulta y actualiza tus datos, tu contraseña y tu plan." />;
}
