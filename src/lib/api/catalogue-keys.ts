/** The catalogues' query keys (src/lib/api/get-catalogue.ts); no run-time imports. */
import type { CataloguePath } from "../../../contracts/catalogues.ts";

export const catalogueKeys = {
  all: ["catalogues"] as const,
  detail: (path: CataloguePath) => [...catalogueKeys.all, path] as const,
};
