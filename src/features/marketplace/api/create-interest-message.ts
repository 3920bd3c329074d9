import { useMutation } from "@tanstack/react-query";
import { InterestMessageResponse, type InterestMessageRequest } from "../../../../contracts/companies.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type InterestMessageBody = typeof InterestMessageRequest.Encoded;

/** POST /companies/{id}/interest_messages: e-mailed to the company's contact. */
export function createInterestMessage(companyId: number, body: InterestMessageBody): Promise<InterestMessageResponse> {
  return apiRequest(InterestMessageResponse, `/companies/${companyId}/interest_messages`, { method: "POST", body });
}

export function useCreateInterestMessage(companyId: number) {
  return useMutation({ mutationFn: (body: InterestMessageBody) => createInterestMessage(companyId, body) });
}
