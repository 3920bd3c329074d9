import { SEARCH_MAX_LENGTH } from "../../../../contracts/list-query.ts";
import { type DashboardCompanyRow } from "../../../../contracts/companies.ts";
import { COMPANY_LIST_COLUMNS } from "../../../components/company-list-columns.tsx";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import type { TableColumn } from "../../../components/ui/Table.tsx";
import { useTableSearch } from "../../../hooks/useTableSearch.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useCompanies } from "../api/list-companies.ts";
import * as styles from "./AdminDashboard.css.ts";

const TITLE_ID = "admin-empresas-title";

const COLUMNS: ReadonlyArray<TableColumn<DashboardCompanyRow>> = [
  ...COMPANY_LIST_COLUMNS,
  {
    header: "Acciones",
    cell: (company) => (
      <Link href={`/admin/business/${company.id}`}>
        Editar<span className={visuallyHidden}> {company.name}</span>
      </Link>
    ),
  },
];

/** Empresas (spec section 2): every company, searchable by name, reference or contact, 10 a page. */
export function CompaniesPanel() {
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
        columns={COLUMNS}
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
