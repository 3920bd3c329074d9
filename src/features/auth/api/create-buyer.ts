import { useMutation } from "@tanstack/react-query";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createBuyerEndpoint } from "../../../../contracts/registration.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type CreateBuyerBody = WireBodyOf<typeof createBuyerEndpoint>;

/** POST /buyers: the buyer account and profile (acceptTerms is not sent). */
export const createBuyer = (body: CreateBuyerBody) => callEndpoint(createBuyerEndpoint, { body });

export function useCreateBuyer() {
  return useMutation({ mutationFn: createBuyer });
}
