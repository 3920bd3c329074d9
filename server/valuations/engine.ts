import type { ValuationAssumption, ValuationCurrency, ValuationRequest } from "../../contracts/valuations.ts";
import {
  COUNTRY_RISK,
  DAMODARAN_INDUSTRIES,
  INDUSTRY_BLENDS,
  MARKET_EV_EBITDA,
  median,
  MODEL,
  MXN_PER_USD,
  SIZE_ANCHORS,
  US_COUNTRY_RISK_PREMIUM,
  type DamodaranIndustryName,
} from "./reference-data.ts";

/**
 * The free valuation tool's engine: pure, no I/O. Every figure comes from
 * ./reference-data.ts; docs/valuation-method.md explains the steps:
 *
 * 1. the industry's EV/EBITDA relative to its region's median (US multiples
 *    for Estados Unidos, Emerging Markets for the rest), dampened;
 * 2. times the private-deal level for the company's size (DealStats, GF Data);
 * 3. times the country factor: Gordon's (r - g) / (r + extra premium - g);
 * 4. times the growth factor, growth held within ±30% for two years;
 * 5. applied to the EBITDA, or, when the margin is thin, to an EBITDA leaning
 *    toward what revenue × EV/Sales implies;
 * 6. 1,000 seeded draws of the multiple, growth, EBITDA and discount rate;
 *    p10 / p50 / p90 are the answer. No haircut for the spread of the draws:
 *    the discount rate already carries the risk.
 *
 * A blank EBITDA is revenue × the industry's typical margin; a blank growth
 * is the baseline growth (factor 1); the reason is never used
 * (docs/decisions/029-valuation-optional-inputs.md).
 */

export interface ValuationInput {
  /** Our catalogue's industry id (1..20); an id without a blend is valued at its region's median. */
  readonly industryId: number;
  /** contracts/valuations.ts VALUATION_LOCATIONS id (1..9). */
  readonly location: number;
  readonly currency: ValuationCurrency;
  /** Yearly revenue, in `currency` units, at least 1. */
  readonly revenue: number;
  /** Yearly EBITDA, 0..revenue; null when not given (the industry's typical margin is assumed). */
  readonly ebitda: number | null;
  /** Yearly growth in percent (-100..1000); null when not given (the baseline growth is assumed). */
  readonly growthPercent: number | null;
  /** Whether a reason was given: the engine never uses it, but a blank one is an assumption to report. */
  readonly hasReason?: boolean;
}

/** The engine's inputs from a decoded request (net_profit is the EBITDA). */
export const valuationInputOf = (
  request: Pick<ValuationRequest, "industry_id" | "location" | "currency" | "gross_revenue" | "net_profit" | "annual_percentage_growth" | "reason">,
): ValuationInput => ({
  industryId: request.industry_id,
  location: request.location,
  currency: request.currency,
  revenue: request.gross_revenue,
  ebitda: request.net_profit,
  growthPercent: request.annual_percentage_growth,
  hasReason: request.reason !== null,
});

export interface ValuationEstimate {
  /** p10, p50 and p90 of the draws, in `currency` units. */
  readonly low: number;
  readonly mid: number;
  readonly high: number;
  /** mid / EBITDA, or mid / revenue when EBITDA is 0 (`multipleBasis` says which). */
  readonly multiple: number;
  readonly multipleBasis: "ebitda" | "revenue";
  /** EBITDA / revenue, in percent. */
  readonly marginPercent: number;
  /** The PRNG seed the draws came from (derived from the request). */
  readonly seed: number;
  /** The EBITDA and growth (percent) the estimate used: the given ones, or the assumed ones. */
  readonly ebitda: number;
  readonly growthPercent: number;
  /** What was assumed for the blank inputs, in VALUATION_ASSUMPTIONS order. */
  readonly assumptions: readonly ValuationAssumption[];
}

/** The centre of the estimate, every uncertain input at its centre: what docs/valuation-method.md walks through. */
export interface ValuationBreakdown {
  /** The industry blend's public EV/EBITDA in the location's region. */
  readonly industryEvEbitda: number;
  readonly regionMedianEvEbitda: number;
  /** (industry / median) ^ elasticity. */
  readonly industryFactor: number;
  /** EBITDA / revenue the industry typically earns (EV/Sales ÷ EV/EBITDA). */
  readonly typicalMargin: number;
  /** The EBITDA the multiple applies to: the EBITDA itself unless the margin is thin. */
  readonly effectiveEbitda: number;
  /** Private-deal multiple for that EBITDA's size (in USD). */
  readonly sizeMultiple: number;
  readonly countryFactor: number;
  /** The growth used (held within the bounds), as a fraction. */
  readonly growth: number;
  readonly growthFactor: number;
  /** sizeMultiple × industryFactor × countryFactor × growthFactor. */
  readonly multiple: number;
  /** effectiveEbitda × multiple. */
  readonly value: number;
}

// --- Per-industry figures, computed once -------------------------------------------

type Region = "us" | "em";

interface IndustryFigures {
  readonly evEbitda: number;
  readonly factor: number;
  readonly typicalMargin: number;
}

const evEbitdaOf = (name: DamodaranIndustryName, region: Region): number =>
  region === "us" ? DAMODARAN_INDUSTRIES[name].usEvEbitda : DAMODARAN_INDUSTRIES[name].emEvEbitda;

/** EV/Sales ÷ EV/EBITDA of one Damodaran industry, or null when the sheet has no EV/Sales. */
const marginOf = (name: DamodaranIndustryName, region: Region): number | null => {
  const evSales = region === "us" ? DAMODARAN_INDUSTRIES[name].usEvSales : DAMODARAN_INDUSTRIES[name].emEvSales;
  return evSales === null ? null : evSales / evEbitdaOf(name, region);
};

const ALL_DAMODARAN = Object.keys(DAMODARAN_INDUSTRIES).filter((name): name is DamodaranIndustryName => name in DAMODARAN_INDUSTRIES);

const marketMargin = (region: Region): number =>
  median(ALL_DAMODARAN.map((name) => marginOf(name, region)).filter((margin): margin is number => margin !== null));

/** The median industry's typical margin: for an industry id without a blend. */
const MARKET_MARGIN: Readonly<Record<Region, number>> = { us: marketMargin("us"), em: marketMargin("em") };

/** Weighted mean over the entries that have a figure (weights renormalised), or null when none has. */
function weightedMean(entries: ReadonlyArray<readonly [number | null, number]>): number | null {
  let sum = 0;
  let weights = 0;
  for (const [value, weight] of entries) {
    if (value === null) continue;
    sum += value * weight;
    weights += weight;
  }
  return weights === 0 ? null : sum / weights;
}

function figuresFor(blend: ReadonlyArray<readonly [DamodaranIndustryName, number]>, region: Region): IndustryFigures {
  const evEbitda = weightedMean(blend.map(([name, weight]) => [evEbitdaOf(name, region), weight])) ?? MARKET_EV_EBITDA[region];
  const typicalMargin = weightedMean(blend.map(([name, weight]) => [marginOf(name, region), weight])) ?? MARKET_MARGIN[region];
  return { evEbitda, factor: (evEbitda / MARKET_EV_EBITDA[region]) ** MODEL.industryElasticity, typicalMargin };
}

const FIGURES = new Map<string, IndustryFigures>();
for (const [id, { blend }] of Object.entries(INDUSTRY_BLENDS)) {
  for (const region of ["us", "em"] as const) FIGURES.set(`${id}:${region}`, figuresFor(blend, region));
}
const MARKET_FIGURES: Readonly<Record<Region, IndustryFigures>> = {
  us: { evEbitda: MARKET_EV_EBITDA.us, factor: 1, typicalMargin: MARKET_MARGIN.us },
  em: { evEbitda: MARKET_EV_EBITDA.em, factor: 1, typicalMargin: MARKET_MARGIN.em },
};

const industryFigures = (industryId: number, region: Region): IndustryFigures => FIGURES.get(`${industryId}:${region}`) ?? MARKET_FIGURES[region];

// --- Size anchors: interpolated in log EBITDA -----------------------------------------

const ANCHOR_LOGS = Float64Array.from(SIZE_ANCHORS, (anchor) => Math.log(anchor.ebitdaUsd));
const ANCHOR_MULTIPLES = Float64Array.from(SIZE_ANCHORS, (anchor) => anchor.multiple);
const LAST_ANCHOR = ANCHOR_LOGS.length - 1;

/** The private-deal EV/EBITDA for a company with this EBITDA (USD): flat outside the anchors, linear in log EBITDA between them. */
export function sizeMultiple(ebitdaUsd: number): number {
  const x = Math.log(ebitdaUsd);
  if (!(x > (ANCHOR_LOGS[0] ?? 0))) return ANCHOR_MULTIPLES[0] ?? 0;
  if (x >= (ANCHOR_LOGS[LAST_ANCHOR] ?? 0)) return ANCHOR_MULTIPLES[LAST_ANCHOR] ?? 0;
  let upper = 1;
  while (x > (ANCHOR_LOGS[upper] ?? Infinity)) upper += 1;
  const x0 = ANCHOR_LOGS[upper - 1] ?? 0;
  const x1 = ANCHOR_LOGS[upper] ?? 0;
  const y0 = ANCHOR_MULTIPLES[upper - 1] ?? 0;
  const y1 = ANCHOR_MULTIPLES[upper] ?? 0;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

// --- One valuation --------------------------------------------------------------------

/** What every draw shares. */
interface Prepared {
  readonly revenue: number;
  readonly ebitda: number;
  readonly growth: number;
  readonly industry: IndustryFigures;
  /** Currency units per USD, for the size anchors. */
  readonly perUsd: number;
  /** The location's premium over the baseline (the US, whose premium the private-deal levels carry). */
  readonly extraPremium: number;
}

const clamp = (value: number, min: number, max: number): number => (value < min ? min : value > max ? max : value);

/**
 * The EBITDA the multiple applies to. With a margin at least `thinMarginShare`
 * of the industry's typical one, the EBITDA itself; below it, a smooth floor
 * that leans on revenue: revenue × typical margin × s/2 × (1 + (q/s)²), where
 * q is the margin over the typical one and s the share. It equals the EBITDA
 * (and its slope) at q = s and never decreases with the EBITDA, so one more
 * peso of EBITDA never lowers the value; at EBITDA 0 the company is worth a
 * quarter of revenue × the industry's EV/Sales, adjusted like the EBITDA
 * multiple (docs/valuation-method.md, step 5).
 */
function effectiveEbitda(revenue: number, ebitda: number, typicalMargin: number): number {
  const share = MODEL.thinMarginShare;
  const q = ebitda / (revenue * typicalMargin);
  if (q >= share) return ebitda;
  const ratio = q / share;
  return revenue * typicalMargin * (share / 2) * (1 + ratio * ratio);
}

/**
 * Gordon's multiple is (1 + g) / (r - g): a country's premium over the US
 * (and the draw's rate shift) widens r - g, and the multiple shrinks in
 * proportion. MODEL.baseSpread is the baseline r - g.
 */
const countryFactor = (extraPremium: number, rateShift: number): number => MODEL.baseSpread / (MODEL.baseSpread + extraPremium + rateShift);

const growthFactor = (growth: number): number => ((1 + growth) / (1 + MODEL.baselineGrowth)) ** MODEL.growthYears;

/** The value for one set of uncertain inputs. */
function valueAt(prepared: Prepared, ebitda: number, growth: number, rateShift: number, multipleShock: number): number {
  const base = effectiveEbitda(prepared.revenue, ebitda, prepared.industry.typicalMargin);
  const size = sizeMultiple(base / prepared.perUsd);
  const multiple = size * prepared.industry.factor * countryFactor(prepared.extraPremium, rateShift) * growthFactor(growth);
  return base * multiple * multipleShock;
}

/** The inputs with the blanks filled in as docs/decisions/029-valuation-optional-inputs.md says. */
export interface ResolvedInput {
  readonly ebitda: number;
  readonly growthPercent: number;
  readonly assumptions: readonly ValuationAssumption[];
}

/**
 * A blank EBITDA is revenue × the industry's typical margin in the
 * location's region (six significant digits, so the answer can repeat it);
 * a blank growth is the baseline growth, whose factor is 1; a blank reason
 * changes nothing but is reported.
 */
export function resolveInput(input: ValuationInput): ResolvedInput {
  const risk = COUNTRY_RISK[input.location];
  if (risk === undefined) throw new RangeError(`unknown valuation location ${input.location}`);
  const assumptions: ValuationAssumption[] = [];
  let ebitda = input.ebitda;
  if (ebitda === null) {
    ebitda = Math.min(input.revenue, significant(input.revenue * industryFigures(input.industryId, risk.multiples).typicalMargin));
    assumptions.push("typicalMargin");
  }
  let growthPercent = input.growthPercent;
  if (growthPercent === null) {
    growthPercent = MODEL.baselineGrowth * 100;
    assumptions.push("neutralGrowth");
  }
  if (input.hasReason === false) assumptions.push("noReason");
  return { ebitda, growthPercent, assumptions };
}

function prepare(input: ValuationInput): Prepared {
  const risk = COUNTRY_RISK[input.location];
  if (risk === undefined) throw new RangeError(`unknown valuation location ${input.location}`);
  if (!(input.revenue > 0) || !Number.isFinite(input.revenue)) throw new RangeError("revenue must be a positive finite number");
  const { ebitda, growthPercent } = resolveInput(input);
  if (!(ebitda >= 0) || ebitda > input.revenue) throw new RangeError("EBITDA must be between 0 and the revenue");
  if (!Number.isFinite(growthPercent)) throw new RangeError("growth must be finite");
  return {
    revenue: input.revenue,
    ebitda,
    growth: clamp(growthPercent / 100, MODEL.growthMin, MODEL.growthMax),
    industry: industryFigures(input.industryId, risk.multiples),
    perUsd: input.currency === "MXN" ? MXN_PER_USD : 1,
    extraPremium: risk.countryRiskPremium - US_COUNTRY_RISK_PREMIUM,
  };
}

/** The centre of the estimate, step by step. */
export function valuationBreakdown(input: ValuationInput): ValuationBreakdown {
  const prepared = prepare(input);
  const region = COUNTRY_RISK[input.location]?.multiples ?? "em";
  const base = effectiveEbitda(prepared.revenue, prepared.ebitda, prepared.industry.typicalMargin);
  const size = sizeMultiple(base / prepared.perUsd);
  const country = countryFactor(prepared.extraPremium, 0);
  const growth = growthFactor(prepared.growth);
  const multiple = size * prepared.industry.factor * country * growth;
  return {
    industryEvEbitda: prepared.industry.evEbitda,
    regionMedianEvEbitda: MARKET_EV_EBITDA[region],
    industryFactor: prepared.industry.factor,
    typicalMargin: prepared.industry.typicalMargin,
    effectiveEbitda: base,
    sizeMultiple: size,
    countryFactor: country,
    growth: prepared.growth,
    growthFactor: growth,
    multiple,
    value: base * multiple,
  };
}

// --- Seeded draws ----------------------------------------------------------------------

/**
 * The seed: FNV-1a (32 bits) of the company's identity, its industry,
 * location, currency and revenue. EBITDA and growth are left out on purpose:
 * trying another EBITDA or growth for the same company reuses the same 1,000
 * scenarios (common random numbers), so the answer moves only because the
 * inputs moved, and more EBITDA or growth never lowers it by sampling noise.
 */
export function seedOf(input: Pick<ValuationInput, "industryId" | "location" | "currency" | "revenue">): number {
  const text = `${input.industryId}|${input.location}|${input.currency}|${input.revenue}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// Buffers shared by every call: the engine is synchronous, so no two calls use them at once.
const draws = new Float64Array(MODEL.draws);
/** Four standard normals per draw: multiple, growth, EBITDA, discount rate. */
const normals = new Float64Array(MODEL.draws * 4);

/** mulberry32's step: the next state and its uniform in [0, 1), the same on every machine. */
const nextState = (state: number): number => (state + 0x6d2b79f5) >>> 0;
function uniformOf(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** mulberry32 as a function: uniforms in [0, 1) from `seed` (the benchmark's request mix uses it). */
export function seededUniforms(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = nextState(state);
    return uniformOf(state);
  };
}

/**
 * Fills `normals` from the seed: mulberry32 uniforms (small, fast, the same
 * sequence on every machine) through Marsaglia's polar method (Box-Muller
 * without the sine and cosine), each normal held within ±MODEL.drawBound
 * standard deviations.
 */
function fillNormals(seed: number): void {
  let state = seed;
  const bound = MODEL.drawBound;
  for (let index = 0; index < normals.length; index += 2) {
    // A point drawn uniformly in the unit disc (about 1.27 tries on average).
    let x: number;
    let y: number;
    let radius: number;
    do {
      state = nextState(state);
      x = 2 * uniformOf(state) - 1;
      state = nextState(state);
      y = 2 * uniformOf(state) - 1;
      radius = x * x + y * y;
    } while (radius >= 1 || radius === 0);
    const scale = Math.sqrt((-2 * Math.log(radius)) / radius);
    normals[index] = clamp(x * scale, -bound, bound);
    normals[index + 1] = clamp(y * scale, -bound, bound);
  }
}

/** p in [0, 1] of sorted values, interpolated between order statistics. */
function quantile(sorted: Float64Array, p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const lower = sorted[below] ?? 0;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
  return lower + (upper - lower) * (position - below);
}

/** Six significant digits: more would be false precision, and positive stays positive. */
const significant = (value: number): number => Number(value.toPrecision(6));

/** Values a company: p10 / p50 / p90 of 1,000 seeded draws (see the file's comment). */
export function estimateValuation(input: ValuationInput): ValuationEstimate {
  const prepared = prepare(input);
  const seed = seedOf(input);
  fillNormals(seed);
  const growthSigma = MODEL.growthSigmaFloor + MODEL.growthSigmaShare * Math.abs(prepared.growth);
  const rho = MODEL.growthMultipleCorrelation;
  const rhoComplement = Math.sqrt(1 - rho * rho);

  for (let index = 0, at = 0; index < draws.length; index += 1, at += 4) {
    const zMultiple = normals[at] ?? 0;
    const growth = clamp(prepared.growth + growthSigma * (rho * zMultiple + rhoComplement * (normals[at + 1] ?? 0)), MODEL.growthMin, MODEL.growthMax);
    const ebitda = Math.min(prepared.revenue, prepared.ebitda * Math.exp(MODEL.ebitdaSigma * (normals[at + 2] ?? 0)));
    const rateShift = MODEL.discountRateSigma * (normals[at + 3] ?? 0);
    draws[index] = valueAt(prepared, ebitda, growth, rateShift, Math.exp(MODEL.multipleSigma * zMultiple));
  }
  draws.sort();

  const mid = significant(quantile(draws, 0.5));
  const { ebitda, growthPercent, assumptions } = resolveInput(input);
  const basis = ebitda > 0 ? "ebitda" : "revenue";
  return {
    low: significant(quantile(draws, 0.1)),
    mid,
    high: significant(quantile(draws, 0.9)),
    multiple: significant(mid / (basis === "ebitda" ? ebitda : input.revenue)),
    multipleBasis: basis,
    marginPercent: significant((ebitda / input.revenue) * 100),
    seed,
    ebitda,
    growthPercent,
    assumptions,
  };
}
