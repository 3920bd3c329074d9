import { createSavedSearchEndpoint, deleteSavedSearchEndpoint, listSavedSearchesEndpoint, SAVED_SEARCH_MESSAGES } from "../../contracts/saved-searches.ts";
import { catalogueNames } from "../catalogues/names.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches.ts";

/**
 * Saved searches (issue 16, docs/decisions/023-deal-room.md): buyers only
 * (the endpoints' access: any other account 403), each buyer their own searches (someone else's id
 * answers like a missing one). Saves and deletions are counted per buyer.
 * The e-mails are sent by the alerts worker (alerts-worker.ts), which
 * server/app.ts starts.
 */
export function savedSearchRoutes(router: Router, { db, authz, rateLimiter }: RouteContext): void {
  // After the role check, so other callers do not spend a buyer's allowance.
  const perBuyer = rateLimiter.guard("saved_searches", {
    key: (request) => `user:${authz.currentUser(request).id}`,
    message: SAVED_SEARCH_MESSAGES.tooMany,
  });

  router.serve(listSavedSearchesEndpoint, {}, async ({ request }) => ({
    items: await listSavedSearches(db, authz.currentUser(request).id),
  }));

  router.serve(createSavedSearchEndpoint, { guards: [perBuyer] }, async ({ body, request }) => {
    const buyer = authz.currentUser(request);
    const saved = await createSavedSearch(db, buyer.id, body, await catalogueNames(db));
    request.log.info({ userId: buyer.id, savedSearchId: saved.id }, "saved search created");
    return saved;
  });

  router.serve(deleteSavedSearchEndpoint, { guards: [perBuyer] }, async ({ params, request }) => {
    const buyer = authz.currentUser(request);
    const deleted = await deleteSavedSearch(db, buyer.id, params.id);
    request.log.info({ userId: buyer.id, savedSearchId: deleted.id }, "saved search deleted");
    return deleted;
  });
}
