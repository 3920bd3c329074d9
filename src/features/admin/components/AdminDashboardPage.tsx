import { Redirect, useLocation, useParams } from "wouter";
import { Page } from "../../../components/Page.tsx";
import { TabPanel, Tabs } from "../../../components/ui/Tabs.tsx";
import { CompaniesPanel } from "./CompaniesPanel.tsx";
import { KpisPanel } from "./KpisPanel.tsx";
import { UsersPanel } from "./UsersPanel.tsx";

/** The spec's `{table}`s, in tab order. */
const TABS = [
  { id: "kpis", label: "Analítica" },
  { id: "companies", label: "Empresas" },
  { id: "users", label: "Usuarios" },
] as const;
type Table = (typeof TABS)[number]["id"];

const tableOf = (value: string | undefined): Table | null => TABS.find((tab) => tab.id === value)?.id ?? null;

/**
 * /admin/dashboard/{kpis|companies|users} (spec section 2): one tab per
 * table, the URL says which (a link or the back button opens the same tab).
 * Admins only: the route's guard sends anyone else home.
 */
export default function AdminDashboardPage() {
  const params = useParams<{ table: string }>();
  const [, navigate] = useLocation();
  const table = tableOf(params.table);
  if (table === null) return <Redirect to="/admin/dashboard/kpis" replace />;
  return (
    <Page title="Panel de administración" description="Analítica, empresas y usuarios de Puente.">
      <Tabs label="Secciones del panel" selectedKey={table} onSelectionChange={(next) => navigate(`/admin/dashboard/${next}`, { replace: true })} tabs={TABS}>
        <TabPanel id="kpis">
          <KpisPanel />
        </TabPanel>
        <TabPanel id="companies">
          <CompaniesPanel />
        </TabPanel>
        <TabPanel id="users">
          <UsersPanel />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
