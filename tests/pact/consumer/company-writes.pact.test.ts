import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { adminOnlyFieldsMessage, createCompanyEndpoint, listDashboardCompaniesEndpoint, PUBLISHED_COMPANY_STATUS_ID, updateCompanyEndpoint } from "../../../contracts/companies.ts";
import { createCompany } from "../../../src/features/companies/api/create-company.ts";
import { MY_COMPANIES_PAGE_SIZE, getMyCompanies } from "../../../src/features/companies/api/get-my-companies.ts";
import { updateCompany } from "../../../src/features/companies/api/update-company.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { PACT_COMPANY_SELLER, companyCreateRequest, companyUpdateRequest } from "../../server/samples.ts";
import { JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, string, useMockServer, when } from "./pact.ts";

const { boolean } = MatchersV3;

const bearer = bearerFrom("sellerToken");
const adminBearer = bearerFrom("adminToken");
const ADMIN_STATE = "an admin is signed in and a seller's unpublished company like the form sample exists";

/** The seller of the provider state "a seller is signed in" (tests/pact/provider/states/company-writes.ts). */
const PACT_SELLER = PACT_COMPANY_SELLER;

const item = (name: string) => ({ id: integer(1), name: string(name) });

/** The record as the provider answers it for the sample requests (fields they leave empty are null). */
const RECORD = {
  id: integer(7),
  human_id: regex("^PUE-\\d{4,}$", "PUE-0007"),
  picture_url: null,
  short_description: string("Producción y distribución de tortillas en el Bajío."),
  long_description: null,
  foundation_date: integer(2008),
  headcount: integer(25),
  ebitda_margin: null,
  yearly_sales: null,
  funding_round: null,
  average_yearly_growth: null,
  company_type: item("Persona moral"),
  state: item("Guanajuato"),
  country: item("México"),
  verification_level: item("Pendiente"),
  ebitda_range: item("Menos de 1 millón"),
  yearly_sales_range: item("Menos de 5 millones"),
  company_role: item("Fundador"),
  interests: eachLike(item("Vender 100%")),
  industries: eachLike(item("Tecnología")),
  name: string("Tortillería La Esperanza"),
  legal_name: null,
  comercial_name: null,
  rfc: null,
  website: string("https://laesperanza.mx"),
  ebitda: null,
  contact: { name: string(PACT_SELLER.name), email: string(PACT_SELLER.email), phone: string(PACT_SELLER.phone) },
  owner_user_id: integer(3),
  industry_ids: eachLike(integer(1)),
  interest_ids: eachLike(integer(1)),
  company_type_id: integer(1),
  state_id: integer(11),
  country_id: integer(1),
  company_status_id: integer(1),
  verification_level_id: integer(1),
  ebitda_range_id: integer(1),
  yearly_sales_range_id: integer(1),
  user_company_role_id: integer(1),
  society_id: null,
  tax_system_id: null,
  society: null,
  tax_system: null,
  company_status: item("Created"),
  is_published: boolean(false),
  is_active: boolean(true),
  created_at: when("2026-11-01T10:00:00.000Z"),
  updated_at: when("2026-11-01T10:00:00.000Z"),
};

describe("company writes (consumer)", () => {
  const pact = newPact();

  it("POST /api/companies registers a seller's company, unpublished, with the seller as contact", async () => {
    const body = companyCreateRequest(PACT_SELLER);
    await pact
      .addInteraction()
      .given("a seller is signed in")
      .uponReceiving("a seller's new company")
      .withRequest(...requestTo(createCompanyEndpoint, { headers: bearer, body }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody(RECORD))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const record = await createCompany(body);
        expect(record).toMatchObject({ human_id: "PUE-0007", is_published: false, contact: { email: PACT_SELLER.email } });
        expect(record.access_token).toBeUndefined();
      });
  });

  it("GET /api/companies?is_dashboard=true lists the seller's companies for Mis empresas (10 per page)", async () => {
    await pact
      .addInteraction()
      .given("a seller with a company like the form sample is signed in")
      .uponReceiving("a request for the seller's own companies")
      .withRequest(...requestTo(listDashboardCompaniesEndpoint, { headers: bearer, query: { page: "1", per_page: String(MY_COMPANIES_PAGE_SIZE) } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: integer(7),
            human_id: regex("^PUE-\\d{4,}$", "PUE-0007"),
            name: string("Tortillería La Esperanza"),
            contact_name: string(PACT_SELLER.name),
            state: item("Guanajuato"),
            company_status: item("Created"),
            verification_level: item("Pendiente"),
            is_published: boolean(false),
            is_active: boolean(true),
            created_at: when("2026-11-01T10:00:00.000Z"),
          }),
          total: integer(1),
          page: integer(1),
          per_page: integer(MY_COMPANIES_PAGE_SIZE),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const mine = await getMyCompanies({ q: "", page: 1 });
        expect(mine.items[0]).toMatchObject({ name: "Tortillería La Esperanza", is_published: false });
        expect(mine.per_page).toBe(MY_COMPANIES_PAGE_SIZE);
      });
  });

  it("PUT /api/companies/:id changes the fields sent and answers the record", async () => {
    const body = companyUpdateRequest();
    await pact
      .addInteraction()
      .given("a seller with a company like the form sample is signed in")
      .uponReceiving("a seller's partial edit of their company")
      .withRequest(...requestTo(updateCompanyEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 7] }, body }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ ...RECORD, headcount: integer(30), foundation_date: integer(2009), yearly_sales_range_id: integer(2) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const record = await updateCompany({ id: 7, body });
        expect(record).toMatchObject({ id: 7, headcount: 30, foundation_date: 2009 });
      });
  });

  it("PUT /api/companies/:id refuses an admin-only field from a seller with a 403 naming it", async () => {
    const message = adminOnlyFieldsMessage(["ebitda"]);
    await pact
      .addInteraction()
      .given("a seller with a company like the form sample is signed in")
      .uponReceiving("a seller's edit that sets the EBITDA")
      .withRequest(...requestTo(updateCompanyEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 7] }, body: { ebitda: 1000000 } }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ message }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const error = await failureOf(updateCompany({ id: 7, body: { ebitda: 1000000 } }));
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 403, message });
      });
  });

  // The status is the switch (docs/decisions/022): 'Publicada' publishes, any other status takes the company off.
  for (const change of [
    {
      title: "the status 'Publicada' publishes the company",
      description: "an admin's publication of a seller's company",
      body: { company_status_id: PUBLISHED_COMPANY_STATUS_ID, verification_level_id: 2, funding_round: 2_500_000 },
      answer: {
        funding_round: integer(2_500_000),
        company_status_id: integer(PUBLISHED_COMPANY_STATUS_ID),
        company_status: item("Publicada"),
        verification_level_id: integer(2),
        verification_level: item("Básica"),
        is_published: boolean(true),
      },
      expected: { is_published: true, company_status: { name: "Publicada" }, funding_round: 2_500_000 },
    },
    {
      title: "another status takes it off the marketplace",
      description: "an admin's pause of a seller's company",
      body: { company_status_id: 4 },
      answer: { company_status_id: integer(4), company_status: item("Pausada"), is_published: boolean(false) },
      expected: { is_published: false, company_status: { name: "Pausada" } },
    },
  ]) {
    it(`PUT /api/companies/:id by an admin: ${change.title}`, async () => {
      await pact
        .addInteraction()
        .given(ADMIN_STATE)
        .uponReceiving(change.description)
        .withRequest(...requestTo(updateCompanyEndpoint, { headers: adminBearer, paramsFromState: { id: ["companyId", 7] }, body: change.body }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ ...RECORD, ...change.answer }))
        .executeTest(async (server) => {
          useMockServer(server.url, SAMPLE_TOKEN);
          expect(await updateCompany({ id: 7, body: change.body })).toMatchObject(change.expected);
        });
    });
  }

  it("POST /api/companies by an admin: a company for someone else, with its own contact", async () => {
    const contact = { name: "Dueña Sin Cuenta", email: "duena.sin.cuenta@pact.example.mx", phone: null };
    const body = { ...companyCreateRequest(contact), ebitda: 1_200_000 };
    await pact
      .addInteraction()
      .given(ADMIN_STATE)
      .uponReceiving("an admin's registration of a company for someone")
      .withRequest(...requestTo(createCompanyEndpoint, { headers: adminBearer, body }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ ...RECORD, ebitda: integer(1_200_000), contact: { name: string(contact.name), email: string(contact.email), phone: null } }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const record = await createCompany(body);
        expect(record).toMatchObject({ is_published: false, contact: { email: contact.email }, ebitda: 1_200_000 });
      });
  });
});
