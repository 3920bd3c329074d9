import { SEARCH_MAX_LENGTH } from "../../../../contracts/list-query.ts";
import { type DashboardCompanyRow } from "../../../../contracts/companies.ts";
import { COMPANY_LIST_COLUMNS } from "../../../components/company-list-columns.tsx";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { Page } from "../../../components/Page.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import type { TableColumn } from "../../../components/ui/Table.tsx";
import { useTableSearch } from "../../../hooks/useTableSearch.ts";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useMyCompanies } from "../api/get-my-companies.ts";
import * as styles from "./companies.css.ts";

const TITLE_ID = "mis-empresas-title";

function CompanyActions({ company, onboardingComplete }: { readonly company: DashboardCompanyRow; readonly onboardingComplete: boolean }) {
  // Spec section 2: edit once onboarding is complete, otherwise finish it.
  return onboardingComplete ? (
    <span className={styles.rowActions}>
      <Link href={`/mi-empresa/${company.id}`}>
        Editar<span className={visuallyHidden}> {company.name}</span>
      </Link>
      <Link href={`/mi-empresa/${company.id}/onboarding`}>
        Ver onboarding<span className={visuallyHidden}> de {company.name}</span>
      </Link>
      <Link href={`/mi-empresa/${company.id}/analitica`}>
        Analítica<span className={visuallyHidden}> de {company.name}</span>
      </Link>
    </span>
  ) : (
    <Link href={`/onboarding/${company.id}`}>
      Terminar onboarding<span className={visuallyHidden}> de {company.name}</span>
    </Link>
  );
}

const columnsWith = (onboardingComplete: boolean): ReadonlyArray<TableColumn<DashboardCompanyRow>> => [
  ...COMPANY_LIST_COLUMNS,
  { header: "Acciones", cell: (company) => <CompanyActions company={company} onboardingComplete={onboardingComplete} /> },
];

/** Mis empresas (spec section 2): the seller's companies, searchable, 10 per page. */
export default function MyCompaniesPage() {
  const session = useSession();
  const { q, page, setPage, search } = useTableSearch();
  const companies = useMyCompanies({ q, page });
  // Admins and sellers: the dot means onboarding is incomplete (buyers never see it).
  const onboardingComplete = !session.showOnboardingDot;

  return (
    <Page title="Mis empresas" description="Administra tus empresas, su información pública y su dataroom.">
      <h2 id={TITLE_ID} className={visuallyHidden}>
        Tus empresas
      </h2>
      <div className={styles.toolbar}>
        <DebouncedSearchField
          label="Buscar empresa"
          placeholder="Nombre, referencia o contacto"
          maxLength={SEARCH_MAX_LENGTH}
          committed={q}
          onCommit={search}
          className={styles.toolbarSearch}
        />
        <Link href="/crear-empresa" variant="primary">
          Registrar empresa
        </Link>
      </div>
      <PagedTable
        caption="Tus empresas"
        columns={columnsWith(onboardingComplete)}
        query={companies}
        page={page}
        onPage={setPage}
        pagerLabel="Páginas de Mis empresas"
        loadingLabel="Cargando tus empresas"
        loadErrorMessage="No pudimos cargar tus empresas."
        emptyMessage={q.trim() === "" ? "Aún no tienes empresas registradas. Registra la primera para publicarla en Puente." : "Ninguna empresa coincide con tu búsqueda."}
      />
    </Page>
  );
}
