import type { DashboardCompanyRow } from "../../contracts/companies.ts";
import { formatDay } from "../utils/dates.ts";
import * as styles from "./ui/Table.css.ts";

/** Spec section 3, "Admin rows": the company list's columns, before the row's actions (Mis empresas and the admin's Empresas). */
export const COMPANY_LIST_COLUMNS = ["Nombre", "Referencia", "Contacto", "Estado", "Estatus", "Registrada"] as const;

/** The cells of one company under COMPANY_LIST_COLUMNS; the caller adds its actions cell. */
export function CompanyListCells({ company }: { readonly company: DashboardCompanyRow }) {
  return (
    <>
      <td className={styles.cell}>{company.name}</td>
      <td className={styles.cell}>{company.human_id}</td>
      <td className={styles.cell}>{company.contact_name ?? "No disponible"}</td>
      <td className={styles.cell}>{company.state?.name ?? "No disponible"}</td>
      <td className={styles.cell}>
        {company.company_status.name}
        {/* Its owner was deactivated: the listing is kept, off the marketplace. */}
        {company.is_active ? null : <span className={styles.cellNote}> · Fuera del marketplace</span>}
      </td>
      <td className={styles.cell}>{formatDay(company.created_at)}</td>
    </>
  );
}
