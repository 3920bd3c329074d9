import { Page } from "../../../components/Page.tsx";

export default function PlansPage() {
  return <Page title="Planes" description="Elige el plan que mejor se adapta a tu empresa: Explora, Impulsa o Acelera." />;
}
