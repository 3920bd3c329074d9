import { Page } from "../../../components/Page.tsx";

export default function ServicesPage() {
  return <Page title="Servicios" description="Asesoría financiera, valuaciones y acompañamiento para la venta de tu empresa." />;
}
