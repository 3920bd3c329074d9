import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createLetterOfIntentEndpoint } from "../../../../contracts/deal-room.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

export type CreateLetterOfIntentBody = WireBodyOf<typeof createLetterOfIntentEndpoint>;

/** POST /access_requests/{id}/letters_of_intent: the approved buyer sends an offer. */
export const createLetterOfIntent = (requestId: number, body: CreateLetterOfIntentBody) =>
  callEndpoint(createLetterOfIntentEndpoint, { params: { id: requestId }, body });

/** The letters, the request (its latest letter) and the lists are refetched before it settles, on a 409 too (already pending, or closed). */
export function useCreateLetterOfIntent(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLetterOfIntentBody) => createLetterOfIntent(requestId, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(requestId) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
      ]),
  });
}
