import { ONBOARDING_MESSAGES } from "../../contracts/onboarding.ts";
import { checkRfcFor } from "../../contracts/rfc.ts";
import type { FormStep, OnboardingAnswers } from "./types.ts";

/**
 * What a step needs before Next may save it (spec section 5: validation on
 * submit), said at the field before anything is sent: the messages the
 * server would answer with. Step 1 needs the company's name, and an RFC, when
 * given, must pass the rule KYB uses with the length the person type asks
 * for (contracts/rfc.ts `checkRfcFor`, which the server's contract runs
 * too). Step 4 needs the round's stage and size (never saved as 0 or
 * "other" because nobody typed them); step 5's raised amount cannot exceed
 * the round. The machine refuses Next on the same rule (`canGoNext`), so a
 * blank is never saved as a value.
 */

/** The step's messages by field; empty when it may be saved. */
export function stepMessages(answers: OnboardingAnswers, step: FormStep): Readonly<Record<string, string>> {
  const messages: Record<string, string> = {};
  switch (step) {
    case 1: {
      const { general } = answers;
      if (general.name.trim() === "") messages["name"] = ONBOARDING_MESSAGES.companyNameRequired;
      if (general.rfc.trim() !== "") {
        const checked = checkRfcFor(general.rfc, general.company_type);
        if (!checked.ok) messages["rfc"] = checked.message;
      }
      break;
    }
    case 4:
      if (answers.fundingRound.funding_round === null) messages["funding_round"] = ONBOARDING_MESSAGES.fundingStageInvalid;
      if (answers.fundingRound.funding_round_amount === null) messages["funding_round_amount"] = ONBOARDING_MESSAGES.amountRequired;
      break;
    case 5: {
      const done = answers.investment.funding_round_done;
      const amount = answers.fundingRound.funding_round_amount;
      if (done !== null && amount !== null && done > amount) messages["funding_round_done"] = ONBOARDING_MESSAGES.doneOverAmount;
      break;
    }
    default:
      break;
  }
  return messages;
}

export const isStepReady = (answers: OnboardingAnswers, step: FormStep): boolean => Object.keys(stepMessages(answers, step)).length === 0;
