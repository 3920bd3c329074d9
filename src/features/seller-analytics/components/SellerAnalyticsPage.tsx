import { useParams } from "wouter";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO } from "../../../../contracts/data-room.ts";
import type { CompanyAnalytics } from "../../../../contracts/seller-analytics.ts";
import { Figures } from "../../../components/Figures.tsx";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { WeeklyBarChart } from "../../../components/WeeklyBarChart.tsx";
import { formatCount } from "../../../components/weekly-chart.ts";
import { isApiError } from "../../../lib/api-error.ts";
import { useCompanyAnalytics } from "../api/get-company-analytics.ts";
import { AccessAuditButton } from "./AccessAuditButton.tsx";
import { DocumentReadings } from "./DocumentReadings.tsx";
import {
  analyticsChartSummary,
  analyticsChartWeeks,
  analyticsFigures,
  CHART_SERIES,
  CHART_TITLE,
  hasNoActivity,
  lastOpenText,
  REQUEST_STATUS_LABELS,
  requestStatusFigures,
  totalRequests,
} from "./analytics-view.ts";
import * as styles from "./SellerAnalyticsPage.css.ts";

const TITLE = "Analítica de tu empresa";

const categoryLabel = (category: string): string => {
  const known = DATA_ROOM_CATEGORIES.find((key) => key === category);
  return known === undefined ? category : DATA_ROOM_CATEGORY_INFO[known].label;
};

type AnalyticsDocument = CompanyAnalytics["documents"][number];
type AnalyticsBuyer = CompanyAnalytics["buyers"][number];

const DOCUMENT_COLUMNS: ReadonlyArray<TableColumn<AnalyticsDocument>> = [
  { header: "Documento", isRowHeader: true, cell: (document) => document.filename },
  { header: "Categoría", cell: (document) => categoryLabel(document.category) },
  { header: "Compartido", cell: (document) => (document.shared ? "Sí" : "No") },
  { header: "Aperturas", numeric: true, cell: (document) => formatCount(document.opens) },
  { header: "Compradores distintos", numeric: true, cell: (document) => formatCount(document.buyers) },
  { header: "Última apertura", cell: (document) => lastOpenText(document.last_opened_at) },
];

const BUYER_COLUMNS: ReadonlyArray<TableColumn<AnalyticsBuyer>> = [
  { header: "Comprador", isRowHeader: true, cell: (buyer) => buyer.buyer_name },
  { header: "Solicitud", cell: (buyer) => REQUEST_STATUS_LABELS[buyer.status] },
  { header: "Documentos abiertos", numeric: true, cell: (buyer) => formatCount(buyer.opens) },
  { header: "Última apertura", cell: (buyer) => lastOpenText(buyer.last_opened_at) },
];

function DocumentsTable({ companyId, documents }: { readonly companyId: number; readonly documents: CompanyAnalytics["documents"] }) {
  return (
    <section className={styles.section} aria-labelledby="analitica-documentos">
      <h2 id="analitica-documentos" className={styles.sectionTitle}>
        Documentos
      </h2>
      <p className={styles.note}>
        Solo los compradores con solicitud aprobada y acuerdo de confidencialidad vigente pueden abrir los documentos que compartes. Elige cuáles compartir
        en el <Link href={`/mi-empresa/${companyId}`}>dataroom de tu empresa</Link>.
      </p>
      <Table
        caption="Aperturas de cada documento del dataroom"
        hideCaption
        columns={DOCUMENT_COLUMNS}
        rows={documents}
        rowKey={(document) => document.file_id}
        emptyMessage="Aún no has subido documentos al dataroom."
      />
    </section>
  );
}

function BuyersTable({ buyers }: { readonly buyers: CompanyAnalytics["buyers"] }) {
  return (
    <section className={styles.section} aria-labelledby="analitica-compradores">
      <h2 id="analitica-compradores" className={styles.sectionTitle}>
        Compradores
      </h2>
      <Table
        caption="Solicitudes y aperturas de cada comprador"
        hideCaption
        columns={BUYER_COLUMNS}
        rows={buyers}
        rowKey={(buyer) => buyer.access_request_id}
        emptyMessage="Ningún comprador ha solicitado acceso todavía."
      />
    </section>
  );
}

/** A new company: what this page will show once people find it. */
function NoActivityYet({ companyId }: { readonly companyId: number }) {
  return (
    <section className={styles.emptyState} aria-labelledby="analitica-vacia">
      <h2 id="analitica-vacia" className={styles.sectionTitle}>
        Aún no hay actividad
      </h2>
      <p>Aún no hay actividad en tu empresa. Cuando los compradores la encuentren en el marketplace, aquí verás:</p>
      <ul className={styles.emptyList}>
        <li>cuántas personas visitan su perfil público y los mensajes de interés que te envían;</li>
        <li>las solicitudes de acceso de compradores, por estado, y las cartas de intención;</li>
        <li>qué documentos compartidos abren los compradores aprobados, cuándo, y cuánto tiempo leen cada página;</li>
        <li>una gráfica de las últimas 12 semanas, con sus datos en una tabla.</li>
      </ul>
      <p>
        Mientras tanto, revisa que tu <Link href={`/mi-empresa/${companyId}`}>información pública y tu dataroom</Link> estén completos.
      </p>
    </section>
  );
}

function AnalyticsBody({ analytics }: { readonly analytics: CompanyAnalytics }) {
  const { totals } = analytics;
  if (hasNoActivity(analytics)) {
    return (
      <>
        <NoActivityYet companyId={analytics.company_id} />
        {analytics.documents.length === 0 ? null : <DocumentsTable companyId={analytics.company_id} documents={analytics.documents} />}
      </>
    );
  }
  return (
    <>
      <section className={styles.section} aria-labelledby="analitica-resumen">
        <h2 id="analitica-resumen" className={styles.sectionTitle}>
          Resumen
        </h2>
        <p className={styles.note}>Desde que registraste la empresa.</p>
        <Figures items={analyticsFigures(totals)} />
        <h3 className={styles.subTitle}>Solicitudes de acceso: {formatCount(totalRequests(totals.access_requests))}</h3>
        <Figures items={requestStatusFigures(totals.access_requests)} />
      </section>
      <WeeklyBarChart
        title={CHART_TITLE}
        headingLevel={2}
        series={CHART_SERIES}
        weeks={analyticsChartWeeks(analytics.weeks)}
        summary={analyticsChartSummary(analytics.weeks)}
      />
      <DocumentsTable companyId={analytics.company_id} documents={analytics.documents} />
      <DocumentReadings readings={analytics.readings} />
      <BuyersTable buyers={analytics.buyers} />
    </>
  );
}

/** /mi-empresa/{id}/analitica: who looked at the seller's company, asked for access and opened its documents (owner or admin). */
export default function SellerAnalyticsPage() {
  const params = useParams<{ id: string }>();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const analytics = useCompanyAnalytics(id);
  const loadError = useLoadError([analytics]);

  if (id === 0 || (analytics.isError && isApiError(analytics.error) && analytics.error.status === 404)) {
    return (
      <Page title="Empresa no encontrada" description="La empresa no existe o no tienes acceso a su analítica.">
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
      <Page title={TITLE}>
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar la analítica de tu empresa." />
      </Page>
    );
  }
  const data = analytics.data;
  if (data === undefined) {
    return (
      <Page title={TITLE}>
        <Spinner label="Cargando la analítica" />
      </Page>
    );
  }
  return (
    <Page title={TITLE} description={`Empresa ${data.human_id}: visitas, solicitudes de acceso y documentos abiertos.`}>
      <div className={pageActions}>
        <Link href={`/mi-empresa/${data.company_id}`} variant="secondary">
          Volver a tu empresa
        </Link>
        <Link href="/mis-empresas" variant="secondary">
          Mis empresas
        </Link>
        <AccessAuditButton companyId={data.company_id} />
      </div>
      <AnalyticsBody analytics={data} />
    </Page>
  );
}
