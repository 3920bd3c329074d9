import { CATALOGUE_PATHS, catalogueEndpoint } from "../../contracts/catalogues.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { listCatalogue } from "./registry.ts";

/** GET /api/{path} for the 19 catalogues: `[{ id, name }]`. Public. */
export function catalogueRoutes(router: Router, { db }: RouteContext): void {
  for (const path of CATALOGUE_PATHS) {
    router.serve(catalogueEndpoint(path), {}, () => listCatalogue(db, path));
  }
}
