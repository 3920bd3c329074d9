import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText, requiredEmail, requiredId } from "./fields.ts";

/**
 * POST /valuations: the free valuation tool (spec sections 3, 5, 7 and 9).
 * Amounts are whole currency units (pesos for México, dollars elsewhere);
 * the page shows them in millions. The engine and its sources are described
 * in docs/valuation-method.md.
 */

/** Spec section 3: the nine valuation locations; USD applies except for México. */
export const VALUATION_LOCATIONS = [
  { id: 1, name: "México", currency: "MXN" },
  { id: 2, name: "Estados Unidos", currency: "USD" },
  { id: 3, name: "Argentina", currency: "USD" },
  { id: 4, name: "Chile", currency: "USD" },
  { id: 5, name: "Colombia", currency: "USD" },
  { id: 6, name: "Costa Rica", currency: "USD" },
  { id: 7, name: "Ecuador", currency: "USD" },
  { id: 8, name: "Perú", currency: "USD" },
  { id: 9, name: "Otros", currency: "USD" },
] as const;
export type ValuationLocationId = (typeof VALUATION_LOCATIONS)[number]["id"];
export type ValuationCurrency = "MXN" | "USD";

/** The currency a location's figures are in. */
export const currencyOfLocation = (location: number): ValuationCurrency =>
  VALUATION_LOCATIONS.find((entry) => entry.id === location)?.currency ?? "USD";

/**
 * The spec's eight valuation reasons (values not shown there; chosen in
 * docs/decisions/018-valuation-engine.md).
 */
export const VALUATION_REASONS = [
  { id: 1, name: "Quiero vender mi empresa" },
  { id: 2, name: "Busco inversión o socios" },
  { id: 3, name: "Planeo una fusión o adquisición" },
  { id: 4, name: "Sucesión o salida de un socio" },
  { id: 5, name: "Solicitar financiamiento" },
  { id: 6, name: "Planeación estratégica" },
  { id: 7, name: "Temas fiscales o legales" },
  { id: 8, name: "Solo por curiosidad" },
] as const;

/** The largest amount accepted: a trillion currency units keeps every figure exact in a double. */
export const VALUATION_AMOUNT_MAX = 1_000_000_000_000;
/** Growth is a yearly percentage, from losing everything to growing ten-fold. */
export const VALUATION_GROWTH_MIN = -100;
export const VALUATION_GROWTH_MAX = 1000;
export const WEBSITE_MAX_LENGTH = 253;

export const VALUATION_MESSAGES = {
  email: "Debes ingresar tu email",
  name: "Debes ingresar tu nombre y apellido",
  industry: "Debes seleccionar la industria",
  location: "Debes seleccionar la ubicación",
  reason: "Elige un motivo de la lista",
  revenue: "Debes ingresar las ventas anuales",
  revenueMin: "Las ventas deben ser al menos 1",
  revenueMax: "Las ventas no pueden superar 1,000,000,000,000",
  ebitda: "Ingresa el EBITDA como una cifra",
  ebitdaMin: "El EBITDA no puede ser negativo",
  ebitdaMax: "El EBITDA no puede superar 1,000,000,000,000",
  /** Spec section 5, verbatim. */
  ebitdaAboveSales: "El EBITDA no puede ser mayor a las ventas",
  growth: "El crecimiento anual debe estar entre -100% y 1,000%",
  /** Spec section 5: at most one decimal digit. */
  oneDecimal: "Usa como máximo un decimal",
  currency: "La moneda no corresponde a la ubicación",
  valuationType: "El tipo de valuación no es válido",
} as const;

/** The example host the website message names. */
export const WEBSITE_EXAMPLE_HOST = "tuempresa.com.mx";
/** Spec section 5: 'Debes ingresar un dominio válido como {host}'. */
export const websiteMessage = (host: string = WEBSITE_EXAMPLE_HOST): string => `Debes ingresar un dominio válido como ${host}`;

/**
 * A domain, optionally with a scheme and a path: labels of letters, digits
 * and hyphens separated by dots, a top-level label of 2+ letters. No nested
 * quantifiers over overlapping classes (linear); the length is checked first.
 */
export const WEBSITE_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:[/?#]\S*)?$/i;

/**
 * True when `value` has at most one decimal digit (spec section 5): it is its
 * own tenths rounded. Exact for every amount we accept (tenths below 2^53:
 * an integer over 10 is the double nearest the decimal, as parsing gives);
 * a tolerance would let 1e-45 through, and an answer divided by it overflow.
 */
export const hasAtMostOneDecimal = (value: number): boolean => Math.round(value * 10) / 10 === value;

/** A field that must be present: a missing key answers `message` (not Effect's English "is missing"). */
const required = <S extends Schema.Schema.AnyNoContext>(schema: S, message: string) =>
  Schema.propertySignature(schema).annotations({ missingMessage: () => message });

const amountNumber = (requiredMessage: string, min: number, minMessage: string, maxMessage: string) =>
  Schema.Number.annotations({ message: () => requiredMessage }).pipe(
    Schema.finite({ message: () => requiredMessage }),
    Schema.greaterThanOrEqualTo(min, { message: () => minMessage }),
    Schema.lessThanOrEqualTo(VALUATION_AMOUNT_MAX, { message: () => maxMessage }),
    Schema.filter((value) => hasAtMostOneDecimal(value) || VALUATION_MESSAGES.oneDecimal),
  );

/**
 * An optional figure: the key is always sent, `null` when the person left it
 * blank (docs/decisions/029-valuation-optional-inputs.md says what the engine
 * assumes then); any other value must pass `schema`, whose messages are the
 * ones answered (the number comes first in the union, so its message is the
 * first issue, before "expected null").
 */
const blankOr = <A, I>(schema: Schema.Schema<A, I>, message: string) =>
  required(Schema.Union(schema, Schema.Null), message);

const growthNumber = Schema.Number.annotations({ message: () => VALUATION_MESSAGES.growth }).pipe(
  Schema.finite({ message: () => VALUATION_MESSAGES.growth }),
  Schema.between(VALUATION_GROWTH_MIN, VALUATION_GROWTH_MAX, { message: () => VALUATION_MESSAGES.growth }),
  Schema.filter((value) => hasAtMostOneDecimal(value) || VALUATION_MESSAGES.oneDecimal),
);

const website = required(
  Schema.String.annotations({ message: () => websiteMessage() }).pipe(
    Schema.maxLength(WEBSITE_MAX_LENGTH, { message: () => websiteMessage() }),
    Schema.filter((value) => value === "" || WEBSITE_PATTERN.test(value.trim()) || websiteMessage()),
  ),
  websiteMessage(),
);

const locationId = required(
  Schema.Number.annotations({ message: () => VALUATION_MESSAGES.location }).pipe(
    Schema.int({ message: () => VALUATION_MESSAGES.location }),
    Schema.between(1, VALUATION_LOCATIONS.length, { message: () => VALUATION_MESSAGES.location }),
  ),
  VALUATION_MESSAGES.location,
);
const reasonNumber = Schema.Number.annotations({ message: () => VALUATION_MESSAGES.reason }).pipe(
  Schema.int({ message: () => VALUATION_MESSAGES.reason }),
  Schema.between(1, VALUATION_REASONS.length, { message: () => VALUATION_MESSAGES.reason }),
);

/** Spec section 3 "Valuation request". `name` is the first and last name joined by a space. */
export const ValuationRequest = Schema.Struct({
  email: requiredEmail(VALUATION_MESSAGES.email),
  name: boundedText(VALUATION_MESSAGES.name, 160),
  industry_id: requiredId(VALUATION_MESSAGES.industry),
  /** Optional: "" when not given. */
  website,
  gross_revenue: required(amountNumber(VALUATION_MESSAGES.revenue, 1, VALUATION_MESSAGES.revenueMin, VALUATION_MESSAGES.revenueMax), VALUATION_MESSAGES.revenue),
  /** EBITDA (the spec's field name is net_profit); null when not given. */
  net_profit: blankOr(amountNumber(VALUATION_MESSAGES.ebitda, 0, VALUATION_MESSAGES.ebitdaMin, VALUATION_MESSAGES.ebitdaMax), VALUATION_MESSAGES.ebitda),
  /** Null when not given. */
  reason: blankOr(reasonNumber, VALUATION_MESSAGES.reason),
  valuation_type: required(Schema.Literal("default").annotations({ message: () => VALUATION_MESSAGES.valuationType }), VALUATION_MESSAGES.valuationType),
  location: locationId,
  /** Percent; null when not given. */
  annual_percentage_growth: blankOr(growthNumber, VALUATION_MESSAGES.growth),
  currency: required(Schema.Literal("MXN", "USD").annotations({ message: () => VALUATION_MESSAGES.currency }), VALUATION_MESSAGES.currency),
}).pipe(
  Schema.filter((request) => {
    if (request.net_profit !== null && request.net_profit > request.gross_revenue) {
      return { path: ["net_profit"], message: VALUATION_MESSAGES.ebitdaAboveSales };
    }
    if (request.currency !== currencyOfLocation(request.location)) {
      return { path: ["currency"], message: VALUATION_MESSAGES.currency };
    }
    return true;
  }),
);
export type ValuationRequest = typeof ValuationRequest.Type;

/**
 * What the engine assumes for a blank figure (docs/decisions/029-valuation-optional-inputs.md):
 * - `typicalMargin`: no EBITDA; revenue × the industry's typical EBITDA margin in the location's region;
 * - `neutralGrowth`: no growth; the baseline growth, which neither raises nor lowers the multiple;
 * - `noReason`: no reason; the engine never uses it, so nothing changes.
 */
export const VALUATION_ASSUMPTIONS = ["typicalMargin", "neutralGrowth", "noReason"] as const;
export type ValuationAssumption = (typeof VALUATION_ASSUMPTIONS)[number];

/**
 * Spec section 3 "Valuation response", plus `currency` and `assumptions`.
 * `net_profit`, `annual_percentage_growth` and `profit_result` are the
 * figures the estimate used: the assumed ones when the request left them blank. Amounts in whole
 * currency units: `valuation_result` is the median (p50) of the Monte Carlo
 * draws, `lowerEstimate` and `upperEstimate` its p10 and p90; `multiple` is
 * valuation_result / EBITDA (EV/Sales when EBITDA is 0); `profit_result` is
 * the EBITDA margin in percent.
 */
export const ValuationResponse = Schema.Struct({
  profit_result: Schema.Number,
  valuation_result: Schema.Number,
  multiple: Schema.Number,
  annual_percentage_growth: Schema.Number,
  gross_revenue: Schema.Number,
  industry_name: Schema.String,
  net_profit: Schema.Number,
  upperEstimate: Schema.Number,
  lowerEstimate: Schema.Number,
  currency: Schema.Literal("MXN", "USD"),
  /** The request's blank figures and what the engine assumed for each (VALUATION_ASSUMPTIONS). */
  assumptions: Schema.Array(Schema.Literal(...VALUATION_ASSUMPTIONS)),
});
export type ValuationResponse = typeof ValuationResponse.Type;

export const VALUATION_ERRORS = {
  unknownIndustry: { status: 400, message: "La industria seleccionada no existe. Elige una opción de la lista." },
} as const;

/** POST /valuations: values a company and stores the request as a lead. */
export const createValuationEndpoint = defineEndpoint({
  method: "POST",
  path: "/valuations",
  summary: "Value a company from its industry, location, revenue, EBITDA and growth; store the request as a lead.",
  access: { who: "anyone" },
  body: ValuationRequest,
  response: ValuationResponse,
  errors: VALUATION_ERRORS,
});
