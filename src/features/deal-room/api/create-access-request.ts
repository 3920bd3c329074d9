import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createAccessRequestEndpoint } from "../../../../contracts/deal-room.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

export type CreateAccessRequestBody = WireBodyOf<typeof createAccessRequestEndpoint>;

/** POST /companies/{id}/access_requests: the buyer accepts the current NDA and asks for the full profile. */
export const createAccessRequest = (companyId: number, body: CreateAccessRequestBody) =>
  callEndpoint(createAccessRequestEndpoint, { params: { id: companyId }, body });

/**
 * The profile's access panel reads `viewer_access`: refetched before the
 * mutation settles, so the panel already says "pending" when the dialog
 * closes. On a failure too: a 409 means the panel was out of date.
 */
export function useCreateAccessRequest(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessRequestBody) => createAccessRequest(companyId, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
      ]),
  });
}
