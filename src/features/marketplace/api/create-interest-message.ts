import { useMutation } from "@tanstack/react-query";
import type { createInterestMessageEndpoint } from "../../../../contracts/marketplace.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callLazily } from "../../../lib/api/call-lazily.ts";

export type InterestMessageBody = WireBodyOf<typeof createInterestMessageEndpoint>;

/**
 * POST /companies/{id}/interest_messages: e-mailed to the company's contact.
 * Its contract loads with the first send: the form is on every visitor's profile (decision 047).
 */
export const createInterestMessage = (companyId: number, body: InterestMessageBody) =>
  callLazily(async () => (await import("../../../../contracts/marketplace.ts")).createInterestMessageEndpoint, { params: { id: companyId }, body });

export function useCreateInterestMessage(companyId: number) {
  return useMutation({ mutationFn: (body: InterestMessageBody) => createInterestMessage(companyId, body) });
}
