import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { createValuationEndpoint, VALUATION_MESSAGES } from "../../../contracts/valuations.ts";
import { createValuation, type CreateValuationBody } from "../../../src/features/valuation/api/create-valuation.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, failureOf, newPact, regex, requestTo, string, useMockServer } from "./pact.ts";

const { number } = MatchersV3;

// Industry 2 is 'Manufactura' in the seed; location 1 is México (pesos).
const REQUEST: CreateValuationBody = {
  email: "duena@tortilleria.example.mx",
  name: "Rosa Garza",
  industry_id: 2,
  website: "tortilleria.example.mx",
  gross_revenue: 50_000_000,
  net_profit: 8_000_000,
  reason: 1,
  valuation_type: "default",
  location: 1,
  annual_percentage_growth: 12.5,
  currency: "MXN",
};

describe("valuations (consumer)", () => {
  const pact = newPact();

  it("POST /api/valuations answers the estimate the result page shows: value, range, multiple, margin", async () => {
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a free valuation of a Mexican manufacturer")
      .withRequest(...requestTo(createValuationEndpoint, { body: REQUEST }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          // Any number: the engine's figures are the provider's business; the page needs their shape.
          profit_result: number(16),
          valuation_result: number(41_800_000),
          multiple: number(5.225),
          annual_percentage_growth: number(12.5),
          gross_revenue: number(50_000_000),
          industry_name: string("Manufactura"),
          net_profit: number(8_000_000),
          upperEstimate: number(61_600_000),
          lowerEstimate: number(28_100_000),
          currency: regex("^(MXN|USD)$", "MXN"),
          // Every figure given: nothing assumed.
          assumptions: [],
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const answer = await createValuation(REQUEST);
        expect(answer.assumptions).toEqual([]);
        expect(answer.valuation_result).toBe(41_800_000);
        expect(answer.lowerEstimate).toBeLessThanOrEqual(answer.valuation_result);
        expect(answer.upperEstimate).toBeGreaterThanOrEqual(answer.valuation_result);
        expect(answer.industry_name).toBe("Manufactura");
        expect(answer.currency).toBe("MXN");
      });
  });

  it("POST /api/valuations with only the sales answers the figures it assumed and says which (decision 029)", async () => {
    const body: CreateValuationBody = { ...REQUEST, net_profit: null, annual_percentage_growth: null, reason: null };
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a free valuation with the EBITDA, the growth and the reason left blank")
      .withRequest(...requestTo(createValuationEndpoint, { body }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          profit_result: number(11.9),
          valuation_result: number(30_000_000),
          multiple: number(5),
          annual_percentage_growth: number(3.95),
          gross_revenue: number(50_000_000),
          industry_name: string("Manufactura"),
          net_profit: number(5_950_000),
          upperEstimate: number(45_000_000),
          lowerEstimate: number(20_000_000),
          currency: regex("^(MXN|USD)$", "MXN"),
          // The order is the contract's (VALUATION_ASSUMPTIONS): the page says each in that order.
          assumptions: ["typicalMargin", "neutralGrowth", "noReason"],
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const answer = await createValuation(body);
        expect(answer.assumptions).toEqual(["typicalMargin", "neutralGrowth", "noReason"]);
        expect(answer.net_profit).toBeGreaterThan(0);
      });
  });

  it("POST /api/valuations with an EBITDA above sales is a 400 with the spec's message", async () => {
    const body = { ...REQUEST, net_profit: 60_000_000 };
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a free valuation whose EBITDA is above its sales")
      .withRequest(...requestTo(createValuationEndpoint, { body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(VALUATION_MESSAGES.ebitdaAboveSales) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createValuation(body));
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure instanceof ApiError && failure.status).toBe(400);
        expect(failure instanceof ApiError && failure.message).toBe("El EBITDA no puede ser mayor a las ventas");
      });
  });

  it("POST /api/valuations with an industry that is not in the catalogue is a 400 with a Spanish message", async () => {
    const body = { ...REQUEST, industry_id: 9999 };
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a free valuation of an unknown industry")
      .withRequest(...requestTo(createValuationEndpoint, { body }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string(createValuationEndpoint.errors.unknownIndustry.message) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createValuation(body));
        expect(failure instanceof ApiError && failure.message).toBe(createValuationEndpoint.errors.unknownIndustry.message);
      });
  });
});
