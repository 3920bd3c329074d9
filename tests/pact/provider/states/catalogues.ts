import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { ProviderStates } from "./types.ts";

export const catalogueStates: ProviderStates = (server) => ({
  "the reference catalogues are seeded": async () => {
    await seedCatalogues(server.db);
    return undefined;
  },
});
