import { PRIVACY } from "../../../../content/legal.ts";
import { LegalDocument } from "./LegalDocument.tsx";

export default function PrivacyPage() {
  return <LegalDocument text={PRIVACY} />;
}
