import type { ValuationResponse } from "../../contracts/valuations.ts";

/**
 * The free valuation wizard's answers and context (spec sections 2, 3, 4, 5
 * and 9; /valuacion-gratuita/herramienta). The request they become is the
 * contract's (`contracts/valuations.ts`); see ./selectors.ts `toRequest`.
 */

/** 1–3 ask, 4 confirms and sends ('Ver mi valuación'), 5 shows the result. Progress is 20% per step. */
export type ValuationStep = 1 | 2 | 3 | 4 | 5;
export const VALUATION_STEPS: readonly ValuationStep[] = [1, 2, 3, 4, 5];

/** The steps with fields to fill in. */
export type FormStep = 1 | 2 | 3;

/**
 * Amounts and growth are kept as typed (digits, one dot, at most one decimal
 * digit: spec section 5), so "1234." survives while the person types; they
 * become numbers only in the request. Empty text or null is "not answered".
 */
export interface ValuationAnswers {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** From the /industries catalogue. */
  readonly industryId: number | null;
  /** One of VALUATION_LOCATIONS' ids; it decides the currency (MXN for México, USD elsewhere). */
  readonly location: number | null;
  /** Yearly sales, whole currency units. */
  readonly revenue: string;
  /** Yearly EBITDA (the contract's `net_profit`). */
  readonly ebitda: string;
  /** Expected yearly growth, in percent (may be negative). */
  readonly growth: string;
  /** One of VALUATION_REASONS' ids. */
  readonly reason: number | null;
  /** Optional. */
  readonly website: string;
}

export type AnswerField = keyof ValuationAnswers;

/** The fields each form step shows (and the only ones it lets change). */
export const FIELDS_OF_STEP = {
  1: ["email", "firstName", "lastName"],
  2: ["industryId", "location"],
  3: ["revenue", "ebitda", "growth", "reason", "website"],
} as const satisfies Record<FormStep, readonly AnswerField[]>;

/**
 * Gating (spec section 5): what must be answered before Next. Step 1 email,
 * first and last name; step 2 industry and location; step 3 revenue only.
 * EBITDA, growth, reason and website are optional: blank, the engine assumes
 * what docs/decisions/029-valuation-optional-inputs.md says; an invalid value
 * is refused when Next is pressed.
 */
export const REQUIRED_OF_STEP = {
  1: ["email", "firstName", "lastName"],
  2: ["industryId", "location"],
  3: ["revenue"],
} as const satisfies Record<FormStep, readonly AnswerField[]>;

export interface ValuationContext {
  readonly step: ValuationStep;
  readonly answers: ValuationAnswers;
  /** Set by a Next refused for invalid answers: the step's messages show (and follow the edits) until the step is left. */
  readonly showErrors: boolean;
  /** Counts refused Nexts, so the page moves focus to the first invalid field each time. */
  readonly refusals: number;
  /** The last answer of the engine; shown on step 5. */
  readonly result: ValuationResponse | null;
}

export const EMPTY_ANSWERS: ValuationAnswers = {
  email: "",
  firstName: "",
  lastName: "",
  industryId: null,
  location: null,
  revenue: "",
  ebitda: "",
  growth: "",
  reason: null,
  website: "",
};
