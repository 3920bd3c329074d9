import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/api-client.ts";
import { createInterestMessage } from "../../../src/features/marketplace/api/create-interest-message.ts";
import { getCompanies, type CompanyFilters } from "../../../src/features/marketplace/api/get-companies.ts";
import { getCompany } from "../../../src/features/marketplace/api/get-company.ts";
import { getCompanyRecord } from "../../../src/features/companies/api/get-company-record.ts";
import { createInterestMessageEndpoint, getCompanyEndpoint, listCompaniesEndpoint } from "../../../contracts/marketplace.ts";
import { getCompanyRecordEndpoint } from "../../../contracts/companies.ts";
import { JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const { boolean, fromProviderState, decimal, number } = MatchersV3;

// The provider state "a published company exists" seeds one company that
// matches every example filter below (Nuevo León, Tecnología, growth capital,
// persona moral, verification 'Básica', EBITDA $5 M – $10 M, sales $5 M –
// $10 M) and hands its id, human id and tokens back to the request.
const TOKEN = sampleToken("1", "firma");
const item = (id: number, name: string) => ({ id: integer(id), name: string(name) });

const CARD = {
  id: integer(1),
  human_id: string("PUE-0001"),
  picture_url: null,
  short_description: string("Software en la nube para facturación electrónica de pymes en Monterrey."),
  verification_level: item(2, "Básica"),
  company_type: item(1, "Persona moral"),
  state: item(19, "Nuevo León"),
  yearly_sales_range: item(3, "$5 M – $10 M MXN"),
  ebitda_range: item(4, "$5 M – $10 M MXN"),
  interests: eachLike(item(1, "Capital para crecimiento")),
  industries: eachLike(item(1, "Tecnología")),
};

const LIST = {
  items: eachLike(CARD),
  total: integer(1),
  total_capped: boolean(false),
  page: integer(1),
  per_page: integer(12),
};

const PROFILE = {
  id: integer(1),
  human_id: string("PUE-0001"),
  picture_url: null,
  short_description: string("Software en la nube para facturación electrónica de pymes en Monterrey."),
  long_description: string("La empresa se fundó en 2012 y atiende a 1,800 pymes."),
  foundation_date: integer(2012),
  headcount: integer(40),
  ebitda_margin: decimal(18.5),
  yearly_sales: integer(8_500_000),
  funding_round: integer(2_000_000),
  average_yearly_growth: decimal(12.5),
  company_type: item(1, "Persona moral"),
  state: item(19, "Nuevo León"),
  country: item(1, "México"),
  verification_level: item(2, "Básica"),
  ebitda_range: item(4, "$5 M – $10 M MXN"),
  yearly_sales_range: item(3, "$5 M – $10 M MXN"),
  company_role: item(1, "Fundador"),
  interests: eachLike(item(1, "Capital para crecimiento")),
  industries: eachLike(item(1, "Tecnología")),
};

// What a visitor may do about the full profile (decision 023): nothing until signed in, and no full profile.
const VISITOR_VIEW = {
  ...PROFILE,
  viewer_access: { request: null, can_request: false, blocked_reason: "sign_in", request_again_at: null },
  confidential: null,
};

// The buyer of an approved request with the NDA in force (tests/pact/provider/states/deal-room.ts
// seeds the company's record and onboarding step 7, and one shared document).
const APPROVED_BUYER_VIEW = {
  ...PROFILE,
  viewer_access: {
    request: { id: integer(1), status: "approved", created_at: when("2026-11-26T18:05:00.000Z"), nda_version: string("2026-11"), nda_current: true },
    can_request: false,
    blocked_reason: "open_request",
    request_again_at: null,
  },
  confidential: {
    name: string("Deal Room Pact SA de CV"),
    // The descriptions as the seller wrote them (the public ones are masked: docs/decisions/030).
    short_description: string("Distribuidora de refacciones industriales con 20 años en Monterrey."),
    long_description: string("Distribuye refacciones para la industria del noreste con un centro logístico propio."),
    legal_name: string("Deal Room Pact SA de CV"),
    comercial_name: string("Refacciones Deal Room"),
    website: string("https://refacciones.example.mx"),
    contact: { name: string("Vendedora Deal Room"), email: string("vendedora.dealroom.pact@example.mx"), phone: string("8112345678") },
    financials: {
      ebitda: number(1_572_500),
      yearly_sales: number(8_500_000),
      ebitda_margin: number(18.5),
      second_last_year_yearly_sales: number(7_900_000),
      second_last_year_ebitda_margin: number(17),
      estimate_yearly_sales: number(9_300_000),
      financial_records_state: string("has_financial_records"),
    },
    shared_documents: eachLike({
      id: integer(1),
      category: string("company_acta_constitutivas"),
      filename: string("acta-constitutiva.pdf"),
      content_type: string("application/pdf"),
      size_bytes: integer(48),
      created_at: when("2026-11-20T10:00:00.000Z"),
      download_allowed: boolean(false),
    }),
  },
};

const RECORD = {
  ...PROFILE,
  name: string("Nube Contable Regia"),
  legal_name: string("Nube Contable Regia S.A. de C.V."),
  comercial_name: string("Nube Contable Regia"),
  rfc: string("NCR150101AB3"),
  website: string("https://nube.example.mx"),
  ebitda: integer(1_572_500),
  contact: { name: string("Vendedora Pact"), email: string("vendedora.pact@example.mx"), phone: string("8112345678") },
  owner_user_id: integer(2),
  industry_ids: eachLike(integer(1)),
  interest_ids: eachLike(integer(1)),
  company_type_id: integer(1),
  state_id: integer(19),
  country_id: integer(1),
  company_status_id: integer(1),
  verification_level_id: integer(2),
  ebitda_range_id: integer(4),
  yearly_sales_range_id: integer(3),
  user_company_role_id: integer(1),
  society_id: integer(1),
  tax_system_id: integer(1),
  society: item(1, "S.A. de C.V."),
  tax_system: item(1, "General de Ley Personas Morales"),
  company_status: item(1, "Created"),
  is_published: boolean(true),
  is_active: boolean(true),
  created_at: string("2026-01-15T10:00:00.000Z"),
  updated_at: string("2026-01-15T10:00:00.000Z"),
};

// The company's id comes from the provider state ("a published company exists").
const COMPANY_FROM_STATE = { id: ["companyId", 1] } as const;
const bearer = (tokenKey: string) => bearerFrom(tokenKey, TOKEN);

describe("marketplace (consumer)", () => {
  const pact = newPact();

  it("GET /api/companies lists published companies as cards with the total", async () => {
    await pact
      .addInteraction()
      .given("a published company exists")
      .uponReceiving("a request for the marketplace listing")
      .withRequest(...requestTo(listCompaniesEndpoint))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(LIST))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const list = await getCompanies();
        expect(list.items[0]).toMatchObject({ human_id: "PUE-0001", state: { name: "Nuevo León" }, interests: [{ name: "Capital para crecimiento" }] });
        expect(list.total).toBe(1);
      });
  });

  const FILTERS: ReadonlyArray<readonly [string, CompanyFilters]> = [
    ["state_id", { state_id: 19 }],
    ["industry_id", { industry_id: 1 }],
    ["sales_range_id", { sales_range_id: 3 }],
    ["interest_id", { interest_id: 1 }],
    ["company_type_id", { company_type_id: 1 }],
    ["verification_level_id", { verification_level_id: 2 }],
    ["ebitda_id", { ebitda_id: 4 }],
    ["q without accents", { q: "tecnologia" }],
    ["q with accents and capitals", { q: "TECNOLOGÍA" }],
    ["two filters and a page", { state_id: 19, industry_id: 1, page: 1 }],
  ];

  for (const [label, filters] of FILTERS) {
    it(`GET /api/companies filtered by ${label}`, async () => {
      const query = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));
      await pact
        .addInteraction()
        .given("a published company exists")
        .uponReceiving(`a marketplace listing filtered by ${label}`)
        .withRequest(...requestTo(listCompaniesEndpoint, { query }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(LIST))
        .executeTest(async (server) => {
          useMockServer(server.url);
          const list = await getCompanies(filters);
          expect(list.items.length).toBeGreaterThan(0);
        });
    });
  }

  it("GET /api/companies with an unknown filter value is a 400 with a Spanish message", async () => {
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a marketplace listing with an unknown state")
      .withRequest(...requestTo(listCompaniesEndpoint, { query: { state_id: "99" } }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string("El filtro de estado no es válido.") }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(getCompanies({ state_id: 99 }));
        expect(failure instanceof ApiError && failure.status).toBe(400);
        expect(failure instanceof ApiError && failure.message).toBe("El filtro de estado no es válido.");
      });
  });

  it("GET /api/companies/{id} is the public profile, without name or contact; a visitor is asked to sign in and gets no full profile", async () => {
    await pact
      .addInteraction()
      .given("a published company exists")
      .uponReceiving("a request for a company's public profile")
      .withRequest(...requestTo(getCompanyEndpoint, { paramsFromState: COMPANY_FROM_STATE }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(VISITOR_VIEW))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const profile = await getCompany(1);
        expect(profile.human_id).toBe("PUE-0001");
        expect(profile.industries[0]?.name).toBe("Tecnología");
        expect("name" in profile).toBe(false);
        expect(profile.viewer_access).toEqual({ request: null, can_request: false, blocked_reason: "sign_in", request_again_at: null });
        expect(profile.confidential).toBeNull();
      });
  });

  it("GET /api/companies/{id} for the buyer of an approved request: their request, and the full profile with the shared documents", async () => {
    await pact
      .addInteraction()
      .given("an approved access request between a buyer and a seller, with a message each and a shared document")
      .uponReceiving("a request for a company's profile by the buyer of an approved access request")
      .withRequest(...requestTo(getCompanyEndpoint, { paramsFromState: COMPANY_FROM_STATE, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(APPROVED_BUYER_VIEW))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const profile = await getCompany(1);
        expect(profile.viewer_access).toMatchObject({ can_request: false, blocked_reason: "open_request", request: { status: "approved", nda_current: true } });
        expect(profile.confidential).toMatchObject({
          name: "Deal Room Pact SA de CV",
          long_description: "Distribuye refacciones para la industria del noreste con un centro logístico propio.",
          contact: { email: "vendedora.dealroom.pact@example.mx" },
        });
        expect(profile.confidential?.shared_documents[0]?.filename).toBe("acta-constitutiva.pdf");
      });
  });

  it("GET /api/companies/{id} for an unknown company is a 404", async () => {
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a request for a company that does not exist")
      .withRequest(...requestTo(getCompanyEndpoint, { params: { id: 999_999 } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(getCompanyEndpoint.errors.notFound.message) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(getCompany(999_999));
        expect(failure instanceof ApiError && failure.status).toBe(404);
      });
  });

  for (const [who, tokenKey] of [
    ["its owner", "ownerToken"],
    ["an admin", "adminToken"],
  ] as const) {
    it(`GET /api/companies/{id}?is_dashboard=true gives ${who} the whole record`, async () => {
      await pact
        .addInteraction()
        .given("a published company exists")
        .uponReceiving(`a request for a company's whole record by ${who}`)
        .withRequest(...requestTo(getCompanyRecordEndpoint, { paramsFromState: COMPANY_FROM_STATE, headers: bearer(tokenKey) }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(RECORD))
        .executeTest(async (server) => {
          useMockServer(server.url, TOKEN);
          const record = await getCompanyRecord(1);
          expect(record.name).toBe("Nube Contable Regia");
          expect(record.contact.email).toBe("vendedora.pact@example.mx");
        });
    });
  }

  it("POST /api/companies/{id}/interest_messages stores a buyer's message", async () => {
    const body = { name: "Comprador Pact", email: "comprador.pact@example.mx", human_id: "PUE-0001", summary: "Me interesa conocer sus estados financieros." };
    await pact
      .addInteraction()
      .given("a published company exists")
      .uponReceiving("an interest message from a signed-in buyer")
      .withRequest(
        ...requestTo(createInterestMessageEndpoint, {
          paramsFromState: COMPANY_FROM_STATE,
          headers: bearer("buyerToken"),
          body: { ...body, human_id: fromProviderState("${humanId}", "PUE-0001") },
        }),
      )
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ id: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const created = await createInterestMessage(1, body);
        expect(created.id).toBe(1);
      });
  });

  it("POST /api/companies/{id}/interest_messages with an empty message is a 400", async () => {
    const body = { name: "Comprador Pact", email: "comprador.pact@example.mx", human_id: "PUE-0001", summary: "" };
    await pact
      .addInteraction()
      .given("a published company exists")
      .uponReceiving("an empty interest message")
      .withRequest(
        ...requestTo(createInterestMessageEndpoint, {
          paramsFromState: COMPANY_FROM_STATE,
          headers: bearer("buyerToken"),
          body: { ...body, human_id: fromProviderState("${humanId}", "PUE-0001") },
        }),
      )
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string("Debes escribir tu mensaje") }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(createInterestMessage(1, body));
        expect(failure instanceof ApiError && failure.message).toBe("Debes escribir tu mensaje");
      });
  });
});
