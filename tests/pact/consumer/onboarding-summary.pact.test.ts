import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../../contracts/companies.ts";
import { getOnboardingEndpoint } from "../../../contracts/onboarding.ts";
import { getOnboardingSummary } from "../../../src/features/onboarding-summary/api/get-onboarding-summary.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, failureOf, integer, newPact, requestTo, string, useMockServer } from "./pact.ts";

const { boolean } = MatchersV3;

const bearer = bearerFrom("sellerToken");

/** An onboarding nobody started: every field null, every list empty, urgency defaulted. */
const UNTOUCHED = {
  company_id: integer(41),
  general_information: {
    legal_name: null,
    // The company's own name until step 1 saves the onboarding's (decision 017).
    name: string("Empresa Onboarding Pact"),
    comercial_name: null,
    rfc: null,
    website: null,
    company_type: null,
    society_id: null,
    tax_system_id: null,
    financial_records_state: null,
    yearly_sales: null,
    ebitda_margin: null,
    second_last_year_yearly_sales: null,
    second_last_year_ebitda_margin: null,
    estimate_yearly_sales: null,
    company_uniqueness_summary: null,
    company_challenges: null,
    motivation: null,
    valuation_range_negotiation: null,
    funding_round_urgency: string("not_urgent"),
  },
  company_equities: [],
  interests: [],
  company_funding_round: null,
  company_funding_rounds_uses: [],
  companyCharacteristics: [],
  companyAttributes: [],
  fundingStructures: [],
  saved_steps: [],
  is_onboarding_completed: boolean(false),
};

describe("onboarding summary (consumer)", () => {
  const pact = newPact();

  it("GET /api/companies/:id/onboardings answers an untouched onboarding to its owner", async () => {
    await pact
      .addInteraction()
      .given("a seller with a company to onboard is signed in")
      .uponReceiving("a request for the summary of an untouched onboarding")
      .withRequest(...requestTo(getOnboardingEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 41] } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(UNTOUCHED))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const summary = await getOnboardingSummary(41);
        expect(summary.general_information.comercial_name).toBeNull();
        expect(summary.general_information.funding_round_urgency).toBe("not_urgent");
        expect(summary.company_funding_round).toBeNull();
        expect(summary.saved_steps).toEqual([]);
      });
  });

  it("GET /api/companies/:id/onboardings answers 404 for a company that is not the seller's", async () => {
    await pact
      .addInteraction()
      .given("a seller with a company to onboard is signed in")
      .uponReceiving("a request for the summary of someone else's or a missing company")
      .withRequest(...requestTo(getOnboardingEndpoint, { headers: bearer, params: { id: 999999 } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(COMPANY_NOT_FOUND_MESSAGE) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(getOnboardingSummary(999999));
        expect(failure instanceof ApiError && failure.status).toBe(404);
        expect(failure instanceof ApiError && failure.message).toBe(COMPANY_NOT_FOUND_MESSAGE);
      });
  });
});
