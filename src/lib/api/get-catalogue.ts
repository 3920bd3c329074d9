import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CataloguePath } from "../../../contracts/catalogues.ts";
import { callLazily } from "./call-lazily.ts";
import { catalogueKeys } from "./catalogue-keys.ts";

// Shared, not a feature: the forms of several features (sign-up, contact,
// marketplace filters, company form) need catalogues, and a feature may not
// import another (docs/decisions/002-layout.md: such code moves to src/lib).

/** GET /{path}: one catalogue ({id, name} items); its contract loads with the first call (decision 047). */
export const getCatalogue = (path: CataloguePath) =>
  callLazily(async () => (await import("../../../contracts/catalogues.ts")).catalogueEndpoint(path));

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
