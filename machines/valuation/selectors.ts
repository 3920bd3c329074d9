import { Either, Schema } from "effect";
import { fieldErrors } from "../../contracts/fields.ts";
import {
  VALUATION_LOCATIONS,
  VALUATION_REASONS,
  ValuationRequest,
  currencyOfLocation,
  type ValuationCurrency,
  type ValuationResponse,
} from "../../contracts/valuations.ts";
import { FIELDS_OF_STEP, REQUIRED_OF_STEP, type AnswerField, type FormStep, type ValuationAnswers, type ValuationContext, type ValuationStep } from "./types.ts";

/**
 * Pure rules of the valuation wizard (the machine is ./valuation.machine.ts):
 * what each field accepts, gating, the messages (the contract's, by decoding
 * the request the answers make), the request itself, and the view the page
 * renders, with the result in the spec's formats (section 9).
 */

/** The request as sent (the contract's encoded side). */
export type ValuationRequestBody = Schema.Schema.Encoded<typeof ValuationRequest>;

// Spec section 5: numeric inputs take digits and one dot with at most one
// decimal digit. Amounts stop at 13 integer digits (the contract's maximum,
// 1,000,000,000,000, has 13); growth may be negative (the contract allows
// −100% to 1,000%). Linear patterns: no nested or overlapping repetition.
export const AMOUNT_TEXT_PATTERN = /^\d{0,13}(?:\.\d?)?$/;
export const GROWTH_TEXT_PATTERN = /^-?\d{0,4}(?:\.\d?)?$/;

type AmountField = "revenue" | "ebitda" | "growth";
const isAmountField = (field: AnswerField): field is AmountField => field === "revenue" || field === "ebitda" || field === "growth";

/** Whether a field may take `value` as typed: amounts and growth only in their patterns; the rest always. */
export function acceptsValue(field: AnswerField, value: unknown): boolean {
  if (!isAmountField(field)) return true;
  if (typeof value !== "string") return false;
  return (field === "growth" ? GROWTH_TEXT_PATTERN : AMOUNT_TEXT_PATTERN).test(value);
}

/** Text typed into an amount, without the thousands commas the input shows. */
export const stripThousands = (text: string): string => text.replaceAll(",", "");

/** "1234567.5" as the input shows it: "1,234,567.5" (comma thousands, dot decimal, as typed otherwise). */
export function formatAmountText(raw: string): string {
  const match = /^(-?)(\d*)(\.\d*)?$/.exec(raw);
  if (match === null) return raw;
  const [, sign = "", digits = "", decimals = ""] = match;
  return `${sign}${digits.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals}`;
}

/** A typed amount as a number; empty or unfinished ("-", ".") is NaN, which the contract refuses. */
const numberOf = (text: string): number => (/\d/.test(text) ? Number(text) : Number.NaN);

/** An optional figure: blank is null (the engine assumes a value); anything else as numberOf. */
const optionalNumberOf = (text: string): number | null => (text.trim() === "" ? null : numberOf(text));

/** MXN for México, USD elsewhere (spec section 3); null until a location is chosen. */
export const currencyOf = (answers: Pick<ValuationAnswers, "location">): ValuationCurrency | null =>
  answers.location === null ? null : currencyOfLocation(answers.location);

/**
 * The request the answers make (spec section 3): the name is first and last
 * name joined by a space; the currency follows the location. Blank optional
 * figures (EBITDA, growth, reason) are sent as null. Unanswered required
 * choices are sent as 0 and an unanswered revenue as NaN, so decoding names
 * the field; gating keeps both from ever being sent.
 */
export function toRequest(answers: ValuationAnswers): ValuationRequestBody {
  const location = answers.location ?? 0;
  return {
    email: answers.email.trim(),
    name: `${answers.firstName.trim()} ${answers.lastName.trim()}`.trim(),
    industry_id: answers.industryId ?? 0,
    website: answers.website.trim(),
    gross_revenue: numberOf(answers.revenue),
    net_profit: optionalNumberOf(answers.ebitda),
    reason: answers.reason,
    valuation_type: "default",
    location,
    annual_percentage_growth: optionalNumberOf(answers.growth),
    currency: currencyOfLocation(location),
  };
}

/** Which answer a request key's message belongs under. */
const FIELD_OF_KEY: Readonly<Record<string, AnswerField>> = {
  email: "email",
  name: "firstName",
  industry_id: "industryId",
  location: "location",
  gross_revenue: "revenue",
  net_profit: "ebitda",
  annual_percentage_growth: "growth",
  reason: "reason",
  website: "website",
};

export type AnswerErrors = Partial<Record<AnswerField, string>>;

const decodeRequest = Schema.decodeUnknownEither(ValuationRequest, { errors: "all" });

/**
 * The step's messages, from the contract the server also runs (so the
 * wizard and the API say the same thing). The whole request is decoded and
 * the messages of the step's fields are kept: on step 3 the earlier steps
 * are valid already, so the cross-field rule (EBITDA not above sales) runs
 * as soon as the step's own fields pass.
 */
export function stepErrors(answers: ValuationAnswers, step: FormStep): AnswerErrors {
  const request = toRequest(answers);
  let messages = requestErrors(request);
  // The cross-field rule runs only on an otherwise valid request: with the
  // amounts fine but another step-3 field wrong, check it again with those
  // fields neutral, so both messages show after one Next.
  if (step === 3 && messages["gross_revenue"] === undefined && messages["net_profit"] === undefined && Object.keys(messages).length > 0) {
    messages = { ...requestErrors({ ...request, website: "", annual_percentage_growth: null, reason: null }), ...messages };
  }
  const fields: readonly AnswerField[] = FIELDS_OF_STEP[step];
  const errors: AnswerErrors = {};
  for (const [key, message] of Object.entries(messages)) {
    const field = FIELD_OF_KEY[key];
    if (field !== undefined && fields.includes(field)) errors[field] ??= message;
  }
  return errors;
}

/** The contract's first message per request key (none when the request is valid). */
function requestErrors(request: ValuationRequestBody): Readonly<Record<string, string>> {
  const decoded = decodeRequest(request);
  return Either.isRight(decoded) ? {} : fieldErrors(decoded.left);
}

const isAnswered = (value: string | number | null): boolean => (typeof value === "string" ? value.trim() !== "" : value !== null);

/** Gating (spec section 5): every required field of the step has an answer. */
export const isStepFilled = (answers: ValuationAnswers, step: FormStep): boolean =>
  REQUIRED_OF_STEP[step].every((field) => isAnswered(answers[field]));

/** Filled, and no message: Next may go on. */
export const isStepValid = (answers: ValuationAnswers, step: FormStep): boolean =>
  isStepFilled(answers, step) && Object.keys(stepErrors(answers, step)).length === 0;

/** Spec section 9: 20% per step. */
export const progressOf = (step: ValuationStep): number => step * 20;

// --- The result (spec section 9: millions with 2 decimals, multiple with 1) ---

const MILLIONS = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MULTIPLE = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12,345,678 → "$12.35" (millions, two decimals, es-MX). */
export const millionsFigure = (amount: number): string => `${amount < 0 ? "-" : ""}$${MILLIONS.format(Math.abs(amount) / 1_000_000)}`;

/** 12,345,678 MXN → "$12.35 millones MXN". */
export const formatMillions = (amount: number, currency: ValuationCurrency): string => `${millionsFigure(amount)} millones ${currency}`;

/** 6.25 → "6.3x". */
export const formatMultiple = (multiple: number): string => `${MULTIPLE.format(multiple)}x`;

export interface ValuationResultView {
  readonly currency: ValuationCurrency;
  readonly industryName: string;
  /** The median (p50): "$12.35 millones MXN". */
  readonly valuation: string;
  /** "$9.80 – $15.20 millones MXN" (p10 – p90). */
  readonly range: string;
  readonly lower: string;
  readonly upper: string;
  /** "6.3x". */
  readonly multiple: string;
  /** What the multiple multiplies: EBITDA, or sales when EBITDA is 0 (the contract's rule). */
  readonly multipleBasis: "EBITDA" | "ventas";
  /** The range in plain words. */
  readonly rangeInWords: string;
  /** What the engine assumed for the blank figures, one short sentence each (empty when all were given). */
  readonly assumptions: readonly string[];
}

const PERCENT = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 2 });

/** One sentence per assumption the engine reports (docs/decisions/029-valuation-optional-inputs.md). */
export function assumptionTexts(result: Pick<ValuationResponse, "assumptions" | "profit_result" | "annual_percentage_growth">): string[] {
  return result.assumptions.map((assumption) => {
    switch (assumption) {
      case "typicalMargin":
        return `Sin EBITDA: usamos el margen típico de la industria, ${PERCENT.format(result.profit_result)}% de tus ventas.`;
      case "neutralGrowth":
        return `Sin crecimiento esperado: usamos un crecimiento neutro de ${PERCENT.format(result.annual_percentage_growth)}% al año, que no sube ni baja tu valuación.`;
      case "noReason":
        return "Sin motivo de la valuación: no cambia el cálculo.";
    }
  });
}

export function resultView(result: ValuationResponse): ValuationResultView {
  const { currency } = result;
  const lower = formatMillions(result.lowerEstimate, currency);
  const upper = formatMillions(result.upperEstimate, currency);
  return {
    currency,
    industryName: result.industry_name,
    valuation: formatMillions(result.valuation_result, currency),
    range: `${millionsFigure(result.lowerEstimate)} – ${millionsFigure(result.upperEstimate)} millones ${currency}`,
    lower,
    upper,
    multiple: formatMultiple(result.multiple),
    multipleBasis: result.net_profit > 0 ? "EBITDA" : "ventas",
    rangeInWords: `8 de cada 10 escenarios simulados quedan entre ${lower} y ${upper}.`,
    assumptions: assumptionTexts(result),
  };
}

// --- Step 4: what will be sent, to check before 'Ver mi valuación' ---

export interface SummaryRow {
  readonly label: string;
  readonly value: string;
}

/** An optional answer left blank, on the review. */
export const NOT_GIVEN = "No indicado";

const nameIn = (options: ReadonlyArray<{ readonly id: number; readonly name: string }>, id: number | null): string =>
  options.find((option) => option.id === id)?.name ?? "";

/** The answers as the person gave them, for the review on step 4 (the industry's name comes from the catalogue). */
export function summaryRows(answers: ValuationAnswers, industryName: string): SummaryRow[] {
  const currency = currencyOf(answers) ?? "";
  const amount = (text: string) => (text.trim() === "" ? NOT_GIVEN : `$${formatAmountText(text)} ${currency}`.trim());
  return [
    { label: "Nombre", value: `${answers.firstName.trim()} ${answers.lastName.trim()}` },
    { label: "Email", value: answers.email.trim() },
    { label: "Industria", value: industryName },
    { label: "Ubicación", value: nameIn(VALUATION_LOCATIONS, answers.location) },
    { label: "Ventas anuales", value: amount(answers.revenue) },
    { label: "EBITDA anual", value: amount(answers.ebitda) },
    { label: "Crecimiento anual esperado", value: answers.growth.trim() === "" ? NOT_GIVEN : `${answers.growth}%` },
    { label: "Motivo de la valuación", value: answers.reason === null ? NOT_GIVEN : nameIn(VALUATION_REASONS, answers.reason) },
    { label: "Sitio web", value: answers.website.trim() === "" ? NOT_GIVEN : answers.website.trim() },
  ];
}

// --- The view ---

/**
 * - `editing`: steps 1–3.
 * - `reviewing`: step 4, 'Ver mi valuación' not pressed (or the last try failed).
 * - `waiting`: step 4, the 2 s before the request (loader shown).
 * - `requesting`: step 4, the request in flight (loader shown).
 * - `result`: step 5.
 */
export type ValuationStatus = "editing" | "reviewing" | "waiting" | "requesting" | "result";

export interface ValuationView {
  readonly status: ValuationStatus;
  readonly step: ValuationStep;
  /** 20–100. */
  readonly progress: number;
  /** The form step shown (1–3), or null on steps 4 and 5. */
  readonly formStep: FormStep | null;
  /** Gating: Next is enabled once the step's required fields are answered. */
  readonly canGoNext: boolean;
  readonly canGoBack: boolean;
  /** The loader: the 2 s wait and the request. */
  readonly isLoading: boolean;
  /** Shown only after a refused Next on this step; they follow the edits from then on. */
  readonly errors: AnswerErrors;
  readonly refusals: number;
  readonly currency: ValuationCurrency | null;
  readonly result: ValuationResultView | null;
}

const isFormStep = (step: ValuationStep): step is FormStep => step === 1 || step === 2 || step === 3;

export function valuationView(status: ValuationStatus, context: ValuationContext): ValuationView {
  const { step, answers } = context;
  const formStep = status === "editing" && isFormStep(step) ? step : null;
  return {
    status,
    step,
    progress: progressOf(step),
    formStep,
    canGoNext: formStep !== null && isStepFilled(answers, formStep),
    canGoBack: (formStep !== null && formStep > 1) || status === "reviewing" || status === "result",
    isLoading: status === "waiting" || status === "requesting",
    errors: formStep !== null && context.showErrors ? stepErrors(answers, formStep) : {},
    refusals: context.refusals,
    currency: currencyOf(answers),
    result: status === "result" && context.result !== null ? resultView(context.result) : null,
  };
}
