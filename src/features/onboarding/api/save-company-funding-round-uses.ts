import { useMutation } from "@tanstack/react-query";
import { saveCompanyFundingRoundUsesEndpoint, type CompanyFundingRoundUsesRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_funding_rounds_uses (step 6). Answers the summary after the save. */
export const saveCompanyFundingRoundUses = (companyId: number, body: typeof CompanyFundingRoundUsesRequest.Encoded) => callEndpoint(saveCompanyFundingRoundUsesEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyFundingRoundUses() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyFundingRoundUsesRequest.Encoded }) => saveCompanyFundingRoundUses(companyId, body) });
}
