import { Page } from "../../../components/Page.tsx";

export default function BuyerRegistrationPage() {
  return <Page title="Regístrate como comprador" description="Crea tu cuenta para explorar empresas verificadas." />;
}
