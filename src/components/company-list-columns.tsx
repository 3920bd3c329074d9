import type { DashboardCompanyRow } from "../../contracts/companies.ts";
import { HIDDEN_NAME } from "../lib/incognito.ts";
import { visuallyHidden } from "../styles/utils.css.ts";
import { formatDay } from "../utils/dates.ts";
import type { TableColumn } from "./ui/Table.tsx";
import * as styles from "./ui/Table.css.ts";

/** Said to assistive technology instead of the asterisks. */
export const HIDDEN_NAME_LABEL = "Nombre oculto (modo incógnito)";

/**
 * Spec section 3, "Admin rows": the company list's columns, before the row's
 * actions (Mis empresas and the admin's Empresas). The name names the row;
 * with `hideNames` (an admin's Incognito, src/lib/incognito.ts) the name
 * shows asterisks, as the banner promises, and the reference names the row.
 */
export function companyListColumns(hideNames: boolean): ReadonlyArray<TableColumn<DashboardCompanyRow>> {
  return [
    {
      header: "Nombre",
      isRowHeader: !hideNames,
      cell: (company) =>
        hideNames ? (
          <>
            <span aria-hidden="true">{HIDDEN_NAME}</span>
            <span className={visuallyHidden}>{HIDDEN_NAME_LABEL}</span>
          </>
        ) : (
          company.name
        ),
    },
    { header: "Referencia", isRowHeader: hideNames, cell: (company) => company.human_id },
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
}

/** The columns with the names shown (Mis empresas: the seller's own companies). */
export const COMPANY_LIST_COLUMNS = companyListColumns(false);

/** How a row's action names its company to assistive technology: by name, or by reference while names are hidden. */
export const companyLabel = (company: Pick<DashboardCompanyRow, "name" | "human_id">, hideNames: boolean): string => (hideNames ? company.human_id : company.name);
