import { useMutation } from "@tanstack/react-query";
import { saveCompanyEquitiesEndpoint, type CompanyEquitiesRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_equities (step 2). Answers the summary after the save. */
export const saveCompanyEquities = (companyId: number, body: typeof CompanyEquitiesRequest.Encoded) => callEndpoint(saveCompanyEquitiesEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyEquities() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyEquitiesRequest.Encoded }) => saveCompanyEquities(companyId, body) });
}
