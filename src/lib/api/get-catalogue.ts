import { queryOptions, useQuery } from "@tanstack/react-query";
import { CatalogueList, type CataloguePath } from "../../../contracts/catalogues.ts";
import { apiRequest } from "../api-client.ts";

// Shared, not a feature: the forms of several features (sign-up, contact,
// marketplace filters, company form) need catalogues, and a feature may not
// import another (docs/decisions/002-layout.md: such code moves to src/lib).

/** GET /{path}: one catalogue ({id, name} items). */
export function getCatalogue(path: CataloguePath): Promise<CatalogueList> {
  return apiRequest(CatalogueList, `/${path}`);
}

export const catalogueKeys = {
  all: ["catalogues"] as const,
  detail: (path: CataloguePath) => ["catalogues", path] as const,
};

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
