import { useMutation } from "@tanstack/react-query";
import { saveFundingStructuresEndpoint, type FundingStructuresRequest } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /companies/{id}/onboardings/funding_structures (step 8). Answers the summary after the save. */
export const saveFundingStructures = (companyId: number, body: typeof FundingStructuresRequest.Encoded) => callEndpoint(saveFundingStructuresEndpoint, { params: { id: companyId }, body });

export function useSaveFundingStructures() {
  return useMutation({ mutationFn: ({ companyId, body }: { companyId: number; body: typeof FundingStructuresRequest.Encoded }) => saveFundingStructures(companyId, body) });
}
