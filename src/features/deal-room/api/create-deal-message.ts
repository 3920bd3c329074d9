import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createDealMessageEndpoint } from "../../../../contracts/deal-room.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

export type CreateDealMessageBody = WireBodyOf<typeof createDealMessageEndpoint>;

/** POST /access_requests/{id}/messages: write to the other party while the request is approved. */
export const createDealMessage = (requestId: number, body: CreateDealMessageBody) =>
  callEndpoint(createDealMessageEndpoint, { params: { id: requestId }, body });

/**
 * The thread is refetched before the mutation settles, so the new message
 * is on screen when the composer empties. A 409 (the access was revoked
 * meanwhile) refetches the request, whose thread then shows as closed.
 */
export function useCreateDealMessage(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDealMessageBody) => createDealMessage(requestId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealRoomKeys.messages(requestId) }),
    onError: () => queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(requestId) }),
  });
}
