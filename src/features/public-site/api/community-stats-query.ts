import { queryOptions, useQuery } from "@tanstack/react-query";
import { communityStatsKeys } from "./public-site-keys.ts";

/**
 * The home page's counters query. Kept apart from the fetcher
 * (./get-community-stats.ts, which loads Effect to decode): the fetcher
 * loads only when the query runs, after the page painted, so the public
 * page's first load does not grow.
 */
export const communityStatsQueryOptions = () =>
  queryOptions({
    queryKey: communityStatsKeys.all,
    queryFn: () => import("./get-community-stats.ts").then(({ getCommunityStats }) => getCommunityStats()),
    staleTime: 5 * 60_000,
    // The floors stay on a failure: no toast, no retries for a marketing figure.
    retry: false,
    meta: { silent: true },
  });

/** `enabled`: false until the figures are about to be seen (the fetch loads Effect). */
export function useCommunityStats(enabled = true) {
  return useQuery({ ...communityStatsQueryOptions(), enabled });
}
