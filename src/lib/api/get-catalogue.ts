import { queryOptions, useQuery } from "@tanstack/react-query";
import { catalogueEndpoint, type CataloguePath } from "../../../contracts/catalogues.ts";
import { callEndpoint } from "../api-client.ts";
import { catalogueKeys } from "./catalogue-keys.ts";

// Shared, not a feature: the forms of several features (sign-up, contact,
// marketplace filters, company form) need catalogues, and a feature may not
// import another (docs/decisions/002-layout.md: such code moves to src/lib).

/** GET /{path}: one catalogue ({id, name} items). */
export const getCatalogue = (path: CataloguePath) => callEndpoint(catalogueEndpoint(path));

/** Catalogues change rarely: keep them fresh for the whole visit. */
export const catalogueQueryOptions = (path: CataloguePath) =>
  queryOptions({
    queryKey: catalogueKeys.detail(path),
    queryFn: () => getCatalogue(path),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCatalogue(path: CataloguePath) {
  return useQuery(catalogueQueryOptions(path));
}
