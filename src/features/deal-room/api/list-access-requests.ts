import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listAccessRequestsEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys, type AccessRequestFilters } from "./deal-room-keys.ts";

export type { AccessRequestFilters };

/** GET /access_requests: the caller's requests on one side, newest first, a page at a time (the server's page size). */
export const listAccessRequests = ({ side, status, page }: AccessRequestFilters) =>
  callEndpoint(listAccessRequestsEndpoint, { query: { side, status, page } });

export const accessRequestsQueryOptions = (filters: AccessRequestFilters) =>
  queryOptions({
    queryKey: dealRoomKeys.list(filters),
    queryFn: () => listAccessRequests(filters),
    // The previous page stays (dimmed) while the next one or another filter loads.
    placeholderData: keepPreviousData,
  });

export function useAccessRequests(filters: AccessRequestFilters) {
  return useQuery(accessRequestsQueryOptions(filters));
}
