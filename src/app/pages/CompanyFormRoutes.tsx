import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { Page, pageActions } from "../../components/Page.tsx";
import { LoadError, useLoadError } from "../../components/LoadError.tsx";
import { Link } from "../../components/ui/Link.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { TabPanel, Tabs } from "../../components/ui/Tabs.tsx";
import { CompanyBuyerLeadMatches } from "../../features/buyer-leads/components/CompanyBuyerLeadMatches.tsx";
import type { MatchesAudience } from "../../features/buyer-leads/components/matches-text.ts";
import { useCompanyRecord } from "../../features/companies/api/get-company-record.ts";
import { CompanyForm } from "../../features/companies/components/CompanyForm.tsx";
import { useUploadCompanyPicture } from "../../features/data-room/api/upload-company-picture.ts";
import { DataRoomPanel } from "../../features/data-room/components/DataRoomPanel.tsx";
import { KybButton } from "../../features/kyb/components/KybButton.tsx";
import { useFreshPlan } from "../../features/subscriptions/state/use-fresh-plan.ts";
import { AccessAuditButton } from "../../features/seller-analytics/components/AccessAuditButton.tsx";
import { OnboardingSummary } from "../../features/onboarding-summary/components/OnboardingSummary.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { useSession } from "../../lib/session.tsx";
import { toastApiError, toastSuccess } from "../../lib/toast.ts";
import * as styles from "./CompanyFormRoutes.css.ts";

/**
 * The company form's routes (spec section 2), composing features that never
 * import each other: the companies feature's form, the data room's panel
 * and picture upload, the KYB button and the onboarding summary.
 * - /crear-empresa: create, then upload the picture, then go to /mi-empresa/{id}
 *   (spec section 4).
 * - /editar-empresa/{id} and /mi-empresa/{id}: tabs 'Información pública',
 *   'Dataroom', and 'Onboarding' for admins; above them, how many buyer
 *   mandates match the company (counts only, decision 033).
 * - /admin/business and /admin/business/{id}: the same pages in the admin's
 *   area (guard `admin`): a create lands on /admin/business/{id}, and a
 *   missing company leads back to the dashboard's companies.
 */

/** 'KYB básico' with the plan kept fresh: paying (here or in another tab) enables it without a reload. */
function KybAction({ companyId }: { readonly companyId: number }) {
  useFreshPlan();
  return <KybButton companyId={companyId} />;
}

const PICTURE_SAVED = "Imagen guardada con éxito";

/** Incognito hides names where they are shown, not where they are edited (docs/decisions/022). */
const INCOGNITO_FORM_NOTE = "Modo incógnito: este formulario muestra el nombre y el contacto reales para que puedas editarlos.";

/** Uploads the chosen picture; a failure is said in a toast and does not undo the company. */
function usePictureStep() {
  const upload = useUploadCompanyPicture();
  return async (companyId: number, picture: File | null): Promise<void> => {
    if (picture === null) return;
    try {
      await upload.mutateAsync({ companyId, file: picture });
      toastSuccess(PICTURE_SAVED);
    } catch (error) {
      toastApiError(error);
    }
  };
}

/** Where the pages live: the seller's area or the admin's. */
interface Area {
  readonly createDescription: string;
  readonly companyPath: (id: number) => string;
  readonly back: { readonly href: string; readonly label: string };
  /** The company's analytics (views, requests, document opens), for its owner or an admin. */
  readonly analytics: { readonly path: (id: number) => string; readonly label: string };
  /** Who reads the count of buyers looking for such a company. */
  readonly matchesAudience: MatchesAudience;
  /** 'Descargar auditoría (CSV)' here (the admin's page; the owner has it on the analytics page). */
  readonly auditDownload: boolean;
}

const SELLER_AREA: Area = {
  createDescription: "Registra la información pública de tu empresa. La revisamos antes de publicarla.",
  companyPath: (id) => `/mi-empresa/${id}`,
  back: { href: "/mis-empresas", label: "Ir a Mis empresas" },
  analytics: { path: (id) => `/mi-empresa/${id}/analitica`, label: "Ver la analítica de tu empresa" },
  matchesAudience: "owner",
  auditDownload: false,
};

const ADMIN_AREA: Area = {
  createDescription: "Registra una empresa con su contacto. Elige el estatus «Publicada» para mostrarla en el marketplace.",
  companyPath: (id) => `/admin/business/${id}`,
  back: { href: "/admin/dashboard/companies", label: "Ir a las empresas del panel" },
  // The same page as the owner's: the server answers it to admins too.
  analytics: { path: (id) => `/mi-empresa/${id}/analitica`, label: "Ver la analítica de la empresa" },
  matchesAudience: "admin",
  auditDownload: true,
};

function CreateCompanyPage({ area }: { readonly area: Area }) {
  const [, navigate] = useLocation();
  const uploadPicture = usePictureStep();
  return (
    <Page title="Crear nueva empresa" description={area.createDescription}>
      <CompanyForm
        record={null}
        onSaved={async (record, picture) => {
          await uploadPicture(record.id, picture);
          navigate(area.companyPath(record.id));
        }}
      />
    </Page>
  );
}

type TabId = "publica" | "data-room" | "onboarding";

function EditCompanyPage({ area }: { readonly area: Area }) {
  const params = useParams<{ id: string }>();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const session = useSession();
  const record = useCompanyRecord(id);
  const loadError = useLoadError([record]);
  const uploadPicture = usePictureStep();
  const [tab, setTab] = useState<TabId>("publica");

  if (record.isError && isApiError(record.error) && record.error.status === 404) {
    return (
      <Page title="Empresa no encontrada" description="La empresa no existe o no tienes acceso a ella.">
        <div className={pageActions}>
          <Link href={area.back.href} variant="primary">
            {area.back.label}
          </Link>
        </div>
      </Page>
    );
  }
  if (loadError.show) {
    return (
      <Page title="Información pública">
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} />
      </Page>
    );
  }
  const data = record.data;
  if (data === undefined) {
    return (
      <Page title="Información pública">
        <Spinner label="Cargando la empresa" />
      </Page>
    );
  }

  const tabs: ReadonlyArray<{ id: TabId; label: string }> = [
    { id: "publica", label: "Información pública" },
    { id: "data-room", label: "Dataroom" },
    ...(session.isAdmin ? [{ id: "onboarding" as const, label: "Onboarding" }] : []),
  ];

  return (
    <Page title={`Información pública: ${data.human_id}`}>
      <div className={pageActions}>
        <Link href={area.analytics.path(data.id)} variant="secondary">
          {area.analytics.label}
        </Link>
        {area.auditDownload ? <AccessAuditButton companyId={data.id} /> : null}
      </div>
      <CompanyBuyerLeadMatches companyId={data.id} audience={area.matchesAudience} />
      <Tabs label="Secciones de la empresa" selectedKey={tab} onSelectionChange={setTab} tabs={tabs}>
        <TabPanel id="publica">
          {session.isAdmin && session.demoMode ? <p className={styles.note}>{INCOGNITO_FORM_NOTE}</p> : null}
          <CompanyForm key={data.id} record={data} onSaved={(saved, picture) => uploadPicture(saved.id, picture)} />
        </TabPanel>
        <TabPanel id="data-room">
          <DataRoomPanel companyId={data.id} kybAction={<KybAction companyId={data.id} />} />
        </TabPanel>
        {session.isAdmin ? (
          <TabPanel id="onboarding">
            <div className={pageActions}>
              <Link href={`/onboarding/${data.id}`} variant="primary">
                Abrir el onboarding
              </Link>
            </div>
            <OnboardingSummary companyId={data.id} />
          </TabPanel>
        ) : null}
      </Tabs>
    </Page>
  );
}

export function CreateCompanyRoute() {
  return <CreateCompanyPage area={SELLER_AREA} />;
}

export function EditCompanyRoute() {
  return <EditCompanyPage area={SELLER_AREA} />;
}

export function AdminCreateCompanyRoute() {
  return <CreateCompanyPage area={ADMIN_AREA} />;
}

export function AdminEditCompanyRoute() {
  return <EditCompanyPage area={ADMIN_AREA} />;
}
