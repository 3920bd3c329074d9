/**
 * The onboarding wizard's answers, per step (spec sections 3, 4 and 7).
 *
 * Defined here because no `contracts/onboarding.ts` exists yet; the field
 * names follow the spec's "Onboarding data" so the integrator can align them
 * with the server contract. Percentages are numbers as typed (0–100, step
 * 0.01); totals are checked in integer hundredths (./selectors.ts).
 */

/** The wizard's steps: 1–8 are forms (the sidebar); 9 and 10 are views (see onboarding.machine.ts). */
export type FormStep = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const FORM_STEPS: readonly FormStep[] = [1, 2, 3, 4, 5, 6, 7, 8];

export interface CatalogueItem {
  readonly id: number;
  readonly name: string;
}

export type CompanyType = "fisica" | "moral";
export type FundingStage = "pre_seed" | "series_a" | "series_b" | "series_c" | "series_d" | "other";
export type FinancialRecordsState = "has_financial_records" | "has_some_financial_records" | "has_excel_financial_records" | "no_financial_records";
export type Urgency = "asap" | "moderate" | "not_urgent";

/** Step 1: general information. */
export interface GeneralInfoAnswers {
  readonly legal_name: string;
  readonly name: string;
  readonly comercial_name: string;
  readonly rfc: string;
  readonly website: string;
  readonly company_type: CompanyType | null;
  readonly society_id: number | null;
  readonly tax_system_id: number | null;
}

/** Step 2: one shareholder. */
export interface EquityRow {
  readonly shareholder: string;
  readonly equity: number | null;
}

/** Step 3: the objective. `motivation` is asked only for a selling interest. */
export interface ObjectiveAnswers {
  readonly interests: readonly CatalogueItem[];
  readonly motivation: string;
}

/** Step 4: the funding round. */
export interface FundingRoundAnswers {
  readonly funding_round: FundingStage | null;
  readonly funding_round_amount: number | null;
}

/** Step 5: investment information (capital growth: progress and committed investors). */
export interface InvestmentAnswers {
  readonly funding_round_done: number | null;
  readonly investors: number | null;
}

/** Step 6: one use of the capital. */
export interface UseRow {
  readonly use_name: string;
  readonly use_percentage: number | null;
}

/** Step 7: financial information. */
export interface FinancialAnswers {
  readonly financial_records_state: FinancialRecordsState | null;
  readonly yearly_sales: number | null;
  readonly ebitda_margin: number | null;
  readonly second_last_year_yearly_sales: number | null;
  readonly second_last_year_ebitda_margin: number | null;
  readonly estimate_yearly_sales: number | null;
}

/**
 * Step 8: characteristics and attributes, plus what the spec saves with them
 * (challenges, funding structures and urgency). Funding structures and urgency
 * are asked only for a selling interest; urgency is null until chosen.
 */
export interface CharacteristicsAnswers {
  readonly characteristic_ids: readonly number[];
  readonly attribute_ids: readonly number[];
  readonly company_uniqueness_summary: string;
  readonly company_challenges: string;
  readonly valuation_range_negotiation: string;
  readonly funding_structure_ids: readonly number[];
  readonly funding_round_urgency: Urgency | null;
}

export interface OnboardingAnswers {
  readonly general: GeneralInfoAnswers;
  readonly equities: readonly EquityRow[];
  readonly objective: ObjectiveAnswers;
  readonly fundingRound: FundingRoundAnswers;
  readonly investment: InvestmentAnswers;
  readonly uses: readonly UseRow[];
  readonly financial: FinancialAnswers;
  readonly characteristics: CharacteristicsAnswers;
}

/** The section of the answers each form step edits. */
export const SECTION_OF_STEP = {
  1: "general",
  2: "equities",
  3: "objective",
  4: "fundingRound",
  5: "investment",
  6: "uses",
  7: "financial",
  8: "characteristics",
} as const satisfies Record<FormStep, keyof OnboardingAnswers>;

/** Sections edited field by field (the two tables have their own row events). */
export type FieldSection = "general" | "objective" | "fundingRound" | "investment" | "financial" | "characteristics";

/** What `saveStep` receives: the step and its answers as they will be saved (defaults applied). */
export type SaveStepAnswers =
  | { readonly step: 1; readonly answers: GeneralInfoAnswers }
  | { readonly step: 2; readonly answers: readonly EquityRow[] }
  | { readonly step: 3; readonly answers: ObjectiveAnswers }
  | { readonly step: 4; readonly answers: FundingRoundAnswers }
  | { readonly step: 5; readonly answers: InvestmentAnswers }
  | { readonly step: 6; readonly answers: readonly UseRow[] }
  | { readonly step: 7; readonly answers: FinancialAnswers }
  | { readonly step: 8; readonly answers: CharacteristicsAnswers & { readonly funding_round_urgency: Urgency } };

export type SaveStepInput = SaveStepAnswers & { readonly companyId: number };

export interface NotifyTeamInput {
  readonly companyId: number;
}

/** Resume: what the server has (the summary, as answers) and which steps were saved. */
export interface SavedOnboarding {
  readonly answers: Partial<OnboardingAnswers>;
  readonly steps: readonly FormStep[];
}

export interface OnboardingInput {
  readonly companyId: number;
  readonly saved?: SavedOnboarding;
}

export interface OnboardingContext {
  readonly companyId: number;
  /** The wizard's step: 1–8 the forms, 9 finishing, 10 done (progress is step/10). */
  readonly step: number;
  readonly answers: OnboardingAnswers;
  /** Steps saved (from the input on resume, then each successful save). */
  readonly savedSteps: readonly FormStep[];
  /**
   * What the server has: the input's answers, then each step's answers as
   * its save sent them. Leaving and coming back starts from these
   * (./selectors.ts `resumeInput`), never from what was typed and not saved.
   */
  readonly savedAnswers: OnboardingAnswers;
  /** The last failed save or notification; cleared by the next successful save or on leaving the step. */
  readonly error: unknown;
}

export const EMPTY_ANSWERS: OnboardingAnswers = {
  general: { legal_name: "", name: "", comercial_name: "", rfc: "", website: "", company_type: null, society_id: null, tax_system_id: null },
  equities: [{ shareholder: "", equity: null }],
  objective: { interests: [], motivation: "" },
  fundingRound: { funding_round: null, funding_round_amount: null },
  investment: { funding_round_done: null, investors: null },
  uses: [{ use_name: "", use_percentage: null }],
  financial: {
    financial_records_state: null,
    yearly_sales: null,
    ebitda_margin: null,
    second_last_year_yearly_sales: null,
    second_last_year_ebitda_margin: null,
    estimate_yearly_sales: null,
  },
  characteristics: {
    characteristic_ids: [],
    attribute_ids: [],
    company_uniqueness_summary: "",
    company_challenges: "",
    valuation_range_negotiation: "",
    funding_structure_ids: [],
    funding_round_urgency: null,
  },
};
