import { describe, expect, it } from "vitest";
import { BUYER_LEAD_MESSAGES, createBuyerLeadEndpoint, getCompanyBuyerLeadMatchesEndpoint } from "../../../contracts/buyer-leads.ts";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../../contracts/companies.ts";
import { createBuyerLead, type CreateBuyerLeadBody } from "../../../src/features/buyer-leads/api/create-buyer-lead.ts";
import { getCompanyBuyerLeadMatches } from "../../../src/features/buyer-leads/api/get-company-buyer-lead-matches.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

// Buyer mandates (issue 28, docs/decisions/033-buyer-mandates.md): the spec's `POST buyer_leads`, and the owner's count.

const TOKEN = sampleToken("28");
const buyer = bearerFrom("buyerToken", TOKEN);
const seller = bearerFrom("sellerToken", TOKEN);

const FOR_SALE = "a listed technology company in Nuevo León with $5–10 M in sales is for sale";
const BUYER_AND_FOR_SALE = "a buyer is signed in and a listed technology company in Nuevo León with $5–10 M in sales is for sale";
const MATCHED = "a seller is signed in and an active buyer mandate matches their company";
// The seller analytics' state: the other seller's company is missing to this one.
const OTHERS_COMPANY = "a seller is signed in and another seller's company exists";

/** What the form sends signed in: the criteria (seeded catalogue ids: Tecnología, Nuevo León, $5–10 M, $5–20 M ticket). */
const CRITERIA: CreateBuyerLeadBody = {
  industry_ids: [1],
  state_ids: [19],
  sales_range_ids: [3],
  ebitda_range_ids: [],
  investment_size_id: 3,
  deal_type: "buy",
  description: "Una empresa de software con clientes recurrentes y un equipo que siga después de la compra.",
};
/** A visitor also leaves a contact. */
const VISITOR: CreateBuyerLeadBody = { ...CRITERIA, name: "Rodrigo Garza", email: "rodrigo.pact@example.mx", phone: "81 5555 1234" };

const CREATED = {
  id: integer(1),
  matching_listings: integer(1),
  matches: eachLike({ id: integer(1), human_id: regex("^PUE-\\d{4,}$", "PUE-0001") }),
  contact_email: string("rodrigo.pact@example.mx"),
  active_until: when("2026-09-01T16:30:00.000Z"),
};

describe("buyer mandates (consumer)", () => {
  const pact = newPact();

  it("POST /api/buyer_leads from a visitor stores the mandate and answers the listings that match now", async () => {
    await pact
      .addInteraction()
      .given(FOR_SALE)
      .uponReceiving("a visitor's buyer mandate with its contact")
      .withRequest(...requestTo(createBuyerLeadEndpoint, { body: VISITOR }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody(CREATED))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const created = await createBuyerLead(VISITOR);
        expect(created.matching_listings).toBe(1);
        expect(created.matches[0]?.human_id).toMatch(/^PUE-/);
        expect(created.contact_email).toBe("rodrigo.pact@example.mx");
        expect(new Date(created.active_until).getTime()).not.toBeNaN();
      });
  });

  it("POST /api/buyer_leads from a signed-in buyer sends no contact: the account is", async () => {
    await pact
      .addInteraction()
      .given(BUYER_AND_FOR_SALE)
      .uponReceiving("a signed-in buyer's mandate without a contact")
      .withRequest(...requestTo(createBuyerLeadEndpoint, { headers: buyer, body: CRITERIA }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ ...CREATED, contact_email: string("comprador.mandato.pact@example.mx") }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const created = await createBuyerLead(CRITERIA);
        expect(created.contact_email).toBe("comprador.mandato.pact@example.mx");
      });
  });

  it("POST /api/buyer_leads from a visitor without a name is a 400 with the spec's message", async () => {
    const { name: _name, ...body } = VISITOR;
    await pact
      .addInteraction()
      .given(FOR_SALE)
      .uponReceiving("a visitor's buyer mandate without a name")
      .withRequest(...requestTo(createBuyerLeadEndpoint, { body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(BUYER_LEAD_MESSAGES.name) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createBuyerLead(body));
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure.status).toBe(400);
        expect(failure.message).toBe(BUYER_LEAD_MESSAGES.name);
      });
  });

  it("GET /api/companies/{id}/buyer_lead_matches answers its owner how many active mandates match, and nothing about who", async () => {
    await pact
      .addInteraction()
      .given(MATCHED)
      .uponReceiving("a request for how many buyer mandates match the seller's company")
      .withRequest(...requestTo(getCompanyBuyerLeadMatchesEndpoint, { headers: seller, paramsFromState: { id: ["companyId", 1] } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ company_id: integer(1), matching: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const matches = await getCompanyBuyerLeadMatches(1);
        expect(matches).toEqual({ company_id: 1, matching: 1 });
      });
  });

  it("GET /api/companies/{id}/buyer_lead_matches of another seller's company is a 404", async () => {
    await pact
      .addInteraction()
      .given(OTHERS_COMPANY)
      .uponReceiving("a request for the buyer mandates of another seller's company")
      .withRequest(...requestTo(getCompanyBuyerLeadMatchesEndpoint, { headers: seller, paramsFromState: { id: ["otherCompanyId", 2] } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(COMPANY_NOT_FOUND_MESSAGE) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(getCompanyBuyerLeadMatches(2));
        expect(failure.status).toBe(404);
        expect(failure.message).toBe(COMPANY_NOT_FOUND_MESSAGE);
      });
  });
});
