import { describe, expect, it } from "vitest";
import {
  documentCategoryLabel,
  externalUrl,
  financialRecordsLabel,
  formatDayTime,
  formatFileSize,
  formatLoiAmount,
  formatLongDay,
  formatPercent,
  fullFinancialRows,
  ndaRecordText,
  NOT_AVAILABLE,
  shownCompanyName,
  telHref,
  verificationLabel,
} from "../../../src/features/deal-room/components/deal-format.ts";

describe("dates in es-MX, on Mexico City's calendar and clock", () => {
  it("writes an instant as the day in Mexico City", () => {
    expect(formatLongDay("2026-11-27T02:00:00.000Z")).toBe("26 de noviembre de 2026");
  });

  it("keeps a bare calendar day as that day (the NDA's effective date), whatever the zone", () => {
    expect(formatLongDay("2026-11-26")).toBe("26 de noviembre de 2026");
  });

  it("writes when a message was sent with its time", () => {
    expect(formatDayTime("2026-11-26T18:05:00.000Z")).toBe("26 nov 2026, 12:05 p.m.");
  });

  it("shows text that is no date as it came", () => {
    expect(formatLongDay("pronto")).toBe("pronto");
    expect(formatDayTime("pronto")).toBe("pronto");
  });
});

describe("money, percentages and files", () => {
  it("writes a letter's amount in its currency, with the code so pesos and dollars never look alike", () => {
    expect(formatLoiAmount(2_500_000, "MXN")).toBe("$2,500,000.00 MXN");
    expect(formatLoiAmount(1_500_000.5, "USD")).toBe("$1,500,000.50 USD");
  });

  it("writes percentages as the app does", () => {
    expect(formatPercent(25)).toBe("25%");
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatPercent(0)).toBe("0%");
  });

  it("writes file sizes", () => {
    expect(formatFileSize(820)).toBe("820 bytes");
    expect(formatFileSize(48 * 1024)).toBe("48 KB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1.3 MB");
  });

  it("names a shared document's category with its group, and an unknown one plainly", () => {
    expect(documentCategoryLabel("company_acta_constitutivas")).toBe("Acta constitutiva (Persona moral)");
    expect(documentCategoryLabel("person_cifs")).toBe("Constancia de Situación Fiscal (CIF) (Persona física)");
    expect(documentCategoryLabel("algo_nuevo")).toBe("Documento");
  });
});

describe("the full financials", () => {
  it("formats each line and falls back to 'No disponible'", () => {
    const rows = fullFinancialRows({
      ebitda: 1_572_500,
      yearly_sales: 8_500_000,
      ebitda_margin: 18.5,
      second_last_year_yearly_sales: null,
      second_last_year_ebitda_margin: null,
      estimate_yearly_sales: 9_000_000,
      financial_records_state: "has_financial_records",
    });
    expect(Object.fromEntries(rows)).toEqual({
      "Ventas anuales (último año)": "$8,500,000",
      "EBITDA (último año)": "$1,572,500",
      "Margen EBITDA (último año)": "18.5%",
      "Ventas del año anterior": NOT_AVAILABLE,
      "Margen EBITDA del año anterior": NOT_AVAILABLE,
      "Ventas estimadas del año en curso": "$9,000,000",
      "Estados financieros": "Sí tengo estados financieros preparados",
    });
  });

  it("says 'No disponible' for a records state it does not know", () => {
    expect(financialRecordsLabel("otro")).toBe(NOT_AVAILABLE);
    expect(financialRecordsLabel(null)).toBe(NOT_AVAILABLE);
  });
});

describe("links and labels", () => {
  it("links a website only over http(s), adding https:// to a bare domain", () => {
    expect(externalUrl("https://nube.example.mx")).toBe("https://nube.example.mx/");
    expect(externalUrl("nube.example.mx")).toBe("https://nube.example.mx/");
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl("no es una url")).toBeNull();
    expect(externalUrl("")).toBeNull();
  });

  it("dials a phone with its digits and a leading +", () => {
    expect(telHref("+52 (81) 1234-5678")).toBe("tel:+528112345678");
  });

  it("names the buyer's verification in words", () => {
    expect(verificationLabel(true)).toBe("Correo verificado");
    expect(verificationLabel(false)).toBe("Sin verificar");
  });

  it("writes the NDA record both parties see", () => {
    expect(ndaRecordText({ version: "2026-11", accepted_at: "2026-11-26T18:05:00.000Z", ip: "203.0.113.7", accepted_by: "Daniela Fuentes", current: true })).toBe(
      "Acuerdo de confidencialidad versión 2026-11 aceptado por Daniela Fuentes el 26 nov 2026, 12:05 p.m. desde la IP 203.0.113.7.",
    );
  });

  it("masks a company's name only for an admin in Incognito", () => {
    expect(shownCompanyName("Nube Contable", { isAdmin: true, demoMode: true }, "****")).toBe("****");
    expect(shownCompanyName("Nube Contable", { isAdmin: true, demoMode: false }, "****")).toBe("Nube Contable");
    // demoMode defaults to true for everyone; it only means something to admins.
    expect(shownCompanyName("Nube Contable", { isAdmin: false, demoMode: true }, "****")).toBe("Nube Contable");
    expect(shownCompanyName(null, { isAdmin: true, demoMode: true }, "****")).toBeNull();
  });
});
