import { queryOptions, useQuery } from "@tanstack/react-query";
import { listLettersOfIntentEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** GET /access_requests/{id}/letters_of_intent: every letter of the request, newest first, with its answer. */
export const listLettersOfIntent = (requestId: number) => callEndpoint(listLettersOfIntentEndpoint, { params: { id: requestId } });

export const lettersOfIntentQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: dealRoomKeys.letters(requestId),
    queryFn: () => listLettersOfIntent(requestId),
    // The section shows its own load error with 'Reintentar'.
    meta: { silent: true },
  });

export function useLettersOfIntent(requestId: number) {
  return useQuery(lettersOfIntentQueryOptions(requestId));
}
