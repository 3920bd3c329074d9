import { queryOptions, useQuery } from "@tanstack/react-query";
import { getAccessRequestEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useIsLive } from "../../../lib/live-status.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";
import { hearsLive, refreshUnlessLive } from "./list-deal-messages.ts";

/** GET /access_requests/{id}: one request as the caller sees it (buyer, the company's owner or an admin). */
export const getAccessRequest = (id: number) => callEndpoint(getAccessRequestEndpoint, { params: { id } });

export const accessRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dealRoomKeys.detail(id),
    queryFn: () => getAccessRequest(id),
    // A 404 is the not-found page, anything else the page's load error: never a toast.
    meta: { silent: true },
  });

/** `id` null (a malformed URL) asks for nothing. A decision comes when the live stream says so, or on the thread's polling while it is not open. */
export function useAccessRequest(id: number | null) {
  const isLive = useIsLive();
  return useQuery({
    ...accessRequestQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => refreshUnlessLive(hearsLive(isLive, query.state.data?.viewer_role))(query),
  });
}
