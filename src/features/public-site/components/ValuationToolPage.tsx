import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function ValuationToolPage() {
  return (
    <Page title="Herramienta de valuación" description="Responde cinco pasos y obtén una valuación estimada de tu empresa.">
      <div className={pageActions}>
        <Link href="/valuacion-gratuita" variant="secondary">
          Volver a Valuación gratuita
        </Link>
      </div>
    </Page>
  );
}
