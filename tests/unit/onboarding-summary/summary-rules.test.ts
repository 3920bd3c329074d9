import { describe, expect, it } from "vitest";
import type { OnboardingSummary } from "../../../contracts/onboarding.ts";
import {
  MORAL_TAX_LABEL,
  NOT_AVAILABLE,
  formatDollars,
  formatPercent,
  formatPesos,
  includesSelling,
  orNotAvailable,
  roundProgress,
  structureLabel,
  summarySections,
  taxRegimeLabel,
} from "../../../src/features/onboarding-summary/components/summary-rules.ts";

const TAX_SYSTEMS = [
  { id: 8, name: "Arrendamiento" },
  { id: 19, name: "Régimen Simplificado de Confianza (RESICO)" },
];

const emptySummary = (): OnboardingSummary => ({
  company_id: 7,
  general_information: {
    legal_name: null,
    name: "Tacos Don Beto",
    comercial_name: null,
    rfc: null,
    website: null,
    company_type: null,
    society_id: null,
    tax_system_id: null,
    financial_records_state: null,
    yearly_sales: null,
    ebitda_margin: null,
    second_last_year_yearly_sales: null,
    second_last_year_ebitda_margin: null,
    estimate_yearly_sales: null,
    company_uniqueness_summary: null,
    company_challenges: null,
    motivation: null,
    valuation_range_negotiation: null,
    funding_round_urgency: "not_urgent",
  },
  company_equities: [],
  interests: [],
  company_funding_round: null,
  company_funding_rounds_uses: [],
  companyCharacteristics: [],
  companyAttributes: [],
  fundingStructures: [],
  saved_steps: [],
  is_onboarding_completed: false,
});

const noCompany = { societyName: null, societyId: null, taxSystems: TAX_SYSTEMS };

describe("taxRegimeLabel", () => {
  it("is the moral label for a persona moral, whatever the tax system", () => {
    expect(taxRegimeLabel({ companyType: "moral", societyId: null, taxSystemId: 8, taxSystems: TAX_SYSTEMS })).toBe(MORAL_TAX_LABEL);
  });
  it("is the moral label for a persona física whose company has a society", () => {
    expect(taxRegimeLabel({ companyType: "fisica", societyId: 3, taxSystemId: 8, taxSystems: TAX_SYSTEMS })).toBe(MORAL_TAX_LABEL);
  });
  it("is the regime's name by tax_system_id otherwise", () => {
    expect(taxRegimeLabel({ companyType: "fisica", societyId: null, taxSystemId: 19, taxSystems: TAX_SYSTEMS })).toBe(
      "Régimen Simplificado de Confianza (RESICO)",
    );
    expect(taxRegimeLabel({ companyType: null, societyId: null, taxSystemId: 8, taxSystems: TAX_SYSTEMS })).toBe("Arrendamiento");
  });
  it("is 'No disponible' without a tax system or with an unknown one", () => {
    expect(taxRegimeLabel({ companyType: "fisica", societyId: null, taxSystemId: null, taxSystems: TAX_SYSTEMS })).toBe(NOT_AVAILABLE);
    expect(taxRegimeLabel({ companyType: "fisica", societyId: null, taxSystemId: 999, taxSystems: TAX_SYSTEMS })).toBe(NOT_AVAILABLE);
  });
});

describe("small rules", () => {
  it("falls back to 'No disponible' for null and blank text", () => {
    expect(orNotAvailable(null)).toBe(NOT_AVAILABLE);
    expect(orNotAvailable("   ")).toBe(NOT_AVAILABLE);
    expect(orNotAvailable(" Beto ")).toBe("Beto");
  });
  it("knows the selling interests", () => {
    expect(includesSelling([{ name: "Capital para crecimiento" }])).toBe(false);
    expect(includesSelling([{ name: "Capital para crecimiento" }, { name: "Vender 100%" }])).toBe(true);
    expect(includesSelling([{ name: "Vender participación" }])).toBe(true);
  });
  it("computes the round's progress, safe for a zero round", () => {
    expect(roundProgress(250_000, 1_000_000)).toBe(25);
    expect(roundProgress(0, 0)).toBe(0);
  });
  it("formats percentages with at most two decimals", () => {
    expect(formatPercent(33.33)).toBe("33.33 %");
    expect(formatPercent(null)).toBe(NOT_AVAILABLE);
  });
});

describe("copy", () => {
  it("writes dollars with their currency once", () => {
    // Intl puts a no-break space after "USD".
    expect(formatDollars(250_000).replace(/\s/gu, " ")).toBe("USD 250,000.00");
    expect(formatPesos(1_500_000)).toBe("$1,500,000.00 MXN");
  });
  it("names a funding structure's kind only when its name does not already say it", () => {
    expect(structureLabel({ name: "Capital", type: "equity" })).toBe("Capital");
    expect(structureLabel({ name: "Híbrido", type: "hybrid" })).toBe("Híbrido");
    expect(structureLabel({ name: "Préstamo bancario", type: "debt" })).toBe("Préstamo bancario (Deuda)");
  });
});

describe("summarySections", () => {
  const ids = (summary: OnboardingSummary) => summarySections(summary, noCompany, 2026).map((section) => section.id);

  it("shows round and capital, not funding structures, without a selling interest", () => {
    const summary = { ...emptySummary(), interests: [{ id: 1, name: "Capital para crecimiento" }] };
    expect(ids(summary)).toEqual([
      "general",
      "accionistas",
      "intereses",
      "ronda",
      "crecimiento",
      "usos",
      "financiera",
      "caracteristicas",
      "atributos",
      "mas-informacion",
    ]);
  });

  it("hides round and capital and shows funding structures when the interest includes selling", () => {
    const summary = {
      ...emptySummary(),
      interests: [{ id: 2, name: "Vender participación" }],
      fundingStructures: [{ id: 1, name: "Préstamo bancario", type: "debt" as const }],
    };
    const sections = summarySections(summary, noCompany, 2026);
    expect(sections.map((section) => section.id)).not.toContain("ronda");
    expect(sections.map((section) => section.id)).not.toContain("crecimiento");
    expect(sections.find((section) => section.id === "estructuras")?.items).toEqual(["Préstamo bancario (Deuda)"]);
  });

  it("shows each answer under its own label: the asking price as the seller wrote it, what makes the company unique apart", () => {
    const empty = emptySummary();
    const summary = {
      ...empty,
      interests: [{ id: 3, name: "Vender 100%" }],
      general_information: {
        ...empty.general_information,
        company_uniqueness_summary: "Recetas familiares de 1950",
        valuation_range_negotiation: "$45 millones",
        motivation: "Retiro",
        funding_round_urgency: "asap" as const,
      },
    };
    const fields = new Map(summarySections(summary, noCompany, 2026).flatMap((section) => section.fields ?? []).map((field) => [field.label, field.value]));
    expect(fields.get("¿Qué hace única a tu empresa?")).toBe("Recetas familiares de 1950");
    expect(fields.get("Valor de la empresa que negociarías")).toBe("$45 millones");
    expect(fields.get("¿Por qué quieres vender?")).toBe("Retiro");
    expect(fields.get("Urgencia")).toBe("Lo antes posible");
  });

  it("falls back to 'No disponible' and empty lists on an empty onboarding", () => {
    const sections = summarySections(emptySummary(), noCompany, 2026);
    // The company's name comes from its sign-up; nothing else was answered.
    const values = sections.flatMap((section) => section.fields ?? []).filter((field) => field.label !== "Nombre de la empresa").map((field) => field.value);
    expect(new Set(values)).toEqual(new Set([NOT_AVAILABLE]));
    expect(sections.find((section) => section.id === "accionistas")?.items).toEqual([]);
  });

  it("shows what was saved, with the years relative to the current one", () => {
    const base = emptySummary();
    const summary: OnboardingSummary = {
      ...base,
      general_information: {
        ...base.general_information,
        comercial_name: "Don Beto",
        company_type: "fisica",
        tax_system_id: 8,
        yearly_sales: 1_500_000,
        ebitda_margin: -5.5,
      },
      company_equities: [{ shareholder: "Beto", equity: 60.5 }, { shareholder: "Ana", equity: 39.5 }],
      company_funding_round: { funding_round: "series_a", funding_round_amount: 1_000_000, funding_round_done: 250_000, investors: 3 },
    };
    const sections = summarySections(summary, { ...noCompany, societyName: "S.A. de C.V." }, 2026);
    const field = (label: string) => sections.flatMap((section) => section.fields ?? []).find((item) => item.label === label)?.value;
    expect(field("Nombre comercial")).toBe("Don Beto");
    expect(field("Sociedad")).toBe("S.A. de C.V.");
    expect(field("Régimen fiscal")).toBe("Arrendamiento");
    expect(field("Ventas 2025")).toBe("$1,500,000.00 MXN");
    expect(field("Margen EBITDA 2025")).toBe("-5.5 %");
    expect(field("Etapa")).toBe("Serie A");
    expect(field("Nivel de avance")).toBe("25 %");
    expect(field("Inversionistas comprometidos")).toBe("3");
    expect(sections.find((section) => section.id === "accionistas")?.items).toEqual(["Beto: 60.5 %", "Ana: 39.5 %"]);
  });
});
