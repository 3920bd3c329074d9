import { useMutation } from "@tanstack/react-query";
import { saveCompanyFundingRoundEndpoint, type CompanyFundingRoundRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_funding_rounds (steps 4 and 5). Answers the summary after the save. */
export const saveCompanyFundingRound = (companyId: number, body: typeof CompanyFundingRoundRequest.Encoded) => callEndpoint(saveCompanyFundingRoundEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyFundingRound() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyFundingRoundRequest.Encoded }) => saveCompanyFundingRound(companyId, body) });
}
