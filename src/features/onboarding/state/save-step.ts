import type { OnboardingSummary } from "../../../../contracts/onboarding.ts";
import type { SaveStepInput } from "../../../../machines/onboarding/types.ts";
import { saveCompanyCharacteristics } from "../api/save-company-characteristics.ts";
import { saveCompanyData } from "../api/save-company-data.ts";
import { saveCompanyEquities } from "../api/save-company-equities.ts";
import { saveCompanyFundingRound } from "../api/save-company-funding-round.ts";
import { saveCompanyFundingRoundUses } from "../api/save-company-funding-round-uses.ts";
import { saveCompanyInterests } from "../api/save-company-interests.ts";
import { saveCompanySellData } from "../api/save-company-sell-data.ts";
import { saveCompanySellingData } from "../api/save-company-selling-data.ts";
import { saveFundingStructures } from "../api/save-funding-structures.ts";
import { updateCompanyBasics } from "../api/update-company-basics.ts";
import {
  characteristicsBody,
  companyBasicsBody,
  companyDataBody,
  equitiesBody,
  fundingRoundFromStep4,
  fundingRoundFromStep5,
  fundingStructuresBody,
  interestsBody,
  isSelling,
  sellDataBody,
  sellingDataBody,
  usesBody,
} from "./step-saves.ts";

/**
 * One wizard step's save(s) in order (spec section 7). `summary` is the last
 * summary the server answered: steps 4, 5 and 8 complete their bodies with
 * what another step saved. Answers the summary after the last save.
 */
export async function saveOnboardingStep(input: SaveStepInput, summary: OnboardingSummary | null): Promise<OnboardingSummary> {
  const id = input.companyId;
  switch (input.step) {
    case 1: {
      const saved = await saveCompanyData(id, companyDataBody(input.answers));
      await updateCompanyBasics(id, companyBasicsBody(input.answers));
      return saved;
    }
    case 2:
      return saveCompanyEquities(id, equitiesBody(input));
    case 3: {
      const saved = await saveCompanyInterests(id, interestsBody(input.answers.interests));
      if (!isSelling(input.answers.interests)) return saved;
      const info = saved.general_information;
      return saveCompanySellingData(id, sellingDataBody(input.answers.motivation, info.valuation_range_negotiation, info.funding_round_urgency));
    }
    case 4:
      return saveCompanyFundingRound(id, fundingRoundFromStep4(input.answers));
    case 5: {
      const round = summary?.company_funding_round ?? null;
      const fundingRound = { funding_round: round?.funding_round ?? null, funding_round_amount: round?.funding_round_amount ?? null };
      return saveCompanyFundingRound(id, fundingRoundFromStep5(input.answers, fundingRound));
    }
    case 6:
      return saveCompanyFundingRoundUses(id, usesBody(input));
    case 7:
      return saveCompanySellData(id, sellDataBody(input));
    case 8: {
      await saveCompanyCharacteristics(id, characteristicsBody(input.answers));
      const saved = await saveFundingStructures(id, fundingStructuresBody(input.answers));
      if (!isSelling(saved.interests)) return saved;
      // Step 8 asks the value to negotiate and the urgency of a sale: they live with the selling data.
      const info = saved.general_information;
      return saveCompanySellingData(
        id,
        sellingDataBody(info.motivation ?? "", input.answers.valuation_range_negotiation, input.answers.funding_round_urgency),
      );
    }
  }
}
