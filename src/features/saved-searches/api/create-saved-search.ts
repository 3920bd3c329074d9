import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createSavedSearchEndpoint } from "../../../../contracts/saved-searches.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { savedSearchKeys } from "./saved-search-keys.ts";

export type CreateSavedSearchBody = WireBodyOf<typeof createSavedSearchEndpoint>;

/** POST /saved_searches: saves the marketplace's filters and text under a name; answers the saved search. */
export const createSavedSearch = (body: CreateSavedSearchBody) => callEndpoint(createSavedSearchEndpoint, { body });

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
