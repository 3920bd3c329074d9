import { describe, expect, it } from "vitest";
import { KYB_MESSAGES, kybEndpoint } from "../../../contracts/kyb.ts";
import { RFC_MESSAGES } from "../../../contracts/rfc.ts";
import { createKybValidation } from "../../../src/features/kyb/api/create-kyb-validation.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { JSON_CONTENT, SAMPLE_TOKEN, bearerFrom, failureOf, integer, newPact, regex, requestTo, string, useMockServer, when } from "./pact.ts";

const bearer = bearerFrom("sellerToken");
const COMPANY_FROM_STATE = { id: ["companyId", 1] } as const;

describe("KYB básico (consumer)", () => {
  const pact = newPact();

  it("POST /api/companies/{id}/validations/kyb records a paid owner's request (201, pending)", async () => {
    await pact
      .addInteraction()
      .given("a paid seller with a company is signed in")
      .uponReceiving("a KYB request with a valid RFC from the company's paid owner")
      .withRequest(...requestTo(kybEndpoint, { paramsFromState: COMPANY_FROM_STATE, headers: bearer, body: { rfc: "ABC680524P73" } }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          id: integer(1),
          company_id: integer(1),
          status: regex("^pending$", "pending"),
          rfc: string("ABC680524P73"),
          created_at: when("2026-11-01T10:00:00.000Z"),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const recorded = await createKybValidation({ companyId: 1, rfc: "ABC680524P73" });
        expect(recorded.status).toBe("pending");
        expect(recorded.rfc).toBe("ABC680524P73");
      });
  });

  it("answers 403 with the spec's message to a seller without a plan", async () => {
    await pact
      .addInteraction()
      .given("a free seller with a company is signed in")
      .uponReceiving("a KYB request from a seller on the free plan")
      .withRequest(...requestTo(kybEndpoint, { paramsFromState: COMPANY_FROM_STATE, headers: bearer, body: { rfc: "ABC680524P73" } }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(KYB_MESSAGES.paidOnly) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(createKybValidation({ companyId: 1, rfc: "ABC680524P73" }));
        expect(failure instanceof ApiError && failure.status).toBe(403);
        expect(failure instanceof ApiError && failure.message).toBe(KYB_MESSAGES.paidOnly);
      });
  });

  it("answers 400 with the RFC's message when the check digit is wrong", async () => {
    await pact
      .addInteraction()
      .given("a paid seller with a company is signed in")
      .uponReceiving("a KYB request whose RFC has a wrong check digit")
      .withRequest(...requestTo(kybEndpoint, { paramsFromState: COMPANY_FROM_STATE, headers: bearer, body: { rfc: "ABC680524P74" } }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(RFC_MESSAGES.checkDigit) }))
      .executeTest(async (server) => {
        useMockServer(server.url, SAMPLE_TOKEN);
        const failure = await failureOf(createKybValidation({ companyId: 1, rfc: "ABC680524P74" }));
        expect(failure instanceof ApiError && failure.status).toBe(400);
      });
  });
});
