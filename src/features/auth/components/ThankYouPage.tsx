import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function ThankYouPage() {
  return (
    <Page title="Gracias por registrarte" description="En unos segundos te llevaremos a iniciar sesión.">
      <div className={pageActions}>
        <Link href="/iniciar-sesion" variant="primary">
          Iniciar sesión
        </Link>
        <Link href="/faq" variant="secondary">
          Preguntas frecuentes
        </Link>
      </div>
    </Page>
  );
}
