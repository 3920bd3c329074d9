import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { ProviderStates } from "./types.ts";

export const leadStates: ProviderStates = (server) => ({
  // The services_interested and referers catalogues, with the seed's fixed ids.
  "the contact catalogues are seeded": async () => {
    await seedCatalogues(server.db);
    return undefined;
  },
});
