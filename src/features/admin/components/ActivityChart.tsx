import type { Kpis } from "../../../../contracts/admin.ts";
import { WeeklyBarChart } from "../../../components/WeeklyBarChart.tsx";
import { chartSummary, toChartWeeks } from "./activity-chart.ts";

export const CHART_TITLE = "Registros y empresas nuevas por semana";
const SERIES = ["Registros de usuarios", "Empresas nuevas"] as const;

/** Sign-ups and new listings per week (the shared weekly chart, with its data table). */
export function ActivityChart({ weekly }: { readonly weekly: Kpis["weekly"] }) {
  return <WeeklyBarChart title={CHART_TITLE} series={SERIES} weeks={toChartWeeks(weekly)} summary={chartSummary(weekly)} />;
}
