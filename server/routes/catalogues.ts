import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { CATALOGUE_PATHS, CatalogueList } from "../../contracts/catalogues.ts";
import { listCatalogue } from "../catalogues/registry.ts";
import type { RouteContext } from "./context.ts";

const encodeList = Schema.encodeSync(CatalogueList);

/** GET /api/{path} for the 19 catalogues: `[{ id, name }]`. Public. */
export function registerCatalogueRoutes(app: FastifyInstance, { db }: RouteContext): void {
  for (const path of CATALOGUE_PATHS) {
    app.get(`/${path}`, async () => encodeList(await listCatalogue(db, path)));
  }
}
