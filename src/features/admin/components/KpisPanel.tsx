import { Figures } from "../../../components/Figures.tsx";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useKpis } from "../api/get-kpis.ts";
import { ActivityChart } from "./ActivityChart.tsx";
import * as styles from "./AdminDashboard.css.ts";

/** Analítica: the spec's four figures (section 3, "KPIs") and the weekly chart. */
export function KpisPanel() {
  const kpis = useKpis();
  const loadError = useLoadError([kpis]);
  if (loadError.show) return <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar la analítica." />;
  if (kpis.data === undefined) return <Spinner label="Cargando la analítica" />;
  const { users_count: people, companies_count: listings, weekly } = kpis.data;
  return (
    <div className={styles.panel}>
      <h2 className={styles.sectionTitle}>Analítica</h2>
      <Figures
        items={[
          { label: "Compradores", value: people.buyers_count, note: "Cuentas activas con rol de comprador" },
          { label: "Vendedores", value: people.sellers_count, note: "Cuentas activas con rol de vendedor" },
          { label: "Empresas registradas", value: listings.total_count, note: "Todas, publicadas o no" },
          { label: "Empresas publicadas", value: listings.published_count, note: "Visibles hoy en el marketplace" },
        ]}
      />
      <ActivityChart weekly={weekly} />
    </div>
  );
}
