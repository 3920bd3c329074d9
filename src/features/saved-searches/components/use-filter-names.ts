import { useQueries } from "@tanstack/react-query";
import type { CataloguePath } from "../../../../contracts/catalogues.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import type { NameOf } from "./search-summary.ts";

/**
 * The names of the catalogues `paths` (cached for the visit, so the
 * marketplace's already-loaded filters cost nothing). `isReady` once each
 * one answered or failed: a failed one leaves ids unnamed ("n.º 3").
 */
export function useFilterNames(paths: ReadonlyArray<CataloguePath>): { readonly nameOf: NameOf; readonly isReady: boolean } {
  const results = useQueries({ queries: paths.map((path) => catalogueQueryOptions(path)) });
  const nameOf: NameOf = (path, id) => {
    const index = paths.indexOf(path);
    return index === -1 ? undefined : results[index]?.data?.find((item) => item.id === id)?.name;
  };
  return { nameOf, isReady: results.every((result) => !result.isPending) };
}
