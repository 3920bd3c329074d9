import { useMutation } from "@tanstack/react-query";
import { kybEndpoint } from "../../../../contracts/kyb.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export interface KybValidationInput {
  readonly companyId: number;
  /** Checked and normalised by the KYB machine (contracts/rfc.ts). */
  readonly rfc: string;
}

/** POST /companies/{id}/validations/kyb with { rfc }: the KYB machine's `submitKyb` actor calls it. */
export const createKybValidation = ({ companyId, rfc }: KybValidationInput) => callEndpoint(kybEndpoint, { params: { id: companyId }, body: { rfc } });

export function useCreateKybValidation() {
  return useMutation({ mutationFn: createKybValidation });
}
