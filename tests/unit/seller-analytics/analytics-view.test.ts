import { describe, expect, it } from "vitest";
import type { CompanyAnalytics } from "../../../contracts/seller-analytics.ts";
import {
  analyticsChartSummary,
  analyticsChartWeeks,
  analyticsFigures,
  CHART_SERIES,
  hasNoActivity,
  lastOpenText,
  requestStatusFigures,
  totalRequests,
} from "../../../src/features/seller-analytics/components/analytics-view.ts";

const week = (week_start: string, profile_views: number, access_requests: number, document_opens: number, interest_messages = 0) => ({
  week_start,
  profile_views,
  interest_messages,
  access_requests,
  document_opens,
});

const NEW_COMPANY: CompanyAnalytics = {
  company_id: 7,
  human_id: "PUE-0007",
  weeks: [week("2026-02-23", 0, 0, 0), week("2026-03-02", 0, 0, 0)],
  totals: { profile_views: 0, interest_messages: 0, access_requests: { pending: 0, approved: 0, rejected: 0, revoked: 0 }, document_opens: 0, letters_of_intent: 0 },
  documents: [{ file_id: 1, filename: "acta.pdf", category: "company_acta_constitutivas", shared: false, opens: 0, buyers: 0, last_opened_at: null }],
  buyers: [],
  readings: [],
};

describe("the seller analytics view (src/features/seller-analytics/components/analytics-view.ts)", () => {
  it("charts views, requests and opens, in the legend's order", () => {
    expect(CHART_SERIES).toEqual(["Vistas del perfil", "Solicitudes de acceso", "Documentos abiertos"]);
    expect(analyticsChartWeeks([week("2026-03-02", 5, 2, 9, 1)])).toEqual([{ week_start: "2026-03-02", values: [5, 2, 9] }]);
  });

  it("describes the chart with each series' total over the weeks", () => {
    expect(analyticsChartSummary([week("2026-02-23", 3, 1, 0), week("2026-03-02", 1200, 0, 1)])).toBe(
      "Últimas 2 semanas, desde la del 23 feb hasta la del 2 mar: 1,203 vistas del perfil, 1 solicitud de acceso y 1 documento abierto.",
    );
    expect(analyticsChartSummary([])).toBe("Sin datos de actividad.");
  });

  it("names every key figure and counts requests by status", () => {
    const totals = { ...NEW_COMPANY.totals, profile_views: 40, letters_of_intent: 2, access_requests: { pending: 1, approved: 2, rejected: 3, revoked: 4 } };
    expect(analyticsFigures(totals).map((figure) => [figure.label, figure.value])).toEqual([
      ["Vistas del perfil", 40],
      ["Mensajes de interés", 0],
      ["Documentos abiertos", 0],
      ["Cartas de intención", 2],
    ]);
    expect(totalRequests(totals.access_requests)).toBe(10);
    expect(requestStatusFigures(totals.access_requests).map((figure) => `${figure.label} ${figure.value}`)).toEqual([
      "Pendiente 1",
      "Aprobada 2",
      "Rechazada 3",
      "Acceso retirado 4",
    ]);
  });

  it("tells a new company (documents but no activity) from one with any activity", () => {
    expect(hasNoActivity(NEW_COMPANY)).toBe(true);
    expect(hasNoActivity({ ...NEW_COMPANY, totals: { ...NEW_COMPANY.totals, profile_views: 1 } })).toBe(false);
    expect(hasNoActivity({ ...NEW_COMPANY, totals: { ...NEW_COMPANY.totals, access_requests: { ...NEW_COMPANY.totals.access_requests, rejected: 1 } } })).toBe(false);
    expect(hasNoActivity({ ...NEW_COMPANY, totals: { ...NEW_COMPANY.totals, letters_of_intent: 1 } })).toBe(false);
  });

  it("says when a document was last opened, in Mexico City, or that it never was", () => {
    expect(lastOpenText(null)).toBe("Nunca");
    // 16:30 UTC is 10:30 in Mexico City (no daylight saving since 2022).
    expect(lastOpenText("2026-02-15T16:30:00.000Z")).toMatch(/^15 feb 2026,? 10:30/);
  });
});
