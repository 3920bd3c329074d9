import { Schema } from "effect";
import { CompanyId, CompanyIdParams, COMPANY_NOT_FOUND_MESSAGE } from "./companies.ts";
import { defineEndpoint } from "./endpoint.ts";
import { POSTGRES_INT_MAX, trimmedString } from "./fields.ts";
import { checkRfcFor, Rfc } from "./rfc.ts";

/**
 * The seller's onboarding (spec sections 3, 4, 5 and 7): one save per wizard
 * step under /companies/:id/onboardings/..., the summary that lets the wizard
 * resume, and POST /slack-onboarding, which tells the team and marks the
 * seller's onboarding completed. Payloads the spec leaves out are designed in
 * docs/decisions/017-onboarding.md.
 *
 * Percentages travel as numbers with at most two decimals; both sides add
 * them as integer hundredths (`toHundredths`), so 60.5 + 39.5 is exactly 100
 * and 33.33 × 3 is not.
 */

// --- Enumerations (spec section 3) -------------------------------------------

export const FUNDING_STAGES = ["pre_seed", "series_a", "series_b", "series_c", "series_d", "other"] as const;
export const FundingStage = Schema.Literal(...FUNDING_STAGES);
export type FundingStage = typeof FundingStage.Type;
export const FUNDING_STAGE_LABELS: Readonly<Record<FundingStage, string>> = {
  pre_seed: "Pre-seed",
  series_a: "Serie A",
  series_b: "Serie B",
  series_c: "Serie C",
  series_d: "Serie D",
  other: "Otra",
};

export const FUNDING_STRUCTURE_TYPES = ["debt", "equity", "hybrid"] as const;
export type FundingStructureType = (typeof FUNDING_STRUCTURE_TYPES)[number];
export const FUNDING_STRUCTURE_TYPE_LABELS: Readonly<Record<FundingStructureType, string>> = {
  debt: "Deuda",
  equity: "Capital",
  hybrid: "Híbrido",
};

export const FINANCIAL_RECORDS_STATES = [
  "has_financial_records",
  "has_some_financial_records",
  "has_excel_financial_records",
  "no_financial_records",
] as const;
export const FinancialRecordsState = Schema.Literal(...FINANCIAL_RECORDS_STATES);
export type FinancialRecordsState = typeof FinancialRecordsState.Type;
export const FINANCIAL_RECORDS_STATE_LABELS: Readonly<Record<FinancialRecordsState, string>> = {
  has_financial_records: "Sí tengo estados financieros preparados",
  has_some_financial_records: "Solo contables, pueden tener distorsiones",
  has_excel_financial_records: "Solo registro en Excel",
  no_financial_records: "No tengo estados financieros",
};

export const URGENCIES = ["asap", "moderate", "not_urgent"] as const;
export const Urgency = Schema.Literal(...URGENCIES);
export type Urgency = typeof Urgency.Type;
/** Spec section 4: urgency defaults to not_urgent on save. */
export const DEFAULT_URGENCY: Urgency = "not_urgent";

export const COMPANY_PERSON_TYPES = ["fisica", "moral"] as const;
export const CompanyPersonType = Schema.Literal(...COMPANY_PERSON_TYPES);
export type CompanyPersonType = typeof CompanyPersonType.Type;

/** The interests the wizard names (spec section 3); their ids come from GET /interests. */
export const GROWTH_INTEREST_NAME = "Capital para crecimiento";
export const SELLING_INTEREST_NAMES = ["Vender participación", "Vender 100%"] as const;

// --- Messages ----------------------------------------------------------------

export const ONBOARDING_MESSAGES = {
  /** Spec section 5: the alerts, verbatim. */
  equityTotal: "El total de participación debe ser exactamente 100%.",
  usesTotal: "El total de destinos debe ser exactamente 100%.",
  /** Spec section 5: the inline messages. */
  equityOver: "El total de participación no puede superar el 100%.",
  totalForNext: "El total debe ser exactamente 100% para continuar.",
  percentRange: "El porcentaje debe estar entre 0 y 100.",
  percentDecimals: "El porcentaje puede tener como máximo 2 decimales.",
  shareholderRequired: "Debes ingresar el nombre del accionista",
  useNameRequired: "Debes ingresar el destino del capital",
  companyNameRequired: "Debes ingresar el nombre de la empresa",
  companyTypeInvalid: "Elige persona física o persona moral.",
  fundingStageInvalid: "Elige la etapa de la ronda.",
  financialRecordsInvalid: "Elige el estado de tus registros financieros.",
  urgencyInvalid: "Elige la urgencia.",
  amountInvalid: "Ingresa un monto válido (0 o mayor, hasta 2 decimales).",
  amountRequired: "Debes ingresar el monto de la ronda",
  doneOverAmount: "El monto levantado no puede ser mayor al monto de la ronda.",
  investorsInvalid: "Ingresa un número de inversionistas válido.",
  marginInvalid: "Ingresa un margen válido (entre -100 y 100, hasta 2 decimales).",
  interestRequired: "Debes seleccionar un interés.",
  unknownCatalogueItem: "Una de las opciones elegidas no existe. Elige de la lista.",
  duplicateItem: "Elegiste la misma opción dos veces.",
  tooManyItems: "Hay demasiados elementos en la lista.",
  invalidId: "La opción elegida no es válida.",
  saved: "Información guardada con éxito",
  tooMany: "Demasiados guardados seguidos. Espera un momento e intenta de nuevo.",
} as const;

// --- Decimal arithmetic --------------------------------------------------------

/** Hundredths as an integer, or undefined when `value` has more than two decimals. */
export const toHundredths = (value: number): number | undefined => {
  if (!Number.isFinite(value)) return undefined;
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  // 33.33 * 100 is 3332.9999999999995: a binary artefact, not a third decimal.
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : undefined;
};

/** Hundredths back to the number the client shows (3950 -> 39.5). */
export const fromHundredths = (hundredths: number): number => hundredths / 100;

/** Whether the percentages add up to exactly 100 (10 000 hundredths). */
export const totalIsExactly100 = (values: ReadonlyArray<number>): boolean =>
  values.reduce((sum, value) => sum + (toHundredths(value) ?? Number.NaN), 0) === 10_000;

/** 0–100 in steps of 0.01 (spec section 5). */
export const Percent = Schema.Number.annotations({ message: () => ONBOARDING_MESSAGES.percentRange }).pipe(
  Schema.filter((value) => Number.isFinite(value) && value >= 0 && value <= 100, { message: () => ONBOARDING_MESSAGES.percentRange }),
  Schema.filter((value) => toHundredths(value) !== undefined, { message: () => ONBOARDING_MESSAGES.percentDecimals }),
);

/** A margin may be negative (a loss): -100–100 in steps of 0.01. */
const Margin = Schema.Number.annotations({ message: () => ONBOARDING_MESSAGES.marginInvalid }).pipe(
  Schema.filter((value) => Number.isFinite(value) && value >= -100 && value <= 100 && toHundredths(value) !== undefined, {
    message: () => ONBOARDING_MESSAGES.marginInvalid,
  }),
);

/** Pesos or dollars: 0 up to a trillion, at most two decimals. */
export const MAX_AMOUNT = 1_000_000_000_000;
const Amount = Schema.Number.annotations({ message: () => ONBOARDING_MESSAGES.amountInvalid }).pipe(
  Schema.filter((value) => Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT && toHundredths(value) !== undefined, {
    message: () => ONBOARDING_MESSAGES.amountInvalid,
  }),
);

const text = (max: number, requiredMessage?: string) => {
  const base = trimmedString(requiredMessage ?? "Debe ser texto").pipe(Schema.maxLength(max, { message: () => `Puede tener como máximo ${max} caracteres` }));
  return requiredMessage === undefined ? base : base.pipe(Schema.minLength(1, { message: () => requiredMessage }));
};

/** An optional field that may also be null (cleared). */
const nullable = <S extends Schema.Schema.AnyNoContext>(schema: S) => Schema.optional(Schema.NullOr(schema));

const CatalogueId = Schema.Number.annotations({ message: () => ONBOARDING_MESSAGES.invalidId }).pipe(
  Schema.int({ message: () => ONBOARDING_MESSAGES.invalidId }),
  Schema.between(1, POSTGRES_INT_MAX, { message: () => ONBOARDING_MESSAGES.invalidId }),
);

export const MAX_LIST_ITEMS = 50;

const noDuplicates = (keys: ReadonlyArray<number>): boolean => new Set(keys).size === keys.length;

const idList = (field: string) =>
  Schema.propertySignature(
    Schema.Array(Schema.Struct({ id: CatalogueId })).pipe(
      Schema.maxItems(MAX_LIST_ITEMS, { message: () => ONBOARDING_MESSAGES.tooManyItems }),
      Schema.filter((items) => noDuplicates(items.map((item) => item.id)), { message: () => ONBOARDING_MESSAGES.duplicateItem }),
    ),
  ).annotations({ missingMessage: () => `Falta la lista ${field}.` });

// --- Step payloads (spec section 7) --------------------------------------------

/**
 * POST company_data (step 1): the general information. `name` is required;
 * every other field may be left out or sent as null (cleared). The RFC, when
 * given, passes the SAT's rule KYB uses (contracts/rfc.ts) and has the length
 * of the person type.
 */
export const CompanyDataRequest = Schema.Struct({
  name: Schema.propertySignature(text(200, ONBOARDING_MESSAGES.companyNameRequired)).annotations({
    missingMessage: () => ONBOARDING_MESSAGES.companyNameRequired,
  }),
  legal_name: nullable(text(300)),
  comercial_name: nullable(text(200)),
  rfc: nullable(Rfc),
  website: nullable(text(300)),
  company_type: nullable(CompanyPersonType.annotations({ message: () => ({ message: ONBOARDING_MESSAGES.companyTypeInvalid, override: true }) })),
  society_id: nullable(CatalogueId),
  tax_system_id: nullable(CatalogueId),
}).pipe(
  Schema.filter((data) => {
    if (data.rfc == null) return true;
    const checked = checkRfcFor(data.rfc, data.company_type ?? null);
    return checked.ok || { path: ["rfc"], message: checked.message };
  }),
);
export type CompanyDataRequest = typeof CompanyDataRequest.Type;

export const Equity = Schema.Struct({
  shareholder: Schema.propertySignature(text(200, ONBOARDING_MESSAGES.shareholderRequired)).annotations({
    missingMessage: () => ONBOARDING_MESSAGES.shareholderRequired,
  }),
  equity: Schema.propertySignature(Percent).annotations({ missingMessage: () => ONBOARDING_MESSAGES.percentRange }),
});
export type Equity = typeof Equity.Type;

/** PUT company_equities (step 2): the shareholders, adding up to exactly 100%. */
export const CompanyEquitiesRequest = Schema.Struct({
  company_equities: Schema.propertySignature(
    Schema.Array(Equity).pipe(
      Schema.maxItems(MAX_LIST_ITEMS, { message: () => ONBOARDING_MESSAGES.tooManyItems }),
      Schema.filter((items) => totalIsExactly100(items.map((item) => item.equity)), { message: () => ONBOARDING_MESSAGES.equityTotal }),
    ),
  ).annotations({ missingMessage: () => ONBOARDING_MESSAGES.equityTotal }),
});
export type CompanyEquitiesRequest = typeof CompanyEquitiesRequest.Type;

/** PUT company_interests (step 3): at least one interest id (they replace the company's interests). */
export const CompanyInterestsRequest = Schema.Struct({
  company_interests: Schema.propertySignature(
    Schema.Array(Schema.Struct({ interest_id: CatalogueId })).pipe(
      Schema.maxItems(MAX_LIST_ITEMS, { message: () => ONBOARDING_MESSAGES.tooManyItems }),
      Schema.minItems(1, { message: () => ONBOARDING_MESSAGES.interestRequired }),
      Schema.filter((items) => noDuplicates(items.map((item) => item.interest_id)), { message: () => ONBOARDING_MESSAGES.duplicateItem }),
    ),
  ).annotations({ missingMessage: () => ONBOARDING_MESSAGES.interestRequired }),
});
export type CompanyInterestsRequest = typeof CompanyInterestsRequest.Type;

const Investors = Schema.Number.annotations({ message: () => ONBOARDING_MESSAGES.investorsInvalid }).pipe(
  Schema.int({ message: () => ONBOARDING_MESSAGES.investorsInvalid }),
  Schema.between(0, 100_000, { message: () => ONBOARDING_MESSAGES.investorsInvalid }),
);

/**
 * PUT company_funding_rounds (steps 4 and 5): the round's stage and its size
 * in USD (step 4), and how much of it is already raised (USD) and how many
 * investors have committed (step 5). Step 4 leaves the last two out (they
 * keep what step 5 saved, or stay unanswered); step 5 sends them, null when
 * blank, and only then is step 5 saved (`company_investment`).
 */
export const CompanyFundingRoundRequest = Schema.Struct({
  funding_round: Schema.propertySignature(
    FundingStage.annotations({ message: () => ({ message: ONBOARDING_MESSAGES.fundingStageInvalid, override: true }) }),
  ).annotations({ missingMessage: () => ONBOARDING_MESSAGES.fundingStageInvalid }),
  funding_round_amount: Schema.propertySignature(Amount).annotations({ missingMessage: () => ONBOARDING_MESSAGES.amountInvalid }),
  funding_round_done: nullable(Amount),
  investors: nullable(Investors),
}).pipe(
  Schema.filter(
    (round) =>
      round.funding_round_done == null ||
      round.funding_round_done <= round.funding_round_amount || { path: ["funding_round_done"], message: ONBOARDING_MESSAGES.doneOverAmount },
  ),
);
export type CompanyFundingRoundRequest = typeof CompanyFundingRoundRequest.Type;

export const FundingRoundUse = Schema.Struct({
  use_name: Schema.propertySignature(text(200, ONBOARDING_MESSAGES.useNameRequired)).annotations({
    missingMessage: () => ONBOARDING_MESSAGES.useNameRequired,
  }),
  use_percentage: Schema.propertySignature(Percent).annotations({ missingMessage: () => ONBOARDING_MESSAGES.percentRange }),
});
export type FundingRoundUse = typeof FundingRoundUse.Type;

/** PUT company_funding_rounds_uses (step 6): the uses of the capital, adding up to exactly 100%. */
export const CompanyFundingRoundUsesRequest = Schema.Struct({
  company_funding_rounds_uses: Schema.propertySignature(
    Schema.Array(FundingRoundUse).pipe(
      Schema.maxItems(MAX_LIST_ITEMS, { message: () => ONBOARDING_MESSAGES.tooManyItems }),
      Schema.filter((items) => totalIsExactly100(items.map((item) => item.use_percentage)), { message: () => ONBOARDING_MESSAGES.usesTotal }),
    ),
  ).annotations({ missingMessage: () => ONBOARDING_MESSAGES.usesTotal }),
});
export type CompanyFundingRoundUsesRequest = typeof CompanyFundingRoundUsesRequest.Type;

const urgency = Schema.optionalWith(Urgency.annotations({ message: () => ({ message: ONBOARDING_MESSAGES.urgencyInvalid, override: true }) }), {
  default: () => DEFAULT_URGENCY,
});

/**
 * PUT company_selling_data (step 3, when a selling interest is chosen): why
 * the owner sells, the value they would negotiate, and how urgent it is
 * (not_urgent when left out).
 */
export const CompanySellingDataRequest = Schema.Struct({
  motivation: nullable(text(2000)),
  valuation_range_negotiation: nullable(text(500)),
  funding_round_urgency: urgency,
});
export type CompanySellingDataRequest = typeof CompanySellingDataRequest.Type;

/**
 * PUT company_sell_data (step 7, financial info): the state of the books,
 * last year's and the year before's sales and EBITDA margin, and this year's
 * estimate. Sales are pesos; margins are percentages (may be negative).
 */
export const CompanySellDataRequest = Schema.Struct({
  financial_records_state: nullable(
    FinancialRecordsState.annotations({ message: () => ({ message: ONBOARDING_MESSAGES.financialRecordsInvalid, override: true }) }),
  ),
  yearly_sales: nullable(Amount),
  ebitda_margin: nullable(Margin),
  second_last_year_yearly_sales: nullable(Amount),
  second_last_year_ebitda_margin: nullable(Margin),
  estimate_yearly_sales: nullable(Amount),
});
export type CompanySellDataRequest = typeof CompanySellDataRequest.Type;

/**
 * PUT company_characteristics (step 8): the characteristics and attributes
 * chosen from their catalogues, plus the free-text "more information"
 * answers of step 8 (what makes the company unique, its challenges).
 */
export const CompanyCharacteristicsRequest = Schema.Struct({
  characteristics: idList("characteristics"),
  attributes: idList("attributes"),
  company_uniqueness_summary: nullable(text(2000)),
  company_challenges: nullable(text(2000)),
});
export type CompanyCharacteristicsRequest = typeof CompanyCharacteristicsRequest.Type;

/** PUT funding_structures (step 8): the structures the owner accepts, and the urgency (not_urgent when left out). */
export const FundingStructuresRequest = Schema.Struct({
  funding_structures: idList("funding_structures"),
  funding_round_urgency: urgency,
});
export type FundingStructuresRequest = typeof FundingStructuresRequest.Type;

// --- The summary ----------------------------------------------------------------

/** The saves, by name; the summary says which ones were made. */
export const ONBOARDING_STEPS = [
  "company_data",
  "company_equities",
  "company_interests",
  "company_funding_rounds",
  "company_investment",
  "company_funding_rounds_uses",
  "company_selling_data",
  "company_sell_data",
  "company_characteristics",
  "funding_structures",
] as const;
export const OnboardingStep = Schema.Literal(...ONBOARDING_STEPS);
export type OnboardingStep = typeof OnboardingStep.Type;

const NamedItem = Schema.Struct({ id: Schema.Int, name: Schema.String });

export const GeneralInformation = Schema.Struct({
  legal_name: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  comercial_name: Schema.NullOr(Schema.String),
  rfc: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  company_type: Schema.NullOr(CompanyPersonType),
  society_id: Schema.NullOr(Schema.Int),
  tax_system_id: Schema.NullOr(Schema.Int),
  financial_records_state: Schema.NullOr(FinancialRecordsState),
  yearly_sales: Schema.NullOr(Schema.Number),
  ebitda_margin: Schema.NullOr(Schema.Number),
  second_last_year_yearly_sales: Schema.NullOr(Schema.Number),
  second_last_year_ebitda_margin: Schema.NullOr(Schema.Number),
  estimate_yearly_sales: Schema.NullOr(Schema.Number),
  company_uniqueness_summary: Schema.NullOr(Schema.String),
  company_challenges: Schema.NullOr(Schema.String),
  motivation: Schema.NullOr(Schema.String),
  valuation_range_negotiation: Schema.NullOr(Schema.String),
  /** not_urgent until a save says otherwise. */
  funding_round_urgency: Urgency,
});
export type GeneralInformation = typeof GeneralInformation.Type;

/** GET /companies/:id/onboardings: everything saved so far, and which saves were made. */
export const OnboardingSummary = Schema.Struct({
  company_id: Schema.Int,
  general_information: GeneralInformation,
  company_equities: Schema.Array(Equity),
  interests: Schema.Array(NamedItem),
  company_funding_round: Schema.NullOr(
    Schema.Struct({
      funding_round: FundingStage,
      funding_round_amount: Schema.Number,
      /** Null until step 5 answers it. */
      funding_round_done: Schema.NullOr(Schema.Number),
      investors: Schema.NullOr(Schema.Int),
    }),
  ),
  company_funding_rounds_uses: Schema.Array(FundingRoundUse),
  companyCharacteristics: Schema.Array(NamedItem),
  companyAttributes: Schema.Array(NamedItem),
  fundingStructures: Schema.Array(Schema.Struct({ id: Schema.Int, name: Schema.String, type: Schema.Literal(...FUNDING_STRUCTURE_TYPES) })),
  /** The saves made, in ONBOARDING_STEPS order: the wizard resumes at its first step whose save is missing. */
  saved_steps: Schema.Array(OnboardingStep),
  /** The owner's onboarding flag (set by POST /slack-onboarding). */
  is_onboarding_completed: Schema.Boolean,
});
export type OnboardingSummary = typeof OnboardingSummary.Type;

/** What every save answers: the summary after the save. */
const SaveResponse = OnboardingSummary;

export const SlackOnboardingRequest = Schema.Struct({
  company_id: Schema.propertySignature(CompanyId.annotations({ message: () => COMPANY_NOT_FOUND_MESSAGE })).annotations({
    missingMessage: () => COMPANY_NOT_FOUND_MESSAGE,
  }),
});
export type SlackOnboardingRequest = typeof SlackOnboardingRequest.Type;

export const SlackOnboardingResponse = Schema.Struct({
  company_id: Schema.Int,
  is_onboarding_completed: Schema.Boolean,
  /** "slack" or "mail": how the team was told. */
  notified_via: Schema.Literal("slack", "mail"),
});
export type SlackOnboardingResponse = typeof SlackOnboardingResponse.Type;

// --- Endpoints -------------------------------------------------------------------

const errors = {
  notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE },
  tooMany: { status: 429, message: ONBOARDING_MESSAGES.tooMany },
} as const;

export const saveCompanyDataEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/onboardings/company_data",
  summary: "Onboarding step 1: save the general information (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyDataRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanyEquitiesEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_equities",
  summary: "Onboarding step 2: replace the shareholders (total exactly 100%).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyEquitiesRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanyInterestsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_interests",
  summary: "Onboarding step 3: replace the company's interests.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyInterestsRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanyFundingRoundEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_funding_rounds",
  summary: "Onboarding steps 4–5: save the funding round.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyFundingRoundRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanyFundingRoundUsesEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_funding_rounds_uses",
  summary: "Onboarding step 6: replace the uses of capital (total exactly 100%).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyFundingRoundUsesRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanySellingDataEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_selling_data",
  summary: "Onboarding step 3 (selling): motivation, valuation and urgency.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanySellingDataRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanySellDataEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_sell_data",
  summary: "Onboarding step 7: save the financial information.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanySellDataRequest,
  response: SaveResponse,
  errors,
});

export const saveCompanyCharacteristicsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/company_characteristics",
  summary: "Onboarding step 8: replace characteristics and attributes; uniqueness and challenges.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: CompanyCharacteristicsRequest,
  response: SaveResponse,
  errors,
});

export const saveFundingStructuresEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/onboardings/funding_structures",
  summary: "Onboarding step 8: replace funding structures; urgency.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  body: FundingStructuresRequest,
  response: SaveResponse,
  errors,
});

/** GET /companies/:id/onboardings: the summary (owner or admin). */
export const getOnboardingEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/onboardings",
  summary: "The onboarding summary: everything saved and which saves were made (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: OnboardingSummary,
  errors: { notFound: errors.notFound },
});

/** POST /slack-onboarding: the owner finished the wizard; tell the team and mark the onboarding completed. */
export const slackOnboardingEndpoint = defineEndpoint({
  method: "POST",
  path: "/slack-onboarding",
  summary: "Finish the onboarding: notify the team and mark the owner's onboarding completed (owner or admin).",
  // The company named in the body.
  access: { who: "companyManager", companyId: "body" },
  body: SlackOnboardingRequest,
  response: SlackOnboardingResponse,
  errors: {
    notFound: errors.notFound,
    tooMany: errors.tooMany,
  },
});

export const ONBOARDING_SAVE_ENDPOINTS = [
  saveCompanyDataEndpoint,
  saveCompanyEquitiesEndpoint,
  saveCompanyInterestsEndpoint,
  saveCompanyFundingRoundEndpoint,
  saveCompanyFundingRoundUsesEndpoint,
  saveCompanySellingDataEndpoint,
  saveCompanySellDataEndpoint,
  saveCompanyCharacteristicsEndpoint,
  saveFundingStructuresEndpoint,
] as const;

export const ONBOARDING_ENDPOINTS = [...ONBOARDING_SAVE_ENDPOINTS, getOnboardingEndpoint, slackOnboardingEndpoint] as const;
