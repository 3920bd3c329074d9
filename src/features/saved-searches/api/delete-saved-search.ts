import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteSavedSearchEndpoint } from "../../../../contracts/saved-searches.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { savedSearchKeys } from "./saved-search-keys.ts";

/** DELETE /saved_searches/{id}: one of the caller's saved searches; its alerts stop. */
export const deleteSavedSearch = (id: number) => callEndpoint(deleteSavedSearchEndpoint, { params: { id } });

/** Resolves once the list no longer shows the search. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
