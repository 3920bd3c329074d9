/**
 * What the seller analytics page shows, from the API's figures: the key
 * figures, the chart's series and sentence, and the words for a request's
 * status. Pure: unit tested in node (tests/unit/seller-analytics/analytics-view.test.ts).
 */
import type { BuyerOpens, CompanyAnalytics } from "../../../../contracts/seller-analytics.ts";
import type { Figure } from "../../../components/Figures.tsx";
import { countOf, weekSpan, type ChartWeek } from "../../../components/weekly-chart.ts";
import { ACCESS_STATUS_LABELS } from "../../../../contracts/deal-room.ts";

export const CHART_TITLE = "Actividad por semana";

/** The chart's series, in the order of `analyticsChartWeeks`' values. */
export const CHART_SERIES = ["Vistas del perfil", "Solicitudes de acceso", "Documentos abiertos"] as const;

export function analyticsChartWeeks(weeks: CompanyAnalytics["weeks"]): ReadonlyArray<ChartWeek> {
  return weeks.map((week) => ({ week_start: week.week_start, values: [week.profile_views, week.access_requests, week.document_opens] }));
}

/** The chart's description: the span and each series' total over it. */
export function analyticsChartSummary(weeks: CompanyAnalytics["weeks"]): string {
  const span = weekSpan(weeks);
  if (span === null) return "Sin datos de actividad.";
  const sum = (pick: (week: CompanyAnalytics["weeks"][number]) => number) => weeks.reduce((total, week) => total + pick(week), 0);
  return `${span}: ${countOf(sum((week) => week.profile_views), "vista del perfil", "vistas del perfil")}, ${countOf(
    sum((week) => week.access_requests),
    "solicitud de acceso",
    "solicitudes de acceso",
  )} y ${countOf(sum((week) => week.document_opens), "documento abierto", "documentos abiertos")}.`;
}

export const totalRequests = (counts: CompanyAnalytics["totals"]["access_requests"]): number =>
  counts.pending + counts.approved + counts.rejected + counts.revoked;

/** The key figures, since the company was registered. */
export function analyticsFigures(totals: CompanyAnalytics["totals"]): ReadonlyArray<Figure> {
  return [
    { label: "Vistas del perfil", value: totals.profile_views, note: "Personas distintas por día; no cuenta tus visitas" },
    { label: "Mensajes de interés", value: totals.interest_messages, note: "Recibidos desde el perfil público" },
    { label: "Documentos abiertos", value: totals.document_opens, note: "Veces que los compradores abrieron tus documentos" },
    { label: "Cartas de intención", value: totals.letters_of_intent, note: "Ofertas no vinculantes recibidas" },
  ];
}

/** The deal room's own names of the statuses, so a request reads the same on every screen. */
export const REQUEST_STATUS_LABELS: Readonly<Record<BuyerOpens["status"], string>> = ACCESS_STATUS_LABELS;

/** The access requests by status, in the order of their lifecycle. */
export function requestStatusFigures(counts: CompanyAnalytics["totals"]["access_requests"]): ReadonlyArray<Figure> {
  return (["pending", "approved", "rejected", "revoked"] as const).map((status) => ({ label: REQUEST_STATUS_LABELS[status], value: counts[status] }));
}

/** Nothing happened yet: no view, message, request, open or letter (a new company). */
export function hasNoActivity(analytics: CompanyAnalytics): boolean {
  const { totals } = analytics;
  return (
    totals.profile_views === 0 &&
    totals.interest_messages === 0 &&
    totalRequests(totals.access_requests) === 0 &&
    totals.document_opens === 0 &&
    totals.letters_of_intent === 0 &&
    analytics.buyers.length === 0
  );
}

const dateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });

/** "15 feb 2026, 10:30" in Mexico City, or "Nunca" for a document or buyer without opens. */
export function lastOpenText(iso: string | null): string {
  if (iso === null) return "Nunca";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
