import { useMutation } from "@tanstack/react-query";
import { createInterestMessageEndpoint } from "../../../../contracts/marketplace.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type InterestMessageBody = WireBodyOf<typeof createInterestMessageEndpoint>;

/** POST /companies/{id}/interest_messages: e-mailed to the company's contact. */
export const createInterestMessage = (companyId: number, body: InterestMessageBody) =>
  callEndpoint(createInterestMessageEndpoint, { params: { id: companyId }, body });

export function useCreateInterestMessage(companyId: number) {
  return useMutation({ mutationFn: (body: InterestMessageBody) => createInterestMessage(companyId, body) });
}
