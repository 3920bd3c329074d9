import { ONBOARDING_MESSAGES } from "../../../../contracts/onboarding.ts";
import { checkRfcFor } from "../../../../contracts/rfc.ts";
import type { GeneralInfoAnswers } from "../../../../machines/onboarding/types.ts";
import type { FieldMessages } from "../../../lib/form-fields.ts";

/** Step 1's fields in the order the page shows them: the first with a message takes the focus. */
export const GENERAL_INFO_FIELD_ORDER = ["name", "rfc"] as const;

/**
 * Step 1's messages when Next is pressed (spec section 5: validation on
 * submit): what the server would refuse, said at the field before anything
 * is sent. The RFC is checked with the rule KYB uses and the length the
 * person type asks for (contracts/rfc.ts `checkRfcFor`, which the server's
 * contract runs too). Empty when the step may be saved.
 */
export function generalInfoMessages(general: GeneralInfoAnswers): FieldMessages {
  const messages: Record<string, string> = {};
  if (general.name.trim() === "") messages["name"] = ONBOARDING_MESSAGES.companyNameRequired;
  if (general.rfc.trim() !== "") {
    const checked = checkRfcFor(general.rfc, general.company_type);
    if (!checked.ok) messages["rfc"] = checked.message;
  }
  return messages;
}
