import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { listDealMessagesEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** How often an open thread asks for new messages (only while the tab is visible). */
export const THREAD_REFRESH_MS = 30_000;

/** GET /access_requests/{id}/messages: the thread, oldest first; reading it marks the other party's messages read. */
export const listDealMessages = (requestId: number) => callEndpoint(listDealMessagesEndpoint, { params: { id: requestId } });

export const dealMessagesQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: dealRoomKeys.messages(requestId),
    queryFn: () => listDealMessages(requestId),
    // Not after a failure: a closed thread (409) stays closed until the request changes.
    refetchInterval: (query) => (query.state.status === "error" ? false : THREAD_REFRESH_MS),
    // A closed thread (409) is said in place, not in a toast.
    meta: { silent: true },
  });

/**
 * Only while the thread may be read (`enabled`). Each answer marked
 * messages as read, so the lists' unread counts are stale from then on
 * (refetched when a list shows again).
 */
export function useDealMessages(requestId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const messages = useQuery({ ...dealMessagesQueryOptions(requestId), enabled });
  const { dataUpdatedAt } = messages;
  useEffect(() => {
    if (dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() });
  }, [dataUpdatedAt, queryClient]);
  return messages;
}
