import { useMutation } from "@tanstack/react-query";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createSellerEndpoint } from "../../../../contracts/registration.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type CreateSellerBody = WireBodyOf<typeof createSellerEndpoint>;

/** POST /sellers: the seller account and its first company, created together. */
export const createSeller = (body: CreateSellerBody) => callEndpoint(createSellerEndpoint, { body });

export function useCreateSeller() {
  return useMutation({ mutationFn: createSeller });
}
