import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideAccessRequestEndpoint, type AccessDecision, type AccessRequest } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/**
 * PATCH /access_requests/{id}: the company's owner (or an admin) approves,
 * rejects or revokes; an approval may carry its last day (YYYY-MM-DD,
 * decision 050), absent: access does not end.
 */
export const decideAccessRequest = (id: number, status: AccessDecision, accessEndsOn?: string) =>
  callEndpoint(decideAccessRequestEndpoint, { params: { id }, body: { status, ...(accessEndsOn === undefined ? {} : { access_ends_on: accessEndsOn }) } });

export interface DecideAccessRequest {
  readonly request: Pick<AccessRequest, "id" | "company">;
  readonly status: AccessDecision;
  /** With an approval only: its last day. */
  readonly accessEndsOn?: string;
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
    mutationFn: ({ request, status, accessEndsOn }: DecideAccessRequest) => decideAccessRequest(request.id, status, accessEndsOn),
    onSettled: (_result, _error, { request }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(request.id) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(request.company.id) }),
      ]),
  });
}
