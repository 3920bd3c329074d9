import { describe, expect, it } from "vitest";
import {
  createSavedSearchEndpoint,
  deleteSavedSearchEndpoint,
  listSavedSearchesEndpoint,
  SAVED_SEARCH_MESSAGES,
} from "../../../contracts/saved-searches.ts";
import { createSavedSearch } from "../../../src/features/saved-searches/api/create-saved-search.ts";
import { deleteSavedSearch } from "../../../src/features/saved-searches/api/delete-saved-search.ts";
import { listSavedSearches } from "../../../src/features/saved-searches/api/list-saved-searches.ts";
import { findSavedSearch } from "../../../src/features/saved-searches/components/search-summary.ts";
import { JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const TOKEN = sampleToken("15");
const buyer = bearerFrom("buyerToken", TOKEN);
const seller = bearerFrom("sellerToken", TOKEN);

// Filters and text no company of the other states matches, so no alert is sent while the verification runs (last_alert_at stays null).
const WITH_SEARCH = "a buyer with a saved search for Manufactura in Colima with the text astilleros is signed in";
const WITHOUT_SEARCHES = "a buyer without saved searches is signed in";
const AT_THE_LIMIT = "a buyer with 20 saved searches is signed in";
const OTHERS_SEARCH = "a buyer is signed in and another buyer's saved search exists";
// The data room's state: a seller (no buyer role).
const A_SELLER = "a seller with a company is signed in";

/** The saved search the WITH_SEARCH state seeds (and the duplicate interaction sends again). */
const SEEDED = { filters: { industry_id: 2, state_id: 6 }, q: "astilleros" } as const;

const FILTERS = {
  state_id: integer(6),
  industry_id: integer(2),
  sales_range_id: null,
  interest_id: null,
  company_type_id: null,
  verification_level_id: null,
  ebitda_id: null,
};

describe("saved searches (consumer)", () => {
  const pact = newPact();

  it("GET /api/saved_searches lists the buyer's saved searches with their alerts (and the marketplace finds the current search among them)", async () => {
    await pact
      .addInteraction()
      .given(WITH_SEARCH)
      .uponReceiving("a request for the buyer's saved searches")
      .withRequest(...requestTo(listSavedSearchesEndpoint, { headers: buyer }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: integer(1),
            name: string("Manufactura · Colima · «astilleros»"),
            filters: FILTERS,
            q: string("astilleros"),
            created_at: when("2026-03-02T16:30:00.000Z"),
            last_alert_at: null,
            alerts_sent: integer(0),
          }),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const { items } = await listSavedSearches();
        expect(items[0]).toMatchObject({ filters: { industry_id: 2, state_id: 6, ebitda_id: null }, q: "astilleros", last_alert_at: null, alerts_sent: 0 });
        // The marketplace's "Búsqueda guardada": every filter key and the text are what it compares.
        expect(findSavedSearch(items, { filters: { state_id: 6, industry_id: 2 }, q: "Astilleros" })?.id).toBe(items[0]?.id);
        expect(findSavedSearch(items, { filters: { state_id: 6 }, q: "astilleros" })).toBeUndefined();
      });
  });

  it("GET /api/saved_searches answers an empty list to a buyer who saved none", async () => {
    await pact
      .addInteraction()
      .given(WITHOUT_SEARCHES)
      .uponReceiving("a request for the saved searches of a buyer who saved none")
      .withRequest(...requestTo(listSavedSearchesEndpoint, { headers: buyer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: [] }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect((await listSavedSearches()).items).toEqual([]);
      });
  });

  it("GET /api/saved_searches answers 403 to an account that is not a buyer", async () => {
    await pact
      .addInteraction()
      .given(A_SELLER)
      .uponReceiving("a request for saved searches from a seller")
      .withRequest(...requestTo(listSavedSearchesEndpoint, { headers: seller }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SAVED_SEARCH_MESSAGES.notBuyer) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(listSavedSearches());
        expect(failure.status).toBe(403);
        expect(failure.message).toBe(SAVED_SEARCH_MESSAGES.notBuyer);
      });
  });

  it("POST /api/saved_searches saves the filters and the text under a name (201)", async () => {
    const body = { name: "Tecnología · Nuevo León · «software»", filters: { state_id: 19, industry_id: 1 }, q: "software" };
    await pact
      .addInteraction()
      .given(WITHOUT_SEARCHES)
      .uponReceiving("a request to save a marketplace search")
      .withRequest(...requestTo(createSavedSearchEndpoint, { headers: buyer, body }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          id: integer(1),
          name: body.name,
          filters: { ...FILTERS, state_id: 19, industry_id: 1 },
          q: "software",
          created_at: when("2026-03-02T16:30:00.000Z"),
          last_alert_at: null,
          alerts_sent: 0,
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const saved = await createSavedSearch(body);
        expect(saved).toMatchObject({ name: body.name, q: "software", alerts_sent: 0, filters: { industry_id: 1, state_id: 19 } });
      });
  });

  it("POST /api/saved_searches answers 409 for the same filters and text saved before", async () => {
    await pact
      .addInteraction()
      .given(WITH_SEARCH)
      .uponReceiving("a request to save a search the buyer already saved")
      .withRequest(...requestTo(createSavedSearchEndpoint, { headers: buyer, body: { name: "Otra vez astilleros", ...SEEDED } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SAVED_SEARCH_MESSAGES.duplicate) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(createSavedSearch({ name: "Otra vez astilleros", ...SEEDED }));
        expect(failure.status).toBe(409);
        expect(failure.message).toBe(SAVED_SEARCH_MESSAGES.duplicate);
      });
  });

  it("POST /api/saved_searches answers 409 past the most saved searches a buyer may keep", async () => {
    const body = { name: "Una más", filters: { industry_id: 3 }, q: null };
    await pact
      .addInteraction()
      .given(AT_THE_LIMIT)
      .uponReceiving("a request to save one search more than the limit")
      .withRequest(...requestTo(createSavedSearchEndpoint, { headers: buyer, body }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SAVED_SEARCH_MESSAGES.tooManySaved) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(createSavedSearch(body));
        expect(failure.status).toBe(409);
        expect(failure.message).toBe(SAVED_SEARCH_MESSAGES.tooManySaved);
      });
  });

  it("DELETE /api/saved_searches/{id} deletes one of the buyer's saved searches", async () => {
    await pact
      .addInteraction()
      .given(WITH_SEARCH)
      .uponReceiving("a request to delete one of the buyer's saved searches")
      .withRequest(...requestTo(deleteSavedSearchEndpoint, { headers: buyer, paramsFromState: { id: ["savedSearchId", 1] } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ id: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect(await deleteSavedSearch(1)).toEqual({ id: 1 });
      });
  });

  it("DELETE /api/saved_searches/{id} answers 404 for another buyer's saved search", async () => {
    await pact
      .addInteraction()
      .given(OTHERS_SEARCH)
      .uponReceiving("a request to delete another buyer's saved search")
      .withRequest(...requestTo(deleteSavedSearchEndpoint, { headers: buyer, paramsFromState: { id: ["otherSavedSearchId", 2] } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(SAVED_SEARCH_MESSAGES.notFound) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(deleteSavedSearch(2));
        expect(failure.status).toBe(404);
        expect(failure.message).toBe(SAVED_SEARCH_MESSAGES.notFound);
      });
  });
});
