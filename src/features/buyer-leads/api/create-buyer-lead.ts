import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createBuyerLeadEndpoint } from "../../../../contracts/buyer-leads.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { buyerLeadKeys } from "./buyer-lead-keys.ts";

/** The mandate as sent on the wire. */
export type CreateBuyerLeadBody = WireBodyOf<typeof createBuyerLeadEndpoint>;

/** POST /buyer_leads: what company the buyer looks for; answers how many listings match now. */
export const createBuyerLead = (body: CreateBuyerLeadBody) => callEndpoint(createBuyerLeadEndpoint, { body });

export function useCreateBuyerLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuyerLead,
    // A seller who also buys may be looking at one of their companies' counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerLeadKeys.all }),
  });
}
