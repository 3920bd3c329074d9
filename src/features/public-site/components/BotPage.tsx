import { Page } from "../../../components/Page.tsx";

export default function BotPage() {
  return <Page title="Puente Bot" description="Resuelve tus dudas sobre compra, venta e inversión en empresas con nuestro asistente." />;
}
