import { useMutation } from "@tanstack/react-query";
import { SellerRegistrationResponse, type SellerRegistrationRequest } from "../../../../contracts/registration.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type CreateSellerBody = typeof SellerRegistrationRequest.Encoded;

/** POST /sellers: the seller account and its first company, created together. */
export function createSeller(body: CreateSellerBody): Promise<SellerRegistrationResponse> {
  return apiRequest(SellerRegistrationResponse, "/sellers", { method: "POST", body });
}

export function useCreateSeller() {
  return useMutation({ mutationFn: createSeller });
}
