import { useParams } from "wouter";
import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { OnboardingSummary } from "./OnboardingSummary.tsx";

/**
 * /mi-empresa/{id}/onboarding: the owner's read-only view of what they
 * answered in the onboarding (issue 13: the summary is shown to the owner,
 * and to admins in the company form's 'Onboarding' tab, which the spec's
 * role table keeps for admins). The server answers the summary to the owner
 * or an admin only; anyone else gets nothing shown (spec section 8).
 */
export default function OwnerOnboardingSummaryPage() {
  const params = useParams<{ id: string }>();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  return (
    <Page title="Resumen del onboarding" description="Lo que respondiste sobre tu empresa. Nuestro equipo lo usa para presentarla a compradores e inversionistas.">
      <div className={pageActions}>
        <Link href={`/onboarding/${id}`} variant="primary">
          Editar mis respuestas
        </Link>
        <Link href="/mis-empresas" variant="secondary">
          Volver a Mis empresas
        </Link>
      </div>
      {id === 0 ? null : <OnboardingSummary companyId={id} />}
    </Page>
  );
}
