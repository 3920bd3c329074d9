import { describe, expect, it } from "vitest";
import { currencyOfLocation, VALUATION_LOCATIONS } from "../../../contracts/valuations.ts";
import { INDUSTRIES } from "../../../server/seed/catalogue-data.ts";
import { estimateValuation, seedOf, sizeMultiple, valuationBreakdown, type ValuationInput } from "../../../server/valuations/engine.ts";
import {
  COUNTRY_RISK,
  DAMODARAN_INDUSTRIES,
  INDUSTRY_BLENDS,
  MODEL,
  OTHER_LOCATIONS_PREMIUM,
  SIZE_ANCHORS,
} from "../../../server/valuations/reference-data.ts";

const MEXICO = 1;
const USA = 2;
const ARGENTINA = 3;

/** A Mexican manufacturer: 50 M pesos in sales, 8 M EBITDA, growing 10%. */
const base: ValuationInput = { industryId: 2, location: MEXICO, currency: "MXN", revenue: 50_000_000, ebitda: 8_000_000, growthPercent: 10 };
const at = (changes: Partial<ValuationInput>): ValuationInput => {
  const input = { ...base, ...changes };
  return { ...input, currency: currencyOfLocation(input.location) };
};

describe("reference data", () => {
  it("maps every industry of the catalogue, by id and name, to a blend of sheet industries whose weights add up to 1", () => {
    expect(Object.keys(INDUSTRY_BLENDS).map(Number)).toEqual(INDUSTRIES.map((industry) => industry.id));
    for (const industry of INDUSTRIES) {
      const entry = INDUSTRY_BLENDS[industry.id];
      expect(entry?.name).toBe(industry.name);
      const weights = (entry?.blend ?? []).reduce((sum, [name, weight]) => {
        expect(DAMODARAN_INDUSTRIES[name]).toBeDefined();
        return sum + weight;
      }, 0);
      expect(weights).toBeCloseTo(1, 10);
    }
  });

  it("has a country premium for each of the nine locations; Otros is the Latin-American average", () => {
    for (const location of VALUATION_LOCATIONS) expect(COUNTRY_RISK[location.id]).toBeDefined();
    expect(OTHER_LOCATIONS_PREMIUM).toBeCloseTo((2.72 + 9.28 + 1.05 + 2.72 + 4.45 + 9.28 + 1.98) / 7 / 100, 10);
    // US multiples only for Estados Unidos.
    expect(VALUATION_LOCATIONS.filter((location) => COUNTRY_RISK[location.id]?.multiples === "us").map((location) => location.name)).toEqual(["Estados Unidos"]);
  });

  it("puts the size anchors in increasing order of EBITDA and of multiple, a small firm at 3x to 6x", () => {
    for (let index = 1; index < SIZE_ANCHORS.length; index += 1) {
      expect(SIZE_ANCHORS[index]?.ebitdaUsd).toBeGreaterThan(SIZE_ANCHORS[index - 1]?.ebitdaUsd ?? Infinity);
      expect(SIZE_ANCHORS[index]?.multiple).toBeGreaterThanOrEqual(SIZE_ANCHORS[index - 1]?.multiple ?? Infinity);
    }
    expect(sizeMultiple(50_000)).toBe(3);
    expect(sizeMultiple(250_000)).toBeGreaterThan(3);
    expect(sizeMultiple(250_000)).toBeLessThan(5.5);
    expect(sizeMultiple(1e12)).toBe(SIZE_ANCHORS.at(-1)?.multiple);
  });
});

describe("estimateValuation", () => {
  it("keeps p10 <= p50 <= p90, all positive and finite", () => {
    const estimate = estimateValuation(base);
    expect(estimate.low).toBeGreaterThan(0);
    expect(estimate.low).toBeLessThanOrEqual(estimate.mid);
    expect(estimate.mid).toBeLessThanOrEqual(estimate.high);
    expect(estimate.high).toBeLessThan(Infinity);
    // A real range, not a point.
    expect(estimate.high / estimate.low).toBeGreaterThan(1.2);
  });

  it("lands a small private company at a private-deal multiple (3x to 9x EBITDA), not a public one", () => {
    for (const industry of INDUSTRIES) {
      const usa = estimateValuation(at({ industryId: industry.id, location: USA, revenue: 3_000_000, ebitda: 450_000 }));
      expect(usa.multiple, industry.name).toBeGreaterThan(3);
      expect(usa.multiple, industry.name).toBeLessThan(9);
    }
  });

  it("is centred on the step-by-step breakdown: p50 within a few percent of the value with every input at its centre", () => {
    const estimate = estimateValuation(base);
    const centre = valuationBreakdown(base);
    expect(centre.value).toBeCloseTo(centre.effectiveEbitda * centre.sizeMultiple * centre.industryFactor * centre.countryFactor * centre.growthFactor, 0);
    expect(Math.abs(estimate.mid / centre.value - 1)).toBeLessThan(0.05);
  });

  it("never lowers p50 (nor p10, p90) when the EBITDA grows, from 0 to all of revenue", () => {
    let previous = estimateValuation(at({ ebitda: 0 }));
    for (const ebitda of [1, 1000, 100_000, 500_000, 1_000_000, 2_500_000, 2_500_000.1, 4_000_000, 8_000_000, 20_000_000, 49_999_999.9, 50_000_000]) {
      const current = estimateValuation(at({ ebitda }));
      expect(current.mid, `EBITDA ${ebitda}`).toBeGreaterThanOrEqual(previous.mid);
      expect(current.low, `EBITDA ${ebitda}`).toBeGreaterThanOrEqual(previous.low);
      expect(current.high, `EBITDA ${ebitda}`).toBeGreaterThanOrEqual(previous.high);
      previous = current;
    }
    // And it does rise: ten times the EBITDA is worth several times more.
    expect(estimateValuation(at({ ebitda: 8_000_000 })).mid).toBeGreaterThan(5 * estimateValuation(at({ ebitda: 800_000 })).mid);
  });

  it("never lowers p50 when growth rises", () => {
    let previous = estimateValuation(at({ growthPercent: -100 }));
    for (const growthPercent of [-50, -10, 0, 0.1, 5, 10, 25, 30, 100, 1000]) {
      const current = estimateValuation(at({ growthPercent }));
      expect(current.mid, `growth ${growthPercent}`).toBeGreaterThanOrEqual(previous.mid);
      previous = current;
    }
  });

  it("values industries differently at the same figures", () => {
    const values = INDUSTRIES.map((industry) => estimateValuation(at({ industryId: industry.id })).mid);
    expect(new Set(values).size).toBe(INDUSTRIES.length);
    // Technology above telecom, as the multiples say.
    const technology = estimateValuation(at({ industryId: 1 })).mid;
    const telecom = estimateValuation(at({ industryId: 19 })).mid;
    expect(technology).toBeGreaterThan(telecom);
  });

  it("lowers the value with country risk: Estados Unidos above México above Argentina at the same inputs, in every industry and size", () => {
    for (const industry of INDUSTRIES) {
      for (const ebitda of [20_000, 450_000, 5_000_000, 500_000_000]) {
        // The same figures in dollars everywhere, so only the location differs (US multiples for the US, EM for the others).
        const inputs = { industryId: industry.id, currency: "USD" as const, revenue: ebitda * 6, ebitda, growthPercent: 10 };
        const usa = estimateValuation({ ...inputs, location: USA }).mid;
        const mexico = estimateValuation({ ...inputs, location: MEXICO }).mid;
        const argentina = estimateValuation({ ...inputs, location: ARGENTINA }).mid;
        const chile = estimateValuation({ ...inputs, location: 4 }).mid;
        expect(usa, `${industry.name} ${ebitda}`).toBeGreaterThan(mexico);
        expect(mexico, `${industry.name} ${ebitda}`).toBeGreaterThan(argentina);
        // Chile's premium (1.05%) is below México's (2.72%).
        expect(chile, `${industry.name} ${ebitda}`).toBeGreaterThan(mexico);
      }
    }
    const country = (location: number) => valuationBreakdown({ ...base, location, currency: currencyOfLocation(location) }).countryFactor;
    expect(country(USA)).toBe(1);
    expect(country(MEXICO)).toBeLessThan(1);
    expect(country(ARGENTINA)).toBeLessThan(country(MEXICO));
  });

  it("gives the same answer to the same request, and draws a different set for a different company", () => {
    expect(estimateValuation(base)).toEqual(estimateValuation({ ...base }));
    expect(seedOf(base)).toBe(seedOf({ ...base }));
    const other = at({ revenue: 50_000_000.5 });
    expect(seedOf(other)).not.toBe(seedOf(base));
    expect(seedOf(at({ industryId: 3 }))).not.toBe(seedOf(base));
    expect(seedOf(at({ location: 5 }))).not.toBe(seedOf(base));
    // Different draws: the spread of the range differs, not only its level.
    const spread = (input: ValuationInput) => {
      const estimate = estimateValuation(input);
      return estimate.high / estimate.low;
    };
    expect(spread(other)).not.toBe(spread(base));
  });

  it("reuses the company's draws when only EBITDA or growth changes (so the answer moves only with the inputs)", () => {
    expect(seedOf(at({ ebitda: 1 }))).toBe(seedOf(base));
    expect(estimateValuation(at({ growthPercent: 20 })).seed).toBe(estimateValuation(base).seed);
  });

  it("leans on revenue when the margin is thin: with EBITDA 0 the company is still worth something, as a revenue multiple", () => {
    const none = estimateValuation(at({ ebitda: 0 }));
    expect(none.mid).toBeGreaterThan(0);
    expect(none.multipleBasis).toBe("revenue");
    expect(none.multiple).toBeCloseTo(none.mid / base.revenue, 6);
    const thin = valuationBreakdown(at({ ebitda: 100_000 }));
    expect(thin.effectiveEbitda).toBeGreaterThan(100_000);
    // At a healthy margin the cross-check stays out of the way.
    const healthy = valuationBreakdown(base);
    expect(healthy.effectiveEbitda).toBe(base.ebitda);
    // The floor: a quarter of revenue × typical margin × the multiple.
    const zero = valuationBreakdown(at({ ebitda: 0 }));
    expect(zero.effectiveEbitda).toBeCloseTo(base.revenue * zero.typicalMargin * (MODEL.thinMarginShare / 2), 3);
  });

  it("bounds growth: 1,000% a year counts like 30%, and -100% like -30%", () => {
    const wild = valuationBreakdown(at({ growthPercent: 1000 }));
    const capped = valuationBreakdown(at({ growthPercent: 30 }));
    expect(wild.growth).toBe(MODEL.growthMax);
    expect(wild.growthFactor).toBe(capped.growthFactor);
    expect(valuationBreakdown(at({ growthPercent: -100 })).growth).toBe(MODEL.growthMin);
    const flat = estimateValuation(at({ growthPercent: 0 })).mid;
    const soaring = estimateValuation(at({ growthPercent: 1000 })).mid;
    expect(soaring / flat).toBeLessThan(((1 + MODEL.growthMax) / (1 + MODEL.baselineGrowth)) ** MODEL.growthYears * 1.2);
    expect(soaring).toBeGreaterThan(flat);
  });

  it("answers a finite, positive range for the extreme valid inputs", () => {
    const extremes: ReadonlyArray<Partial<ValuationInput>> = [
      { revenue: 1, ebitda: 0 },
      { revenue: 1, ebitda: 1 },
      { revenue: 1, ebitda: 0, growthPercent: -100 },
      { revenue: 1, ebitda: 0.1, growthPercent: 1000 },
      { revenue: 1e12, ebitda: 0 },
      { revenue: 1e12, ebitda: 0.1 },
      { revenue: 1e12, ebitda: 1e12, growthPercent: 1000 },
      { revenue: 1e12, ebitda: 1e12, growthPercent: -100, location: ARGENTINA },
      { revenue: 1e12, ebitda: 5e11, location: 9 },
      { revenue: 1, ebitda: 0, industryId: 17, location: 7 },
    ];
    for (const changes of extremes) {
      const estimate = estimateValuation(at(changes));
      for (const value of [estimate.low, estimate.mid, estimate.high, estimate.multiple]) {
        expect(Number.isFinite(value), JSON.stringify(changes)).toBe(true);
        expect(value, JSON.stringify(changes)).toBeGreaterThan(0);
      }
      expect(estimate.low).toBeLessThanOrEqual(estimate.mid);
      expect(estimate.mid).toBeLessThanOrEqual(estimate.high);
    }
  });

  it("values an industry id without a blend at its region's median instead of failing", () => {
    const unknown = valuationBreakdown(at({ industryId: 999 }));
    expect(unknown.industryFactor).toBe(1);
    expect(unknown.industryEvEbitda).toBe(unknown.regionMedianEvEbitda);
  });

  it("refuses inputs the contract would never let through", () => {
    expect(() => estimateValuation(at({ ebitda: 60_000_000 }))).toThrow(RangeError);
    expect(() => estimateValuation(at({ revenue: 0, ebitda: 0 }))).toThrow(RangeError);
    expect(() => estimateValuation({ ...base, location: 10 })).toThrow(RangeError);
  });
});
