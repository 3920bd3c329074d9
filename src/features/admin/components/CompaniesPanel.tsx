import { useState } from "react";
import { SEARCH_MAX_LENGTH, type DashboardCompanyRow } from "../../../../contracts/companies.ts";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { formatDay } from "../../../utils/dates.ts";
import { useCompanies } from "../api/list-companies.ts";
import * as styles from "./AdminDashboard.css.ts";

const TITLE_ID = "admin-empresas-title";

function CompanyRow({ company }: { readonly company: DashboardCompanyRow }) {
  return (
    <tr>
      <td className={styles.cell}>{company.name}</td>
      <td className={styles.cell}>{company.human_id}</td>
      <td className={styles.cell}>{company.contact_name ?? "No disponible"}</td>
      <td className={styles.cell}>{company.state?.name ?? "No disponible"}</td>
      <td className={styles.cell}>
        {company.company_status.name}
        {/* The owner was deactivated: the listing is kept, off the marketplace. */}
        {company.is_active ? null : <span className={styles.note}> · Fuera del marketplace</span>}
      </td>
      <td className={styles.cell}>{formatDay(company.created_at)}</td>
      <td className={styles.cell}>
        <Link href={`/admin/business/${company.id}`}>
          Editar<span className={visuallyHidden}> {company.name}</span>
        </Link>
      </td>
    </tr>
  );
}

/** Empresas (spec section 2): every company, searchable by name, reference or contact, 10 a page. */
export function CompaniesPanel() {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const companies = useCompanies({ q, page });
  return (
    <div className={styles.panel}>
      <h2 id={TITLE_ID} className={styles.sectionTitle}>
        Empresas
      </h2>
      <div className={styles.toolbar}>
        <DebouncedSearchField
          label="Buscar empresas"
          placeholder="Nombre, referencia o contacto"
          maxLength={SEARCH_MAX_LENGTH}
          committed={q}
          onCommit={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <Link href="/admin/business" variant="primary">
          Registrar empresa
        </Link>
      </div>
      <PagedTable
        labelledBy={TITLE_ID}
        columns={["Nombre", "Referencia", "Contacto", "Estado", "Estatus", "Registrada", "Acciones"]}
        query={companies}
        page={page}
        onPage={setPage}
        pagerLabel="Páginas de empresas"
        loadingLabel="Cargando empresas"
        loadErrorMessage="No pudimos cargar las empresas."
        emptyMessage={q.trim() === "" ? "Aún no hay empresas registradas." : "Ninguna empresa coincide con tu búsqueda."}
        renderRow={(company) => <CompanyRow company={company} />}
      />
    </div>
  );
}
