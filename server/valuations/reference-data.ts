/**
 * Every figure the valuation engine (server/valuations/engine.ts) uses, with
 * its source and date, in one place. docs/valuation-method.md explains how
 * they are combined; docs/decisions/018-valuation-engine.md why. The public
 * figures are copied from the team's reference sheet
 * (shared/data/valuation-references.md); update them here, with the new date,
 * when the sources publish new editions (Damodaran: every January and July).
 *
 * Rates and premiums are fractions (0.0272 = 2.72%); multiples are unitless.
 */

// --- Industry multiples -----------------------------------------------------------

/** One Damodaran industry's multiples (firms with positive EBITDA). */
export interface DamodaranIndustry {
  /** EV/EBITDA, United States. */
  readonly usEvEbitda: number;
  /** EV/EBITDA, Damodaran's Emerging Markets group (not Latin America alone). */
  readonly emEvEbitda: number;
  /** EV/Sales, United States. */
  readonly usEvSales: number;
  /** EV/Sales, emerging markets: an estimate (EM EV/EBITDA × EM EBITDA/Sales), not a published figure; null when none is given. */
  readonly emEvSales: number | null;
}

/**
 * Damodaran, "Enterprise Value Multiples by Sector" (vebitda), data of
 * 5 Jan 2026, US and Emerging Markets; US EV/Sales from "psdata" of
 * 5 Jan 2025; EM EV/Sales estimated as stated above. The Global column of the
 * same table is not used.
 */
export const DAMODARAN_SOURCE = "Damodaran Online, EV/EBITDA by industry (data of 5 Jan 2026) and EV/Sales (psdata, 5 Jan 2025)";

export const DAMODARAN_INDUSTRIES = {
  Advertising: { usEvEbitda: 12.0, emEvEbitda: 24.7, usEvSales: 2.75, emEvSales: 1.0 },
  Apparel: { usEvEbitda: 10.3, emEvEbitda: 12.9, usEvSales: 1.41, emEvSales: 0.95 },
  "Business & Consumer Services": { usEvEbitda: 14.3, emEvEbitda: 17.7, usEvSales: 2.93, emEvSales: 1.1 },
  "Building Materials": { usEvEbitda: 11.6, emEvEbitda: 14.3, usEvSales: 2.33, emEvSales: 1.7 },
  "Computer Services": { usEvEbitda: 14.1, emEvEbitda: 18.3, usEvSales: 1.38, emEvSales: 1.4 },
  "Construction Supplies": { usEvEbitda: 16.8, emEvEbitda: 12.0, usEvSales: 2.46, emEvSales: 1.3 },
  Education: { usEvEbitda: 9.3, emEvEbitda: 8.4, usEvSales: 2.49, emEvSales: 2.1 },
  "Electrical Equipment": { usEvEbitda: 24.6, emEvEbitda: 22.1, usEvSales: 3.31, emEvSales: 2.1 },
  "Engineering/Construction": { usEvEbitda: 17.2, emEvEbitda: 10.8, usEvSales: 1.41, emEvSales: 0.63 },
  Entertainment: { usEvEbitda: 19.4, emEvEbitda: 14.9, usEvSales: 3.9, emEvSales: 2.5 },
  "Farming/Agriculture": { usEvEbitda: 16.0, emEvEbitda: 10.6, usEvSales: 1.18, emEvSales: 0.91 },
  "Food Processing": { usEvEbitda: 10.0, emEvEbitda: 11.1, usEvSales: 1.79, emEvSales: 1.2 },
  "Food Wholesalers": { usEvEbitda: 11.1, emEvEbitda: 9.7, usEvSales: 0.44, emEvSales: 0.41 },
  "Healthcare Products": { usEvEbitda: 19.8, emEvEbitda: 21.1, usEvSales: 5.2, emEvSales: 3.4 },
  "Healthcare Support Services": { usEvEbitda: 11.2, emEvEbitda: 11.1, usEvSales: 0.53, emEvSales: 0.46 },
  "Hospitals/Facilities": { usEvEbitda: 8.9, emEvEbitda: 19.0, usEvSales: 1.48, emEvSales: 3.2 },
  "Hotel/Gaming": { usEvEbitda: 14.9, emEvEbitda: 13.6, usEvSales: 4.28, emEvSales: 2.9 },
  "Household Products": { usEvEbitda: 13.2, emEvEbitda: 22.0, usEvSales: 3.53, emEvSales: 2.9 },
  "Information Services": { usEvEbitda: 11.5, emEvEbitda: 12.9, usEvSales: 2.27, emEvSales: 1.7 },
  Machinery: { usEvEbitda: 16.2, emEvEbitda: 25.0, usEvSales: 3.23, emEvSales: 2.3 },
  "Real Estate (Operations & Services)": { usEvEbitda: 22.0, emEvEbitda: 14.8, usEvSales: 1.53, emEvSales: 3.8 },
  Recreation: { usEvEbitda: 10.4, emEvEbitda: 16.0, usEvSales: 1.99, emEvSales: 1.8 },
  "Restaurant/Dining": { usEvEbitda: 17.5, emEvEbitda: 20.7, usEvSales: 4.47, emEvSales: 2.2 },
  "Retail (Distributors)": { usEvEbitda: 13.7, emEvEbitda: 14.2, usEvSales: 1.81, emEvSales: 0.54 },
  "Retail (General)": { usEvEbitda: 17.4, emEvEbitda: 14.9, usEvSales: 2.05, emEvSales: 1.2 },
  "Retail (Grocery & Food)": { usEvEbitda: 8.9, emEvEbitda: 12.7, usEvSales: 0.49, emEvSales: 0.73 },
  "Software (Internet)": { usEvEbitda: 30.3, emEvEbitda: 42.4, usEvSales: 7.59, emEvSales: 2.8 },
  "Software (System & Application)": { usEvEbitda: 24.5, emEvEbitda: 40.6, usEvSales: 11.54, emEvSales: null },
  "Telecom Services": { usEvEbitda: 6.5, emEvEbitda: 7.0, usEvSales: 2.56, emEvSales: 1.9 },
  Transportation: { usEvEbitda: 12.5, emEvEbitda: 9.9, usEvSales: 1.58, emEvSales: 1.05 },
  Trucking: { usEvEbitda: 10.4, emEvEbitda: 7.3, usEvSales: 1.85, emEvSales: 1.2 },
  "Utility (General)": { usEvEbitda: 13.7, emEvEbitda: 14.7, usEvSales: 5.24, emEvSales: 4.8 },
} as const satisfies Readonly<Record<string, DamodaranIndustry>>;

export type DamodaranIndustryName = keyof typeof DAMODARAN_INDUSTRIES;

/** One of our industries as a weighted blend of Damodaran industries (weights add up to 1). */
export interface IndustryBlend {
  /** Our catalogue's name (server/seed/catalogue-data.ts INDUSTRIES), for reading this table; the answer's name comes from the database. */
  readonly name: string;
  readonly blend: ReadonlyArray<readonly [DamodaranIndustryName, number]>;
  /** Why this blend; said plainly where the reference sheet has no matching industry. */
  readonly note: string;
}

/**
 * Our 20 industries (ids 1..20 of the seed) mapped to Damodaran's. Where a
 * Damodaran industry matching ours is not in the reference sheet (financial
 * services, energy, automotive, mining), the closest ones are blended and the
 * note says so; docs/valuation-method.md lists this among the limits.
 */
export const INDUSTRY_BLENDS: Readonly<Record<number, IndustryBlend>> = {
  1: {
    name: "Tecnología",
    blend: [
      ["Computer Services", 0.5],
      ["Software (System & Application)", 0.25],
      ["Software (Internet)", 0.25],
    ],
    note: "Most Mexican tech SMEs sell IT services; half the weight goes to software.",
  },
  2: {
    name: "Manufactura",
    blend: [
      ["Machinery", 0.5],
      ["Building Materials", 0.25],
      ["Household Products", 0.25],
    ],
    note: "Industrial goods, materials and consumer goods makers.",
  },
  3: {
    name: "Alimentos y bebidas",
    blend: [
      ["Food Processing", 0.7],
      ["Restaurant/Dining", 0.3],
    ],
    note: "Producers first; restaurants are a minority of the category.",
  },
  4: {
    name: "Construcción",
    blend: [
      ["Engineering/Construction", 0.7],
      ["Building Materials", 0.3],
    ],
    note: "Builders and contractors, with their materials suppliers.",
  },
  5: {
    name: "Salud",
    blend: [
      ["Healthcare Support Services", 0.4],
      ["Hospitals/Facilities", 0.3],
      ["Healthcare Products", 0.3],
    ],
    note: "Clinics and services, facilities, and medical products.",
  },
  6: {
    name: "Logística y transporte",
    blend: [
      ["Transportation", 0.5],
      ["Trucking", 0.5],
    ],
    note: "Logistics operators and road freight.",
  },
  7: {
    name: "Comercio minorista",
    blend: [
      ["Retail (General)", 0.6],
      ["Retail (Grocery & Food)", 0.4],
    ],
    note: "General retail and food retail.",
  },
  8: {
    name: "Agroindustria",
    blend: [
      ["Farming/Agriculture", 0.7],
      ["Food Processing", 0.3],
    ],
    note: "Farming, with first processing.",
  },
  9: {
    name: "Turismo y hospitalidad",
    blend: [
      ["Hotel/Gaming", 0.6],
      ["Restaurant/Dining", 0.4],
    ],
    note: "Hotels and restaurants.",
  },
  10: { name: "Educación", blend: [["Education", 1]], note: "Direct match." },
  11: {
    name: "Servicios financieros",
    blend: [
      ["Information Services", 0.5],
      ["Business & Consumer Services", 0.5],
    ],
    note:
      "Proxy: the sheet has no financial industry. Fee-based firms (brokers, advisers, payment services) are valued like information and business services; banks and lenders are valued on equity, not EBITDA, and this estimate does not fit them.",
  },
  12: {
    name: "Energía",
    blend: [
      ["Utility (General)", 0.6],
      ["Electrical Equipment", 0.4],
    ],
    note: "Proxy: the sheet has no oil, gas or power-generation industry; utilities and electrical equipment (solar installers, equipment makers) stand in.",
  },
  13: { name: "Bienes raíces", blend: [["Real Estate (Operations & Services)", 1]], note: "Direct match (operations and services, not property holding)." },
  14: {
    name: "Automotriz",
    blend: [
      ["Machinery", 0.5],
      ["Retail (Distributors)", 0.5],
    ],
    note: "Proxy: the sheet has no auto-parts or auto-dealer industry; parts makers as machinery, dealers as distributors.",
  },
  15: { name: "Textil y moda", blend: [["Apparel", 1]], note: "Direct match." },
  16: {
    name: "Servicios profesionales",
    blend: [
      ["Business & Consumer Services", 0.7],
      ["Information Services", 0.3],
    ],
    note: "Consulting, accounting, legal and similar services.",
  },
  17: {
    name: "Comercio mayorista y distribución",
    blend: [
      ["Retail (Distributors)", 0.6],
      ["Food Wholesalers", 0.4],
    ],
    note: "Distributors and food wholesalers.",
  },
  18: {
    name: "Medios y entretenimiento",
    blend: [
      ["Entertainment", 0.6],
      ["Advertising", 0.4],
    ],
    note: "Content and events, and advertising agencies.",
  },
  19: { name: "Telecomunicaciones", blend: [["Telecom Services", 1]], note: "Direct match." },
  20: {
    name: "Minería",
    blend: [
      ["Building Materials", 0.5],
      ["Construction Supplies", 0.5],
    ],
    note: "Proxy: the sheet has no metals-and-mining industry; quarrying and aggregates (the most common mining SMEs) are valued like building materials and construction supplies.",
  },
};

// --- Country risk -----------------------------------------------------------------

/**
 * Damodaran, "Country Default Spreads and Risk Premiums" (ctryprem), July
 * 2026; mature-market equity premium 4.20%. Keyed by our location ids
 * (contracts/valuations.ts VALUATION_LOCATIONS).
 */
export const COUNTRY_RISK_SOURCE = "Damodaran Online, country risk premiums (ctryprem), July 2026";
export const MATURE_MARKET_EQUITY_PREMIUM = 0.042;

export interface CountryRisk {
  /** Moody's rating as Damodaran lists it ("regional default" for Otros). */
  readonly rating: string;
  readonly countryRiskPremium: number;
  /** Whose multiples: US for Estados Unidos, Emerging Markets for the rest. */
  readonly multiples: "us" | "em";
}

const LATIN_AMERICAN_PREMIUMS = {
  1: { rating: "Baa3", countryRiskPremium: 0.0272 }, // México
  3: { rating: "Caa1", countryRiskPremium: 0.0928 }, // Argentina
  4: { rating: "A2", countryRiskPremium: 0.0105 }, // Chile
  5: { rating: "Baa3", countryRiskPremium: 0.0272 }, // Colombia
  6: { rating: "Ba3", countryRiskPremium: 0.0445 }, // Costa Rica
  7: { rating: "Caa1", countryRiskPremium: 0.0928 }, // Ecuador
  8: { rating: "Baa1", countryRiskPremium: 0.0198 }, // Perú
} as const;

/**
 * "Otros": the simple average of the seven Latin-American premiums above
 * (4.50%), our documented regional default: the tool is offered to Latin
 * American owners, so an unlisted country is most likely one of the region's.
 */
export const OTHER_LOCATIONS_PREMIUM =
  Object.values(LATIN_AMERICAN_PREMIUMS).reduce((sum, entry) => sum + entry.countryRiskPremium, 0) / Object.keys(LATIN_AMERICAN_PREMIUMS).length;

/** Estados Unidos, Aa1: the baseline, since the private-deal levels below are US data. */
export const US_COUNTRY_RISK_PREMIUM = 0.0022;

export const COUNTRY_RISK: Readonly<Record<number, CountryRisk>> = {
  1: { ...LATIN_AMERICAN_PREMIUMS[1], multiples: "em" },
  2: { rating: "Aa1", countryRiskPremium: US_COUNTRY_RISK_PREMIUM, multiples: "us" },
  3: { ...LATIN_AMERICAN_PREMIUMS[3], multiples: "em" },
  4: { ...LATIN_AMERICAN_PREMIUMS[4], multiples: "em" },
  5: { ...LATIN_AMERICAN_PREMIUMS[5], multiples: "em" },
  6: { ...LATIN_AMERICAN_PREMIUMS[6], multiples: "em" },
  7: { ...LATIN_AMERICAN_PREMIUMS[7], multiples: "em" },
  8: { ...LATIN_AMERICAN_PREMIUMS[8], multiples: "em" },
  9: { rating: "regional default", countryRiskPremium: OTHER_LOCATIONS_PREMIUM, multiples: "em" },
};

/** Damodaran, US ten-year Treasury rate used in his January 2026 update: 3.95%. */
export const RISK_FREE_RATE = 0.0395;

// --- Small and private companies ----------------------------------------------------

/**
 * What private companies sell for, by size: points of (EBITDA in USD,
 * price / EBITDA) the engine interpolates between (in log EBITDA), flat
 * outside them. The EBITDA of a GF Data band is its enterprise value's
 * geometric middle divided by the band's multiple.
 */
export interface SizeAnchor {
  readonly ebitdaUsd: number;
  readonly multiple: number;
  readonly source: string;
}

/** Restricted-stock studies: 25-35% (Damodaran, *Damodaran on Valuation*, ch. 14); we take the middle. */
export const ILLIQUIDITY_DISCOUNT = 0.3;
/** The same studies' alternative: 2-4 points added to the discount rate; we take the middle. */
export const ILLIQUIDITY_RATE_PREMIUM = 0.03;

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The median industry's EV/EBITDA in each region: the yardstick an industry is measured against. */
export const MARKET_EV_EBITDA = {
  us: median(Object.values(DAMODARAN_INDUSTRIES).map((industry) => industry.usEvEbitda)),
  em: median(Object.values(DAMODARAN_INDUSTRIES).map((industry) => industry.emEvEbitda)),
} as const;

export const SIZE_ANCHORS: ReadonlyArray<SizeAnchor> = [
  {
    ebitdaUsd: 100_000,
    multiple: 3.0,
    source:
      "DealStats, private-company price/EBITDA about 3.0x to 4.4x (2019-2025): its low end for the smallest firms. (BizBuySell 2025, 2.61x cash flow over 9,586 small-business sales with a median price of 350k USD, is a multiple of seller's discretionary earnings, which include the owner's pay, so it sits below an EBITDA multiple.)",
  },
  { ebitdaUsd: Math.sqrt(1e6 * 5e6) / 5.5, multiple: 5.5, source: "GF Data H1 2025: about 5.5x EBITDA at 1-5 M USD enterprise value" },
  { ebitdaUsd: Math.sqrt(5e6 * 10e6) / 5.6, multiple: 5.6, source: "GF Data H1 2025: 5.6x at 5-10 M USD" },
  { ebitdaUsd: Math.sqrt(10e6 * 25e6) / 6.45, multiple: 6.45, source: "GF Data H1 2025: 6.2-6.7x at 10-25 M USD (middle 6.45x)" },
  {
    ebitdaUsd: 100_000_000,
    multiple: MARKET_EV_EBITDA.us * (1 - ILLIQUIDITY_DISCOUNT),
    source: "Large private firms: the median US industry's public EV/EBITDA (Damodaran, Jan 2026) less the 30% illiquidity discount",
  },
];

/**
 * Pesos per US dollar, used only to place a peso company in the USD size
 * anchors above (never to convert the answer, which stays in the request's
 * currency). A round level of Banxico's FIX rate in late 2025 (it moved
 * roughly between 18 and 21 during 2025); 10% off moves a company a fraction
 * of a size band.
 */
export const MXN_PER_USD = 18.5;

// --- Our modelling choices (no outside source; docs/decisions/018-valuation-engine.md) ---

export const MODEL = {
  /**
   * How much of an industry's public premium or discount (its EV/EBITDA over
   * its region's median) survives in private deals: the cube root. Public
   * medians range six-fold across the sheet (telecom 6.5x to internet
   * software 42x); private deal multiples cluster within a few turns of each
   * other at a given size (the DealStats and GF Data levels above), so an
   * industry moves the private level by a fraction of its public premium.
   */
  industryElasticity: 1 / 3,
  /**
   * r - g of the baseline private company in Gordon's multiple (1 + g) / (r - g):
   * r = risk-free + US total equity premium (4.20% + 0.22%) + illiquidity
   * premium; g = the risk-free rate (stable growth never above it), so
   * r - g = 4.42% + 3% = 7.42%. A country's extra premium widens it.
   */
  baseSpread: MATURE_MARKET_EQUITY_PREMIUM + US_COUNTRY_RISK_PREMIUM + ILLIQUIDITY_RATE_PREMIUM,
  /** The growth the private-deal levels already assume: the long-run nominal growth, the risk-free rate. */
  baselineGrowth: RISK_FREE_RATE,
  /** Growth counts for two years beyond the baseline; then the firm grows like the rest. */
  growthYears: 2,
  /** The growth used, per year: owners' figures outside it are held at its ends. */
  growthMin: -0.3,
  growthMax: 0.3,
  /**
   * Thin margins: below this share of the industry's typical EBITDA margin
   * (EV/Sales ÷ EV/EBITDA) the value leans on revenue (EV/Sales).
   */
  thinMarginShare: 0.5,
  /** Monte Carlo. */
  draws: 1000,
  /** Spread of private multiples around the estimate (standard deviation of the log). */
  multipleSigma: 0.18,
  /** Growth uncertainty: 5 points plus a fifth of the growth itself. */
  growthSigmaFloor: 0.05,
  growthSigmaShare: 0.2,
  /** Correlation of growth with the multiple: buyers pay more for firms that grow. */
  growthMultipleCorrelation: 0.5,
  /** Uncertainty of the EBITDA figure an owner enters (standard deviation of the log). */
  ebitdaSigma: 0.1,
  /** Discount-rate shift: standard deviation, in rate points. */
  discountRateSigma: 0.0075,
  /** Every normal draw is held within this many standard deviations. */
  drawBound: 2.5,
} as const;

/** Bumped when the method or a figure changes; stored with each valuation lead. */
export const ENGINE_VERSION = 1;
