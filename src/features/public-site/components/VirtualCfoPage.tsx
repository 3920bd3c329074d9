import { Page } from "../../../components/Page.tsx";

export default function VirtualCfoPage() {
  return <Page title="CFO virtual" description="Un director financiero para tu empresa desde $12,000 MXN al mes más IVA." />;
}
