import { useEffect, useState } from "react";
import type { DashboardCompanyRow } from "../../../../contracts/companies.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Page } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { SearchField } from "../../../components/ui/SearchField.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useMyCompanies } from "../api/get-my-companies.ts";
import * as styles from "./companies.css.ts";

const TITLE_ID = "mis-empresas-title";

const formatDate = (iso: string): string => new Date(iso).toLocaleDateString("es-MX", { day: "numeric", month: "short", year: "numeric" });

function CompanyRow({ company, onboardingComplete }: { readonly company: DashboardCompanyRow; readonly onboardingComplete: boolean }) {
  return (
    <tr>
      <td className={styles.cell}>{company.name}</td>
      <td className={styles.cell}>{company.human_id}</td>
      <td className={styles.cell}>{company.contact_name ?? "No disponible"}</td>
      <td className={styles.cell}>{company.state?.name ?? "No disponible"}</td>
      <td className={styles.cell}>{company.company_status.name}</td>
      <td className={styles.cell}>{formatDate(company.created_at)}</td>
      <td className={styles.cell}>
        {/* Spec section 2: edit once onboarding is complete, otherwise finish it. */}
        {onboardingComplete ? (
          <span className={styles.rowActions}>
            <Link href={`/mi-empresa/${company.id}`}>
              Editar<span className={visuallyHidden}> {company.name}</span>
            </Link>
            <Link href={`/mi-empresa/${company.id}/onboarding`}>
              Ver onboarding<span className={visuallyHidden}> de {company.name}</span>
            </Link>
          </span>
        ) : (
          <Link href={`/onboarding/${company.id}`}>
            Terminar onboarding<span className={visuallyHidden}> de {company.name}</span>
          </Link>
        )}
      </td>
    </tr>
  );
}

/** Mis empresas (spec section 2): the seller's companies, searchable, 10 per page. */
export default function MyCompaniesPage() {
  const session = useSession();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const companies = useMyCompanies({ q, page });
  const loadError = useLoadError([companies]);
  const data = companies.data;
  const pageCount = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / data.per_page));
  // Admins and sellers: the dot means onboarding is incomplete (buyers never see it).
  const onboardingComplete = !session.showOnboardingDot;

  useEffect(() => {
    if (data !== undefined && !companies.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, companies.isPlaceholderData, page, pageCount]);

  const search = (text: string) => {
    setQ(text);
    setPage(1);
  };

  let content;
  if (loadError.show) {
    content = <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar tus empresas." />;
  } else if (data === undefined) {
    content = <Spinner label="Cargando tus empresas" />;
  } else if (data.total === 0) {
    content = (
      <p className={styles.muted} role="status">
        {q === "" ? "Aún no tienes empresas registradas. Registra la primera para publicarla en Puente." : "Ninguna empresa coincide con tu búsqueda."}
      </p>
    );
  } else {
    content = (
      <>
        <div className={styles.tableScroller}>
          <table className={styles.table} aria-labelledby={TITLE_ID} aria-busy={companies.isPlaceholderData}>
            <thead>
              <tr>
                {["Nombre", "Referencia", "Contacto", "Estado", "Estatus", "Registrada", "Acciones"].map((header) => (
                  <th key={header} scope="col" className={styles.headerCell}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((company) => (
                <CompanyRow key={company.id} company={company} onboardingComplete={onboardingComplete} />
              ))}
            </tbody>
          </table>
        </div>
        {pageCount > 1 ? (
          <nav className={styles.pager} aria-label="Páginas de Mis empresas">
            <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((current) => Math.max(1, current - 1))}>
              Anterior
            </Button>
            <p aria-live="polite">
              Página {page} de {pageCount}
            </p>
            <Button variant="secondary" isDisabled={page >= pageCount} onPress={() => setPage((current) => current + 1)}>
              Siguiente
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <Page title="Mis empresas" description="Administra tus empresas, su información pública y su dataroom.">
      <h2 id={TITLE_ID} className={visuallyHidden}>
        Tus empresas
      </h2>
      <div className={styles.toolbar}>
        <SearchField
          label="Buscar empresa"
          placeholder="Nombre, referencia o contacto"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (value === "") search("");
          }}
          onSubmit={search}
        />
        <Link href="/crear-empresa" variant="primary">
          Registrar empresa
        </Link>
      </div>
      {content}
    </Page>
  );
}
