import { queryOptions, useQuery } from "@tanstack/react-query";
import { listSavedSearchesEndpoint } from "../../../../contracts/saved-searches.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { savedSearchKeys } from "./saved-search-keys.ts";

/** GET /saved_searches: the signed-in buyer's saved searches, newest first. */
export const listSavedSearches = () => callEndpoint(listSavedSearchesEndpoint);

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: listSavedSearches,
    // The page says what went wrong (a seller's 403 included); no toast on top.
    meta: { silent: true },
  });

/** `enabled: false` asks nothing (the marketplace's button, for anyone but a buyer). */
export function useSavedSearches({ enabled = true }: { readonly enabled?: boolean } = {}) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}
