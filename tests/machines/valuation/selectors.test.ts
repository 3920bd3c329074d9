import { describe, expect, it } from "vitest";
import {
  formatAmountText,
  formatMillions,
  formatMultiple,
  millionsFigure,
  progressOf,
  resultView,
  stripThousands,
  summaryRows,
  toRequest,
  valuationView,
} from "../../../machines/valuation/selectors.ts";
import { VALUATION_STEPS, type ValuationContext } from "../../../machines/valuation/types.ts";
import { FILLED, FILLED_REQUEST, RESULT } from "./harness.ts";

describe("valuation selectors", () => {
  it("progress is 20% per step over five steps", () => {
    expect(VALUATION_STEPS.map(progressOf)).toEqual([20, 40, 60, 80, 100]);
  });

  it("amounts show comma thousands and keep what is being typed", () => {
    expect(formatAmountText("")).toBe("");
    expect(formatAmountText("999")).toBe("999");
    expect(formatAmountText("1000")).toBe("1,000");
    expect(formatAmountText("1234567.5")).toBe("1,234,567.5");
    expect(formatAmountText("1234.")).toBe("1,234.");
    expect(formatAmountText(".5")).toBe(".5");
    expect(formatAmountText("-12345")).toBe("-12,345");
    expect(stripThousands("1,234,567.5")).toBe("1234567.5");
  });

  it("the request: name joined, text trimmed, amounts as numbers, the currency of the location", () => {
    expect(toRequest(FILLED)).toEqual(FILLED_REQUEST);
    expect(toRequest({ ...FILLED, location: 2, website: "  " })).toMatchObject({ location: 2, currency: "USD", website: "" });
    expect(toRequest({ ...FILLED, revenue: "12." }).gross_revenue).toBe(12);
    expect(toRequest({ ...FILLED, growth: "-" }).annual_percentage_growth).toBeNaN();
  });

  describe("the result, in the spec's formats (millions with 2 decimals, multiple with 1)", () => {
    it("millions with two decimals, es-MX", () => {
      expect(millionsFigure(12_345_678)).toBe("$12.35");
      expect(millionsFigure(1_234_567_890)).toBe("$1,234.57");
      expect(millionsFigure(4_999)).toBe("$0.00");
      expect(formatMillions(9_800_000, "USD")).toBe("$9.80 millones USD");
      expect(formatMultiple(6.25)).toBe("6.3x");
      expect(formatMultiple(12)).toBe("12.0x");
    });

    it("valuation, range p10 – p90, multiple over EBITDA and the range in plain words", () => {
      expect(resultView(RESULT)).toEqual({
        currency: "MXN",
        industryName: "Alimentos y bebidas",
        valuation: "$14.25 millones MXN",
        range: "$10.12 – $19.80 millones MXN",
        lower: "$10.12 millones MXN",
        upper: "$19.80 millones MXN",
        multiple: "5.9x",
        multipleBasis: "EBITDA",
        rangeInWords: "8 de cada 10 escenarios simulados quedan entre $10.12 millones MXN y $19.80 millones MXN.",
        assumptions: [],
      });
    });

    it("says what the engine assumed for each blank figure, with the figures it used", () => {
      const assumed = { ...RESULT, profit_result: 14.2857, annual_percentage_growth: 3.95, assumptions: ["typicalMargin", "neutralGrowth", "noReason"] as const };
      expect(resultView(assumed).assumptions).toEqual([
        "Sin EBITDA: usamos el margen típico de la industria, 14.29% de tus ventas.",
        "Sin crecimiento esperado: usamos un crecimiento neutro de 3.95% al año, que no sube ni baja tu valuación.",
        "Sin motivo de la valuación: no cambia el cálculo.",
      ]);
    });

    it("with EBITDA 0 the multiple is over sales; USD elsewhere", () => {
      expect(resultView({ ...RESULT, net_profit: 0, currency: "USD" })).toMatchObject({ multipleBasis: "ventas", currency: "USD", valuation: "$14.25 millones USD" });
    });
  });

  it("the review on step 4 lists the answers as given", () => {
    expect(summaryRows(FILLED, "Alimentos y bebidas")).toEqual([
      { label: "Nombre", value: "Ana López" },
      { label: "Email", value: "ana@ejemplo.mx" },
      { label: "Industria", value: "Alimentos y bebidas" },
      { label: "Ubicación", value: "México" },
      { label: "Ventas anuales", value: "$12,000,000 MXN" },
      { label: "EBITDA anual", value: "$2,400,000.5 MXN" },
      { label: "Crecimiento anual esperado", value: "-5.5%" },
      { label: "Motivo de la valuación", value: "Quiero vender mi empresa" },
      { label: "Sitio web", value: "tortilleria.com.mx" },
    ]);
    expect(summaryRows({ ...FILLED, website: "", location: 8 }, "x")).toEqual(
      expect.arrayContaining([
        { label: "Sitio web", value: "No indicado" },
        { label: "Ubicación", value: "Perú" },
        { label: "Ventas anuales", value: "$12,000,000 USD" },
      ]),
    );
    // The optional figures left blank.
    expect(summaryRows({ ...FILLED, ebitda: "", growth: " ", reason: null }, "x")).toEqual(
      expect.arrayContaining([
        { label: "EBITDA anual", value: "No indicado" },
        { label: "Crecimiento anual esperado", value: "No indicado" },
        { label: "Motivo de la valuación", value: "No indicado" },
      ]),
    );
  });

  describe("the view", () => {
    const context: ValuationContext = { step: 3, answers: { ...FILLED, website: "no es dominio" }, showErrors: false, refusals: 0, result: RESULT };

    it("messages only once a Next was refused on the step", () => {
      expect(valuationView("editing", context).errors).toEqual({});
      expect(valuationView("editing", { ...context, showErrors: true }).errors).toEqual({ website: "Debes ingresar un dominio válido como tuempresa.com.mx" });
    });

    it("the result only on step 5; the loader only while waiting or requesting", () => {
      expect(valuationView("editing", context).result).toBeNull();
      expect(valuationView("result", { ...context, step: 5 }).result?.valuation).toBe("$14.25 millones MXN");
      const loading = (["editing", "reviewing", "waiting", "requesting", "result"] as const).filter((status) => valuationView(status, { ...context, step: 4 }).isLoading);
      expect(loading).toEqual(["waiting", "requesting"]);
    });

    it("Next and Back: Back from steps 2, 3, 4 (reviewing) and 5; none on step 1 or while loading", () => {
      const back = (status: "editing" | "reviewing" | "waiting" | "requesting" | "result", step: 1 | 2 | 3 | 4 | 5) => valuationView(status, { ...context, step }).canGoBack;
      expect([back("editing", 1), back("editing", 2), back("editing", 3), back("reviewing", 4), back("waiting", 4), back("requesting", 4), back("result", 5)]).toEqual([
        false, true, true, true, false, false, true,
      ]);
      expect(valuationView("editing", context).canGoNext).toBe(true);
      // Step 3 needs the sales only; an invalid optional value does not disable Next (pressing it refuses).
      expect(valuationView("editing", { ...context, answers: { ...FILLED, ebitda: "", growth: "", reason: null } }).canGoNext).toBe(true);
      expect(valuationView("editing", { ...context, answers: { ...FILLED, ebitda: "99999999" } }).canGoNext).toBe(true);
      expect(valuationView("editing", { ...context, answers: { ...FILLED, revenue: "" } }).canGoNext).toBe(false);
    });
  });
});
