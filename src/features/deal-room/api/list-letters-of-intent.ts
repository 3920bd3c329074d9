import { queryOptions, useQuery } from "@tanstack/react-query";
import { listLettersOfIntentEndpoint, type DealRole } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useIsLive } from "../../../lib/live-status.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";
import { hearsLive, refreshUnlessLive } from "./list-deal-messages.ts";

/** GET /access_requests/{id}/letters_of_intent: every letter of the request, newest first, with its answer. */
export const listLettersOfIntent = (requestId: number) => callEndpoint(listLettersOfIntentEndpoint, { params: { id: requestId } });

export const lettersOfIntentQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: dealRoomKeys.letters(requestId),
    queryFn: () => listLettersOfIntent(requestId),
    // The section shows its own load error with 'Reintentar'.
    meta: { silent: true },
  });

/** New letters and answers come when the live stream says so, or on the thread's polling while it is not open. */
export function useLettersOfIntent(requestId: number, viewerRole: DealRole) {
  return useQuery({ ...lettersOfIntentQueryOptions(requestId), refetchInterval: refreshUnlessLive(hearsLive(useIsLive(), viewerRole)) });
}
