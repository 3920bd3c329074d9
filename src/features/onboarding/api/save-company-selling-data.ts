import { useMutation } from "@tanstack/react-query";
import { saveCompanySellingDataEndpoint, type CompanySellingDataRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_selling_data (step 3 and 8 with a selling interest). Answers the summary after the save. */
export const saveCompanySellingData = (companyId: number, body: typeof CompanySellingDataRequest.Encoded) => callEndpoint(saveCompanySellingDataEndpoint, { params: { id: companyId }, body });

export function useSaveCompanySellingData() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanySellingDataRequest.Encoded }) => saveCompanySellingData(companyId, body) });
}
