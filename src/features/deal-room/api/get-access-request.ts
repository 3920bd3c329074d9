import { queryOptions, useQuery } from "@tanstack/react-query";
import { getAccessRequestEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** GET /access_requests/{id}: one request as the caller sees it (buyer, the company's owner or an admin). */
export const getAccessRequest = (id: number) => callEndpoint(getAccessRequestEndpoint, { params: { id } });

export const accessRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dealRoomKeys.detail(id),
    queryFn: () => getAccessRequest(id),
    // A 404 is the not-found page, anything else the page's load error: never a toast.
    meta: { silent: true },
  });

/** `id` null (a malformed URL) asks for nothing. */
export function useAccessRequest(id: number | null) {
  return useQuery({ ...accessRequestQueryOptions(id ?? 0), enabled: id !== null });
}
