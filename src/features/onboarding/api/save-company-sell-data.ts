import { useMutation } from "@tanstack/react-query";
import { saveCompanySellDataEndpoint, type CompanySellDataRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/company_sell_data (step 7, financial info). Answers the summary after the save. */
export const saveCompanySellData = (companyId: number, body: typeof CompanySellDataRequest.Encoded) => callEndpoint(saveCompanySellDataEndpoint, { params: { id: companyId }, body });

export function useSaveCompanySellData() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof CompanySellDataRequest.Encoded }) => saveCompanySellData(companyId, body) });
}
