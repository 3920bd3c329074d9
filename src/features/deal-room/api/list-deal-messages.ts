import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { listDealMessagesEndpoint, type DealRole } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useIsLive } from "../../../lib/live-status.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/**
 * How often an open request page asks again for its thread, letters and
 * state while this tab's live stream is not open (only while the tab is
 * visible). While it is open, the stream says when to ask (decision 032).
 */
export const THREAD_REFRESH_MS = 30_000;

/** Whether this tab hears of a request's changes live: its stream is open and the viewer is a party (admins are not told: they poll). */
export const hearsLive = (isLive: boolean, viewerRole: DealRole | undefined): boolean => isLive && viewerRole !== undefined && viewerRole !== "admin";

/** The polling fallback: none while live, or after a failure (a closed thread's 409 stays closed until the request changes). */
export const refreshUnlessLive =
  (live: boolean) =>
  (query: { readonly state: { readonly status: string } }): number | false =>
    live || query.state.status === "error" ? false : THREAD_REFRESH_MS;

/** GET /access_requests/{id}/messages: the thread, oldest first; reading it marks the other party's messages read. */
export const listDealMessages = (requestId: number) => callEndpoint(listDealMessagesEndpoint, { params: { id: requestId } });

export const dealMessagesQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: dealRoomKeys.messages(requestId),
    queryFn: () => listDealMessages(requestId),
    // A closed thread (409) is said in place, not in a toast.
    meta: { silent: true },
  });

/**
 * Only while the thread may be read (`enabled`). Each answer marked
 * messages as read, so the lists' unread counts are stale from then on
 * (refetched when a list shows again). New messages and read receipts come
 * when the live stream says so, or every THREAD_REFRESH_MS while it is not open.
 */
export function useDealMessages(requestId: number, enabled: boolean, viewerRole: DealRole) {
  const queryClient = useQueryClient();
  const live = hearsLive(useIsLive(), viewerRole);
  const messages = useQuery({ ...dealMessagesQueryOptions(requestId), enabled, refetchInterval: refreshUnlessLive(live) });
  const { dataUpdatedAt } = messages;
  useEffect(() => {
    if (dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: dealRoomKeys.lists() });
  }, [dataUpdatedAt, queryClient]);
  return messages;
}
