import type {
  CompanyCharacteristicsRequest,
  CompanyDataRequest,
  CompanyEquitiesRequest,
  CompanyFundingRoundRequest,
  CompanyFundingRoundUsesRequest,
  CompanyInterestsRequest,
  CompanySellDataRequest,
  CompanySellingDataRequest,
  FundingStructuresRequest,
  OnboardingStep,
  OnboardingSummary,
} from "../../../../contracts/onboarding.ts";
import { SELLING_INTEREST_NAMES } from "../../../../contracts/onboarding.ts";
import type {
  CharacteristicsAnswers,
  FormStep,
  FundingRoundAnswers,
  GeneralInfoAnswers,
  InvestmentAnswers,
  OnboardingAnswers,
  SavedOnboarding,
  SaveStepAnswers,
  Urgency,
} from "../../../../machines/onboarding/types.ts";
import type { CompanyBasics } from "../api/update-company-basics.ts";

/**
 * The seam between the wizard's machine and the contract (decision 017):
 * the machine's step answers become the save bodies, and the summary becomes
 * the machine's resume input. Empty text travels as null (cleared).
 */

const orNull = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

export const companyDataBody = (general: GeneralInfoAnswers): CompanyDataRequest => ({
  name: general.name.trim(),
  legal_name: orNull(general.legal_name),
  comercial_name: orNull(general.comercial_name),
  rfc: orNull(general.rfc),
  website: orNull(general.website),
  company_type: general.company_type,
  society_id: general.society_id,
  tax_system_id: general.tax_system_id,
});

/** Spec section 7: the PUT /companies/{id} that follows step 1 (each null when absent). */
export const companyBasicsBody = (general: GeneralInfoAnswers): CompanyBasics => ({
  name: general.name.trim(),
  legal_name: orNull(general.legal_name),
  comercial_name: orNull(general.comercial_name),
  society_id: general.society_id,
  tax_system_id: general.tax_system_id,
});

export const equitiesBody = (rows: SaveStepAnswers & { step: 2 }): CompanyEquitiesRequest => ({
  company_equities: rows.answers.map((row) => ({ shareholder: row.shareholder.trim(), equity: row.equity ?? 0 })),
});

export const interestsBody = (interests: ReadonlyArray<{ readonly id: number }>): CompanyInterestsRequest => ({
  company_interests: interests.map((interest) => ({ interest_id: interest.id })),
});

export const isSelling = (interests: ReadonlyArray<{ readonly name: string }>): boolean =>
  interests.some((interest) => (SELLING_INTEREST_NAMES as readonly string[]).includes(interest.name));

export const sellingDataBody = (motivation: string, valuation: string | null, urgency: Urgency): CompanySellingDataRequest => ({
  motivation: orNull(motivation),
  valuation_range_negotiation: valuation === null ? null : orNull(valuation),
  funding_round_urgency: urgency,
});

/**
 * Steps 4 and 5 share one save: step 4 sends the stage and the round's size
 * and leaves step 5's answers as the server has them (unanswered until step 5
 * saves them); step 5 sends its own with step 4's. A blank answer travels as
 * null, never as 0.
 */
/** Step 4's answers, which the machine never saves blank (machines/onboarding/step-checks.ts): a blank here is a bug, not a 0. */
function roundOf(answers: FundingRoundAnswers): Pick<CompanyFundingRoundRequest, "funding_round" | "funding_round_amount"> {
  if (answers.funding_round === null || answers.funding_round_amount === null) throw new Error("step 4 was saved without its stage or amount");
  return { funding_round: answers.funding_round, funding_round_amount: answers.funding_round_amount };
}

export const fundingRoundFromStep4 = (answers: FundingRoundAnswers): CompanyFundingRoundRequest => roundOf(answers);

export const fundingRoundFromStep5 = (answers: InvestmentAnswers, fundingRound: FundingRoundAnswers): CompanyFundingRoundRequest => ({
  ...roundOf(fundingRound),
  funding_round_done: answers.funding_round_done,
  investors: answers.investors,
});

export const usesBody = (rows: SaveStepAnswers & { step: 6 }): CompanyFundingRoundUsesRequest => ({
  company_funding_rounds_uses: rows.answers.map((row) => ({ use_name: row.use_name.trim(), use_percentage: row.use_percentage ?? 0 })),
});

export const sellDataBody = (financial: SaveStepAnswers & { step: 7 }): CompanySellDataRequest => ({ ...financial.answers });

export const characteristicsBody = (answers: CharacteristicsAnswers): CompanyCharacteristicsRequest => ({
  characteristics: answers.characteristic_ids.map((id) => ({ id })),
  attributes: answers.attribute_ids.map((id) => ({ id })),
  company_uniqueness_summary: orNull(answers.company_uniqueness_summary),
  company_challenges: orNull(answers.company_challenges),
});

export const fundingStructuresBody = (answers: CharacteristicsAnswers & { readonly funding_round_urgency: Urgency }): FundingStructuresRequest => ({
  funding_structures: answers.funding_structure_ids.map((id) => ({ id })),
  funding_round_urgency: answers.funding_round_urgency,
});

// --- Resume --------------------------------------------------------------------

/** Which saves make each wizard step count as saved (decision 017's resume rule). */
const savesOfStep = (step: FormStep, selling: boolean): readonly OnboardingStep[] => {
  switch (step) {
    case 1:
      return ["company_data"];
    case 2:
      return ["company_equities"];
    case 3:
      return selling ? ["company_interests", "company_selling_data"] : ["company_interests"];
    case 4:
      return ["company_funding_rounds"];
    case 5:
      return ["company_investment"];
    case 6:
      return ["company_funding_rounds_uses"];
    case 7:
      return ["company_sell_data"];
    case 8:
      return ["company_characteristics", "funding_structures"];
  }
};

const FORM_STEPS: readonly FormStep[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** The summary as the machine's resume input: the answers the server has and the steps saved. */
export const summaryToSaved = (summary: OnboardingSummary): SavedOnboarding => {
  const info = summary.general_information;
  const selling = isSelling(summary.interests);
  const round = summary.company_funding_round;
  const answers: Partial<OnboardingAnswers> = {
    general: {
      legal_name: info.legal_name ?? "",
      name: info.name ?? "",
      comercial_name: info.comercial_name ?? "",
      rfc: info.rfc ?? "",
      website: info.website ?? "",
      company_type: info.company_type,
      society_id: info.society_id,
      tax_system_id: info.tax_system_id,
    },
    equities: summary.company_equities.map((row) => ({ shareholder: row.shareholder, equity: row.equity })),
    objective: { interests: summary.interests.map((item) => ({ id: item.id, name: item.name })), motivation: info.motivation ?? "" },
    fundingRound: { funding_round: round?.funding_round ?? null, funding_round_amount: round?.funding_round_amount ?? null },
    investment: { funding_round_done: round?.funding_round_done ?? null, investors: round?.investors ?? null },
    uses: summary.company_funding_rounds_uses.map((row) => ({ use_name: row.use_name, use_percentage: row.use_percentage })),
    financial: {
      financial_records_state: info.financial_records_state,
      yearly_sales: info.yearly_sales,
      ebitda_margin: info.ebitda_margin,
      second_last_year_yearly_sales: info.second_last_year_yearly_sales,
      second_last_year_ebitda_margin: info.second_last_year_ebitda_margin,
      estimate_yearly_sales: info.estimate_yearly_sales,
    },
    characteristics: {
      characteristic_ids: summary.companyCharacteristics.map((item) => item.id),
      attribute_ids: summary.companyAttributes.map((item) => item.id),
      company_uniqueness_summary: info.company_uniqueness_summary ?? "",
      company_challenges: info.company_challenges ?? "",
      valuation_range_negotiation: info.valuation_range_negotiation ?? "",
      funding_structure_ids: summary.fundingStructures.map((item) => item.id),
      // Null until chosen: the server reports not_urgent by default, which only counts once saved.
      funding_round_urgency: summary.saved_steps.includes("funding_structures") ? info.funding_round_urgency : null,
    },
  };
  const steps = FORM_STEPS.filter((step) => savesOfStep(step, selling).every((save) => summary.saved_steps.includes(save)));
  return { answers, steps };
};
