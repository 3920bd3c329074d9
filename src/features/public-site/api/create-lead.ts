import { useMutation } from "@tanstack/react-query";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createLeadEndpoint } from "../../../../contracts/leads.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { leadKeys } from "./public-site-keys.ts";

/** The contact body as sent on the wire. */
export type CreateLeadBody = WireBodyOf<typeof createLeadEndpoint>;

/** POST /leads: the contact form; the team is e-mailed and answers within 24 hours. */
export const createLead = (body: CreateLeadBody) => callEndpoint(createLeadEndpoint, { body });

export function useCreateLead() {
  return useMutation({ mutationKey: leadKeys.all, mutationFn: createLead });
}
