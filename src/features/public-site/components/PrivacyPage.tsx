import { Page } from "../../../components/Page.tsx";

export default function PrivacyPage() {
  return <Page title="Política de privacidad" description="Cómo Puente recopila, usa y protege tus datos personales." />;
}
