import { useMutation } from "@tanstack/react-query";
import { saveCompanyCharacteristicsEndpoint, type CompanyCharacteristicsRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_characteristics (step 8). Answers the summary after the save. */
export const saveCompanyCharacteristics = (companyId: number, body: typeof CompanyCharacteristicsRequest.Encoded) => callEndpoint(saveCompanyCharacteristicsEndpoint, { params: { id: companyId }, body });

export function useSaveCompanyCharacteristics() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanyCharacteristicsRequest.Encoded }) => saveCompanyCharacteristics(companyId, body) });
}
