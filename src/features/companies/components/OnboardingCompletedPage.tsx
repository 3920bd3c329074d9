import { Page } from "../../../components/Page.tsx";

export default function OnboardingCompletedPage() {
  return <Page title="Onboarding completado" description="Gracias por completar la información de tu empresa. En unos segundos te llevaremos a Mis empresas." />;
}
