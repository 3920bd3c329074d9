import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { Page, pageActions } from "../../components/Page.tsx";
import { LoadError, useLoadError } from "../../components/LoadError.tsx";
import { Link } from "../../components/ui/Link.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { TabPanel, Tabs } from "../../components/ui/Tabs.tsx";
import { useCompanyRecord } from "../../features/companies/api/get-company-record.ts";
import { CompanyForm } from "../../features/companies/components/CompanyForm.tsx";
import { useUploadCompanyPicture } from "../../features/dataroom/api/upload-company-picture.ts";
import { DataroomPanel } from "../../features/dataroom/components/DataroomPanel.tsx";
import { KybButton } from "../../features/kyb/components/KybButton.tsx";
import { OnboardingSummary } from "../../features/onboarding-summary/components/OnboardingSummary.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { useSession } from "../../lib/session.tsx";
import { toastApiError, toastSuccess } from "../../lib/toast.ts";

/**
 * The company form's routes (spec section 2), composing features that never
 * import each other: the companies feature's form, the data room's panel
 * and picture upload, and the KYB button.
 * - /crear-empresa: create, then upload the picture, then go to /mi-empresa/{id}
 *   (spec section 4).
 * - /editar-empresa/{id} and /mi-empresa/{id}: tabs 'Información pública',
 *   'Dataroom', and 'Onboarding' for admins.
 */

const PICTURE_SAVED = "Imagen guardada con éxito";

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

export function CreateCompanyRoute() {
  const [, navigate] = useLocation();
  const uploadPicture = usePictureStep();
  return (
    <Page title="Crear nueva empresa" description="Registra la información pública de tu empresa. La revisamos antes de publicarla.">
      <CompanyForm
        record={null}
        onSaved={async (record, picture) => {
          await uploadPicture(record.id, picture);
          navigate(`/mi-empresa/${record.id}`);
        }}
      />
    </Page>
  );
}

type TabId = "publica" | "dataroom" | "onboarding";

export function EditCompanyRoute() {
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
          <Link href="/mis-empresas" variant="primary">
            Ir a Mis empresas
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
    { id: "dataroom", label: "Dataroom" },
    ...(session.isAdmin ? [{ id: "onboarding" as const, label: "Onboarding" }] : []),
  ];

  return (
    <Page title={`Información pública: ${data.human_id}`}>
      <Tabs label="Secciones de la empresa" selectedKey={tab} onSelectionChange={setTab} tabs={tabs}>
        <TabPanel id="publica">
          <CompanyForm key={data.id} record={data} onSaved={(saved, picture) => uploadPicture(saved.id, picture)} />
        </TabPanel>
        <TabPanel id="dataroom">
          <DataroomPanel companyId={data.id} kybAction={<KybButton companyId={data.id} />} />
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
