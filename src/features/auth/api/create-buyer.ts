import { useMutation } from "@tanstack/react-query";
import { BuyerRegistrationResponse, type BuyerRegistrationRequest } from "../../../../contracts/registration.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type CreateBuyerBody = typeof BuyerRegistrationRequest.Encoded;

/** POST /buyers: the buyer account and profile (acceptTerms is not sent). */
export function createBuyer(body: CreateBuyerBody): Promise<BuyerRegistrationResponse> {
  return apiRequest(BuyerRegistrationResponse, "/buyers", { method: "POST", body });
}

export function useCreateBuyer() {
  return useMutation({ mutationFn: createBuyer });
}
