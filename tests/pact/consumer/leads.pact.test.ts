import { describe, expect, it } from "vitest";
import { createLead, type CreateLeadBody } from "../../../src/features/public-site/api/create-lead.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { createLeadEndpoint } from "../../../contracts/leads.ts";
import { JSON_CONTENT, failureOf, integer, newPact, requestTo, string, useMockServer } from "./pact.ts";

// Catalogue ids are fixed by the seed: service 3 is 'CFO virtual', referer 2 is 'LinkedIn'.
const CONTACT: CreateLeadBody = {
  name: "Mariana Treviño",
  service_interested: 3,
  email: "mariana.pact@example.mx",
  phone: "81 1234 5678",
  referer: 2,
};

describe("leads (consumer)", () => {
  const pact = newPact();

  it("POST /api/leads with a complete contact stores it and answers its id", async () => {
    await pact
      .addInteraction()
      .given("the contact catalogues are seeded")
      .uponReceiving("a contact request with every field")
      .withRequest(...requestTo(createLeadEndpoint, { body: CONTACT }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ id: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const created = await createLead(CONTACT);
        expect(created.id).toBe(1);
      });
  });

  it("POST /api/leads with a service that does not exist is a 400 with a Spanish message", async () => {
    const body = { ...CONTACT, service_interested: 9999 };
    await pact
      .addInteraction()
      .given("the contact catalogues are seeded")
      .uponReceiving("a contact request with an unknown service")
      .withRequest(...requestTo(createLeadEndpoint, { body }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string(createLeadEndpoint.errors.unknownService.message) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createLead(body));
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure instanceof ApiError && failure.status).toBe(400);
        expect(failure instanceof ApiError && failure.message).toBe(createLeadEndpoint.errors.unknownService.message);
      });
  });

  it("POST /api/leads without a name is a 400 with the spec's message", async () => {
    const body = { ...CONTACT, name: "" };
    await pact
      .addInteraction()
      .given("the contact catalogues are seeded")
      .uponReceiving("a contact request without a name")
      .withRequest(...requestTo(createLeadEndpoint, { body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string("Debes ingresar tu nombre") }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createLead(body));
        expect(failure instanceof ApiError && failure.message).toBe("Debes ingresar tu nombre");
      });
  });
});
