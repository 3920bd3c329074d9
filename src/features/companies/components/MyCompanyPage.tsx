import { Page } from "../../../components/Page.tsx";

export default function MyCompanyPage() {
  return <Page title="Mi empresa" description="La información de tu empresa y su dataroom." />;
}
