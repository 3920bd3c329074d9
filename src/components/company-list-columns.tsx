import type { DashboardCompanyRow } from "../../contracts/companies.ts";
import { formatDay } from "../utils/dates.ts";
import type { TableColumn } from "./ui/Table.tsx";
import * as styles from "./ui/Table.css.ts";

/**
 * Spec section 3, "Admin rows": the company list's columns, before the row's
 * actions (Mis empresas and the admin's Empresas). The name names the row.
 */
export const COMPANY_LIST_COLUMNS: ReadonlyArray<TableColumn<DashboardCompanyRow>> = [
  { header: "Nombre", isRowHeader: true, cell: (company) => company.name },
  { header: "Referencia", cell: (company) => company.human_id },
  { header: "Contacto", cell: (company) => company.contact_name ?? "No disponible" },
  { header: "Estado", cell: (company) => company.state?.name ?? "No disponible" },
  {
    header: "Estatus",
    cell: (company) => (
      <>
        {company.company_status.name}
        {/* Its owner was deactivated: the listing is kept, off the marketplace. */}
        {company.is_active ? null : <span className={styles.cellNote}> · Fuera del marketplace</span>}
      </>
    ),
  },
  { header: "Registrada", cell: (company) => formatDay(company.created_at) },
];
