import { SEARCH_MAX_LENGTH } from "../../../../contracts/list-query.ts";
import { type DashboardCompanyRow } from "../../../../contracts/companies.ts";
import { companyLabel, companyListColumns } from "../../../components/company-list-columns.tsx";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import type { TableColumn } from "../../../components/ui/Table.tsx";
import { useTableSearch } from "../../../hooks/useTableSearch.ts";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useCompanies } from "../api/list-companies.ts";
import * as styles from "./AdminDashboard.css.ts";

const TITLE_ID = "admin-empresas-title";

/** The table's columns; `hideNames` while the admin's Incognito is on (the banner says names are hidden: here too). */
const columnsFor = (hideNames: boolean): ReadonlyArray<TableColumn<DashboardCompanyRow>> => [
  ...companyListColumns(hideNames),
  {
    header: "Acciones",
    cell: (company) => (
      <Link href={`/admin/business/${company.id}`}>
        Editar<span className={visuallyHidden}> {companyLabel(company, hideNames)}</span>
      </Link>
    ),
  },
];
const COLUMNS = { shown: columnsFor(false), hidden: columnsFor(true) } as const;

/**
 * Empresas (spec section 2): every company, searchable by name, reference or
 * contact, 10 a page; the search and the page are in the URL. Incognito is
 * the admin's display preference kept in this browser (decision 022): the
 * names arrive and are not shown.
 */
export function CompaniesPanel() {
  const session = useSession();
  const { q, page, setPage, search } = useTableSearch();
  const companies = useCompanies({ q, page });
  return (
    <div className={styles.panel}>
      <h2 id={TITLE_ID} className={styles.sectionTitle}>
        Empresas
      </h2>
      <div className={styles.toolbar}>
        <DebouncedSearchField label="Buscar empresas" placeholder="Nombre, referencia o contacto" maxLength={SEARCH_MAX_LENGTH} committed={q} onCommit={search} />
        <Link href="/admin/business" variant="primary">
          Registrar empresa
        </Link>
      </div>
      <PagedTable
        caption="Empresas"
        columns={session.demoMode ? COLUMNS.hidden : COLUMNS.shown}
        query={companies}
        page={page}
        onPage={setPage}
        pagerLabel="Páginas de empresas"
        loadingLabel="Cargando empresas"
        loadErrorMessage="No pudimos cargar las empresas."
        emptyMessage={q.trim() === "" ? "Aún no hay empresas registradas." : "Ninguna empresa coincide con tu búsqueda."}
      />
    </div>
  );
}
