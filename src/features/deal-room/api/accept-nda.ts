import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptNdaEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** POST /access_requests/{id}/nda_acceptances: the approved buyer accepts the NDA's new version. */
export const acceptNda = (requestId: number, ndaVersion: string) =>
  callEndpoint(acceptNdaEndpoint, { params: { id: requestId }, body: { nda_version: ndaVersion } });

export interface AcceptNda {
  readonly requestId: number;
  readonly companyId: number;
  readonly ndaVersion: string;
}

/** The full profile shows again once accepted: the profile, the request and the lists are refetched (a 400 or 409 also means they were stale). */
export function useAcceptNda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ndaVersion }: AcceptNda) => acceptNda(requestId, ndaVersion),
    onSettled: (_result, _error, { requestId, companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(requestId) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.nda() }),
      ]),
  });
}
