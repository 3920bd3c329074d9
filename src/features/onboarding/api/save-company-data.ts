import { useMutation } from "@tanstack/react-query";
import { saveCompanyDataEndpoint, type CompanyDataRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** POST /companies/{id}/onboardings/company_data (step 1). Answers the summary after the save. */
export const saveCompanyData = (companyId: number, body: typeof CompanyDataRequest.Encoded) => callEndpoint(saveCompanyDataEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyData() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyDataRequest.Encoded }) => saveCompanyData(companyId, body) });
}
