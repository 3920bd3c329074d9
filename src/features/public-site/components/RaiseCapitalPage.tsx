import { Page } from "../../../components/Page.tsx";

export default function RaiseCapitalPage() {
  return <Page title="Levanta capital" description="Conecta con inversionistas verificados para financiar el crecimiento de tu empresa." />;
}
