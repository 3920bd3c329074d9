import { Page } from "../../../components/Page.tsx";

export default function RecoverPasswordPage() {
  return <Page title="Recupera tu contraseña" description="Te enviaremos un correo electrónico para restablecer tu contraseña." />;
}
