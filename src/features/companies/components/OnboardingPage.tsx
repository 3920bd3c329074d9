import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";

export default function OnboardingPage() {
  return (
    <Page title="Onboarding" description="Completa la información de tu empresa paso a paso.">
      <div className={pageActions}>
        <Link href="/mis-empresas" variant="secondary">
          Volver a Mis empresas
        </Link>
      </div>
    </Page>
  );
}
