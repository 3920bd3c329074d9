import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function NotFoundPage() {
  return (
    <Page title="Página no encontrada" description="La página que buscas no existe o fue movida.">
      <div className={pageActions}>
        <Link href="/compra-una-empresa" variant="primary">
          Ir a Compra una empresa
        </Link>
      </div>
    </Page>
  );
}
