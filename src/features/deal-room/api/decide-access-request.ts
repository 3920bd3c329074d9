import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideAccessRequestEndpoint, type AccessDecision, type AccessRequest } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** PATCH /access_requests/{id}: the company's owner (or an admin) approves, rejects or revokes. */
export const decideAccessRequest = (id: number, status: AccessDecision) =>
  callEndpoint(decideAccessRequestEndpoint, { params: { id }, body: { status } });

export interface DecideAccessRequest {
  readonly request: Pick<AccessRequest, "id" | "company">;
  readonly status: AccessDecision;
}

/**
 * The request (its thread opens or closes with it), the lists and the
 * company's profile (who sees the full profile) are refetched before the
 * mutation settles; on a failure too, since a 409 means the screen was out
 * of date.
 */
export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, status }: DecideAccessRequest) => decideAccessRequest(request.id, status),
    onSettled: (_result, _error, { request }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(request.id) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(request.company.id) }),
      ]),
  });
}
