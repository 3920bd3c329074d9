import { useMutation, useQueryClient } from "@tanstack/react-query";
import { decideLetterOfIntentEndpoint, type LetterOfIntent, type LoiDecision } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** PATCH /letters_of_intent/{id}: the company's owner (or an admin) accepts or declines a pending letter. */
export const decideLetterOfIntent = (letterId: number, status: LoiDecision) =>
  callEndpoint(decideLetterOfIntentEndpoint, { params: { id: letterId }, body: { status } });

export interface DecideLetterOfIntent {
  readonly letter: Pick<LetterOfIntent, "id" | "access_request_id">;
  readonly status: LoiDecision;
}

/** The request's letters (under its detail key) and the lists are refetched before it settles; a 409 means they were stale. */
export function useDecideLetterOfIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ letter, status }: DecideLetterOfIntent) => decideLetterOfIntent(letter.id, status),
    onSettled: (_result, _error, { letter }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.detail(letter.access_request_id) }),
        queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() }),
      ]),
  });
}
