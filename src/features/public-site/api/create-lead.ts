import { useMutation } from "@tanstack/react-query";
import { LeadResponse, type LeadRequest } from "../../../../contracts/leads.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** The contact body as sent on the wire (the encoded side of `LeadRequest`). */
export type CreateLeadBody = typeof LeadRequest.Encoded;

export const leadKeys = {
  all: ["leads"] as const,
};

/** POST /leads: the contact form; the team is e-mailed and answers within 24 hours. */
export function createLead(body: CreateLeadBody): Promise<LeadResponse> {
  return apiRequest(LeadResponse, "/leads", { method: "POST", body });
}

export function useCreateLead() {
  return useMutation({ mutationKey: leadKeys.all, mutationFn: createLead });
}
