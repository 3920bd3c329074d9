import { describe, expect, it } from "vitest";
import { getCommunityStatsEndpoint } from "../../../contracts/deal-room.ts";
import { getCommunityStats } from "../../../src/features/public-site/api/get-community-stats.ts";
import { JSON_CONTENT, integer, newPact, requestTo, useMockServer } from "./pact.ts";

describe("the home page's community figures (consumer)", () => {
  const pact = newPact();

  // Any database answers it (zeros included): the page compares the counts with its floors.
  it("GET /api/community_stats answers the connections made and the letters of intent sent, without a session", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the community figures")
      .withRequest(...requestTo(getCommunityStatsEndpoint))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ connections: integer(128), letters_of_intent: integer(21) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await getCommunityStats()).toEqual({ connections: 128, letters_of_intent: 21 });
      });
  });
});
