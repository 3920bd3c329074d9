import { TERMS } from "../../../../content/legal.ts";
import { LegalDocument } from "./LegalDocument.tsx";

export default function TermsPage() {
  return <LegalDocument text={TERMS} />;
}
