import { useMutation } from "@tanstack/react-query";
import { saveCompanyInterestsEndpoint, type CompanyInterestsRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_interests (step 3). Answers the summary after the save. */
export const saveCompanyInterests = (companyId: number, body: typeof CompanyInterestsRequest.Encoded) => callEndpoint(saveCompanyInterestsEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyInterests() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyInterestsRequest.Encoded }) => saveCompanyInterests(companyId, body) });
}
