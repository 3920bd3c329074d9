import { useId, type ReactNode } from "react";
import type { ConfidentialProfile, SharedDocument } from "../../../../contracts/marketplace.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { HIDDEN_NAME } from "../../../lib/incognito.ts";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { documentCategoryLabel, externalUrl, formatDay, formatFileSize, fullFinancialRows, NOT_AVAILABLE, telHref } from "./deal-format.ts";
import * as styles from "./AccessPanel.css.ts";

export interface FullProfileSectionProps {
  readonly companyId: number;
  readonly confidential: ConfidentialProfile;
}

function Facts({ rows }: { readonly rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const orNotAvailable = (value: string | null): string => (value === null || value.trim() === "" ? NOT_AVAILABLE : value);

/**
 * Who the company is and how to reach it. In Incognito (an admin showing
 * the product) every line that identifies the company is masked, as the
 * name is everywhere else (src/lib/incognito.ts).
 */
function identityRows(confidential: ConfidentialProfile, masked: boolean): ReadonlyArray<readonly [string, ReactNode]> {
  const shown = (value: string | null): string => (masked && value !== null && value.trim() !== "" ? HIDDEN_NAME : orNotAvailable(value));
  const { website, contact } = confidential;
  const websiteUrl = website === null || masked ? null : externalUrl(website);
  return [
    ["Nombre de la empresa", shown(confidential.name)],
    ["Razón social", shown(confidential.legal_name)],
    ["Nombre comercial", shown(confidential.comercial_name)],
    [
      "Sitio web",
      websiteUrl === null ? (
        shown(website)
      ) : (
        <Link href={websiteUrl} isExternal>
          {website}
          <span className={visuallyHidden}> (se abre en una pestaña nueva)</span>
        </Link>
      ),
    ],
    ["Persona de contacto", shown(contact.name)],
    ["Correo de contacto", contact.email === null || masked ? shown(contact.email) : <Link href={`mailto:${contact.email}`}>{contact.email}</Link>],
    ["Teléfono de contacto", contact.phone === null || masked ? shown(contact.phone) : <Link href={telHref(contact.phone)}>{contact.phone}</Link>],
  ];
}

/** Shared documents open in Puente's viewer (decision 051): page by page, with the buyer's watermark. */
function SharedDocuments({ companyId, documents }: { readonly companyId: number; readonly documents: ReadonlyArray<SharedDocument> }) {
  const columns: ReadonlyArray<TableColumn<SharedDocument>> = [
    { header: "Documento", cell: (document) => document.filename, cellClassName: styles.filename },
    { header: "Tipo", cell: (document) => documentCategoryLabel(document.category) },
    { header: "Tamaño", cell: (document) => formatFileSize(document.size_bytes) },
    { header: "Fecha de carga", cell: (document) => formatDay(document.created_at) },
    {
      header: "Acciones",
      cell: (document) => (
        <Link variant="secondary" href={`/perfil-de-negocio/${companyId}/documentos/${document.id}`}>
          Leer<span className={visuallyHidden}> {document.filename}</span>
        </Link>
      ),
    },
  ];
  return (
    <Table
      caption="Documentos que la empresa comparte contigo"
      hideCaption
      columns={columns}
      rows={documents}
      rowKey={(document) => document.id}
      emptyMessage="La empresa aún no comparte documentos contigo. Los que comparta aparecerán aquí."
    />
  );
}

/**
 * "Perfil completo": what only the owner, admins and an approved buyer
 * whose NDA is current receive (`confidential`, decided by the server on
 * every request), marked as confidential so nobody mistakes it for the
 * public profile.
 */
export function FullProfileSection({ companyId, confidential }: FullProfileSectionProps) {
  const session = useSession();
  const masked = session.isAdmin && session.demoMode;
  const titleId = useId();
  const identityId = useId();
  const financialsId = useId();
  const documentsId = useId();
  return (
    <section className={styles.fullProfile} aria-labelledby={titleId}>
      <div className={styles.fullProfileHeader}>
        <p className={styles.eyebrow}>Confidencial</p>
        <h2 id={titleId} className={styles.sectionTitle}>
          Perfil completo
        </h2>
        <p className={styles.hint}>Información protegida por el acuerdo de confidencialidad: úsala solo para evaluar la operación y no la compartas.</p>
      </div>
      <section className={styles.subsection} aria-labelledby={identityId}>
        <h3 id={identityId} className={styles.subTitle}>
          Identidad y contacto
        </h3>
        <Facts rows={identityRows(confidential, masked)} />
      </section>
      <section className={styles.subsection} aria-labelledby={financialsId}>
        <h3 id={financialsId} className={styles.subTitle}>
          Finanzas completas
        </h3>
        <p className={styles.hint}>Montos en pesos mexicanos (MXN), según los datos que capturó la empresa.</p>
        <Facts rows={fullFinancialRows(confidential.financials)} />
      </section>
      <section className={styles.subsection} aria-labelledby={documentsId}>
        <h3 id={documentsId} className={styles.subTitle}>
          Documentos compartidos
        </h3>
        <SharedDocuments companyId={companyId} documents={confidential.shared_documents} />
      </section>
    </section>
  );
}
