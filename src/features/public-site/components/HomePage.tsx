import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function HomePage() {
  return (
    <Page
      title="Compra, vende o invierte en empresas en México"
      description="Puente conecta a dueños de empresas con compradores e inversionistas verificados."
    >
      <div className={pageActions}>
        <Link href="/compra-una-empresa" variant="primary">
          Compra una empresa
        </Link>
        <Link href="/vende-tu-empresa" variant="secondary">
          Vende tu empresa
        </Link>
      </div>
    </Page>
  );
}
