import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import {
  getOnboardingEndpoint,
  ONBOARDING_MESSAGES,
  saveCompanyCharacteristicsEndpoint,
  saveCompanyDataEndpoint,
  saveCompanyEquitiesEndpoint,
  saveCompanyFundingRoundEndpoint,
  saveCompanyFundingRoundUsesEndpoint,
  saveCompanyInterestsEndpoint,
  saveCompanySellDataEndpoint,
  saveCompanySellingDataEndpoint,
  saveFundingStructuresEndpoint,
  slackOnboardingEndpoint,
} from "../../../contracts/onboarding.ts";
import { getOnboarding } from "../../../src/features/onboarding/api/get-onboarding.ts";
import { notifyTeam } from "../../../src/features/onboarding/api/notify-team.ts";
import { saveCompanyCharacteristics } from "../../../src/features/onboarding/api/save-company-characteristics.ts";
import { saveCompanyData } from "../../../src/features/onboarding/api/save-company-data.ts";
import { saveCompanyEquities } from "../../../src/features/onboarding/api/save-company-equities.ts";
import { saveCompanyFundingRound } from "../../../src/features/onboarding/api/save-company-funding-round.ts";
import { saveCompanyFundingRoundUses } from "../../../src/features/onboarding/api/save-company-funding-round-uses.ts";
import { saveCompanyInterests } from "../../../src/features/onboarding/api/save-company-interests.ts";
import { saveCompanySellData } from "../../../src/features/onboarding/api/save-company-sell-data.ts";
import { saveCompanySellingData } from "../../../src/features/onboarding/api/save-company-selling-data.ts";
import { saveFundingStructures } from "../../../src/features/onboarding/api/save-funding-structures.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, failureOf, integer, newPact, requestTo, string, useMockServer } from "./pact.ts";

const { boolean, fromProviderState, number } = MatchersV3;

const STATE = "a seller with a company to onboard is signed in";
const bearer = bearerFrom("sellerToken");
const COMPANY_ID = 7;
const companyParam = { paramsFromState: { id: ["companyId", COMPANY_ID] as const } };

/** The untouched onboarding's general information (urgency defaults to not_urgent). */
const EMPTY_INFO = {
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
};

/** A fresh company's summary; each interaction overrides what its save changes. */
const summary = (overrides: Record<string, unknown> = {}) => ({
  company_id: integer(COMPANY_ID),
  general_information: EMPTY_INFO,
  company_equities: [],
  interests: [],
  company_funding_round: null,
  company_funding_rounds_uses: [],
  companyCharacteristics: [],
  companyAttributes: [],
  fundingStructures: [],
  saved_steps: [],
  is_onboarding_completed: boolean(false),
  ...overrides,
});

const save = (endpoint: Parameters<typeof requestTo>[0], body: unknown) => requestTo(endpoint, { ...companyParam, headers: bearer, body });

describe("onboarding (consumer)", () => {
  const pact = newPact();

  it("GET /api/companies/:id/onboardings answers an untouched onboarding with nothing saved", async () => {
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for an untouched onboarding's summary")
      .withRequest(...requestTo(getOnboardingEndpoint, { ...companyParam, headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(summary()))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await getOnboarding(COMPANY_ID);
        expect(answer.saved_steps).toEqual([]);
        expect(answer.general_information.funding_round_urgency).toBe("not_urgent");
      });
  });

  it("POST company_data saves step 1 and lists it as saved", async () => {
    const body = { name: "Mi Empresa", legal_name: "Mi Empresa SA de CV", comercial_name: null, rfc: "MEM010101ABA", website: null, company_type: "moral", society_id: 1, tax_system_id: 1 };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 1 of the onboarding: the general information")
      .withRequest(...save(saveCompanyDataEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            general_information: {
              ...EMPTY_INFO,
              name: string("Mi Empresa"),
              legal_name: string("Mi Empresa SA de CV"),
              rfc: string("MEM010101ABA"),
              company_type: string("moral"),
              society_id: integer(1),
              tax_system_id: integer(1),
            },
            saved_steps: ["company_data"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyData(COMPANY_ID, { ...body, company_type: "moral" });
        expect(answer.saved_steps).toEqual(["company_data"]);
        expect(answer.general_information).toMatchObject({ name: "Mi Empresa", society_id: 1 });
      });
  });

  it("PUT company_equities saves shareholders adding up to exactly 100%", async () => {
    const body = { company_equities: [{ shareholder: "Ana", equity: 60.5 }, { shareholder: "Luis", equity: 39.5 }] };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 2 of the onboarding: shareholders adding up to 100%")
      .withRequest(...save(saveCompanyEquitiesEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            company_equities: [
              { shareholder: string("Ana"), equity: number(60.5) },
              { shareholder: string("Luis"), equity: number(39.5) },
            ],
            saved_steps: ["company_equities"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyEquities(COMPANY_ID, body);
        expect(answer.company_equities.map((row) => row.equity)).toEqual([60.5, 39.5]);
      });
  });

  it("PUT company_equities refuses shareholders that do not add up to 100% (400)", async () => {
    const body = { company_equities: [{ shareholder: "Ana", equity: 99.99 }] };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 2 of the onboarding with a total of 99.99%")
      .withRequest(...save(saveCompanyEquitiesEndpoint, body))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: ONBOARDING_MESSAGES.equityTotal }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(saveCompanyEquities(COMPANY_ID, body));
        expect(failure instanceof ApiError && failure.message).toBe(ONBOARDING_MESSAGES.equityTotal);
      });
  });

  it("PUT company_interests saves the objective", async () => {
    const body = { company_interests: [{ interest_id: 1 }] };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 3 of the onboarding: growth capital")
      .withRequest(...save(saveCompanyInterestsEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(summary({ interests: [{ id: integer(1), name: string("Capital para crecimiento") }], saved_steps: ["company_interests"] })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        expect((await saveCompanyInterests(COMPANY_ID, body)).interests).toEqual([{ id: 1, name: "Capital para crecimiento" }]);
      });
  });

  it("PUT company_selling_data saves the motivation and urgency of a sale", async () => {
    const body = { motivation: "Retiro", valuation_range_negotiation: null, funding_round_urgency: "asap" };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 3 of the onboarding with a selling interest: the motivation")
      .withRequest(...save(saveCompanySellingDataEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            general_information: { ...EMPTY_INFO, motivation: string("Retiro"), funding_round_urgency: string("asap") },
            saved_steps: ["company_selling_data"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanySellingData(COMPANY_ID, { ...body, funding_round_urgency: "asap" });
        expect(answer.general_information).toMatchObject({ motivation: "Retiro", funding_round_urgency: "asap" });
      });
  });

  it("PUT company_funding_rounds saves step 4: the round's stage and size, step 5's answers still unanswered", async () => {
    const body = { funding_round: "series_a", funding_round_amount: 500000 };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 4 of the onboarding: the funding round")
      .withRequest(...save(saveCompanyFundingRoundEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            company_funding_round: { funding_round: string("series_a"), funding_round_amount: number(500000), funding_round_done: null, investors: null },
            saved_steps: ["company_funding_rounds"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyFundingRound(COMPANY_ID, { ...body, funding_round: "series_a" });
        expect(answer.company_funding_round).toMatchObject({ funding_round: "series_a", funding_round_done: null, investors: null });
      });
  });

  it("PUT company_funding_rounds saves step 5: what is raised and the investors, with step 4's answers", async () => {
    const body = { funding_round: "series_a", funding_round_amount: 500000, funding_round_done: 100000, investors: 3 };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 5 of the onboarding: the investment so far")
      .withRequest(...save(saveCompanyFundingRoundEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            company_funding_round: { funding_round: string("series_a"), funding_round_amount: number(500000), funding_round_done: number(100000), investors: integer(3) },
            saved_steps: ["company_funding_rounds", "company_investment"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyFundingRound(COMPANY_ID, { ...body, funding_round: "series_a" });
        expect(answer.company_funding_round).toMatchObject({ funding_round: "series_a", investors: 3 });
      });
  });

  it("PUT company_funding_rounds_uses saves uses adding up to exactly 100%", async () => {
    const body = { company_funding_rounds_uses: [{ use_name: "Marketing", use_percentage: 33.33 }, { use_name: "Equipo", use_percentage: 66.67 }] };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 6 of the onboarding: the uses of capital")
      .withRequest(...save(saveCompanyFundingRoundUsesEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            company_funding_rounds_uses: [
              { use_name: string("Marketing"), use_percentage: number(33.33) },
              { use_name: string("Equipo"), use_percentage: number(66.67) },
            ],
            saved_steps: ["company_funding_rounds_uses"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyFundingRoundUses(COMPANY_ID, body);
        expect(answer.company_funding_rounds_uses.map((row) => row.use_percentage)).toEqual([33.33, 66.67]);
      });
  });

  it("PUT company_sell_data saves the financial information", async () => {
    const body = {
      financial_records_state: "has_financial_records",
      yearly_sales: 12000000,
      ebitda_margin: 18.5,
      second_last_year_yearly_sales: 10000000,
      second_last_year_ebitda_margin: -2.25,
      estimate_yearly_sales: 15000000,
    };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 7 of the onboarding: the financial information")
      .withRequest(...save(saveCompanySellDataEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            general_information: {
              ...EMPTY_INFO,
              financial_records_state: string("has_financial_records"),
              yearly_sales: number(12000000),
              ebitda_margin: number(18.5),
              second_last_year_yearly_sales: number(10000000),
              second_last_year_ebitda_margin: number(-2.25),
              estimate_yearly_sales: number(15000000),
            },
            saved_steps: ["company_sell_data"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanySellData(COMPANY_ID, { ...body, financial_records_state: "has_financial_records" });
        expect(answer.general_information).toMatchObject({ yearly_sales: 12000000, second_last_year_ebitda_margin: -2.25 });
      });
  });

  it("PUT company_characteristics saves step 8's characteristics, attributes and answers", async () => {
    const body = { characteristics: [{ id: 1 }], attributes: [{ id: 1 }], company_uniqueness_summary: "Clientes fieles", company_challenges: "Crecer" };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 8 of the onboarding: characteristics and attributes")
      .withRequest(...save(saveCompanyCharacteristicsEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            general_information: { ...EMPTY_INFO, company_uniqueness_summary: string("Clientes fieles"), company_challenges: string("Crecer") },
            companyCharacteristics: [{ id: integer(1), name: string("Característica") }],
            companyAttributes: [{ id: integer(1), name: string("Atributo") }],
            saved_steps: ["company_characteristics"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveCompanyCharacteristics(COMPANY_ID, body);
        expect(answer.companyCharacteristics.map((item) => item.id)).toEqual([1]);
        expect(answer.general_information.company_challenges).toBe("Crecer");
      });
  });

  it("PUT funding_structures saves step 8's structures and urgency", async () => {
    const body = { funding_structures: [{ id: 1 }], funding_round_urgency: "moderate" };
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("step 8 of the onboarding: funding structures and urgency")
      .withRequest(...save(saveFundingStructuresEndpoint, body))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          summary({
            general_information: { ...EMPTY_INFO, funding_round_urgency: string("moderate") },
            fundingStructures: [{ id: integer(1), name: string("Deuda"), type: string("debt") }],
            saved_steps: ["funding_structures"],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await saveFundingStructures(COMPANY_ID, { ...body, funding_round_urgency: "moderate" });
        expect(answer.fundingStructures.map((item) => item.id)).toEqual([1]);
        expect(answer.general_information.funding_round_urgency).toBe("moderate");
      });
  });

  it("POST /api/slack-onboarding tells the team and marks the onboarding completed", async () => {
    await pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("the end of the onboarding")
      .withRequest(
        ...requestTo(slackOnboardingEndpoint, {
          headers: bearer,
          body: { company_id: fromProviderState("${companyNumber}", COMPANY_ID) },
        }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ company_id: integer(COMPANY_ID), is_onboarding_completed: boolean(true), notified_via: MatchersV3.regex("^(slack|mail)$", "mail") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const answer = await notifyTeam(COMPANY_ID);
        expect(answer.is_onboarding_completed).toBe(true);
      });
  });
});
