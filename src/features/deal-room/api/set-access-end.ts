import { useMutation, useQueryClient } from "@tanstack/react-query";
import { setAccessEndEndpoint, type AccessRequest } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/**
 * PUT /access_requests/{id}/access_end: the company's owner (or an admin)
 * moves an approval's last day later, or removes it with null (decision 050);
 * a lapsed request regains access at once.
 */
export const setAccessEnd = (id: number, accessEndsOn: string | null) =>
  callEndpoint(setAccessEndEndpoint, { params: { id }, body: { access_ends_on: accessEndsOn } });

export interface SetAccessEnd {
  readonly request: Pick<AccessRequest, "id" | "company">;
  /** The new last day (YYYY-MM-DD), or null: access does not end. */
  readonly accessEndsOn: string | null;
}

/**
 * The request (its notes, thread and letters reopen after a lapse), the
 * lists and the company's profile (who sees the full profile) are refetched
 * before the mutation settles; on a failure too, since a 409 means the
 * screen was out of date.
 */
export function useSetAccessEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, accessEndsOn }: SetAccessEnd) => setAccessEnd(request.id, accessEndsOn),
    onSettled: (_result, _error, { request }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(request.id) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(request.company.id) }),
      ]),
  });
}
