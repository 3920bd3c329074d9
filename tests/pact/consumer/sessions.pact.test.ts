import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/api-client.ts";
import { createSession } from "../../../src/features/auth/api/create-session.ts";
import { decodeTokenClaims } from "../../../machines/session/session.machine.ts";
import { createSessionEndpoint } from "../../../contracts/sessions.ts";
import { JSON_CONTENT, failureOf, newPact, regex, requestTo, string, useMockServer } from "./pact.ts";

const PACT_BUYER = { email: "comprador.pact@example.mx", password: "Contrasena-segura-1" };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

// A token shaped like the server's: the mock answers it, the session machine
// decodes it. Fixed times keep the committed pact file stable between runs.
const issuedAt = 1_900_000_000;
const SAMPLE_TOKEN = [
  base64url({ alg: "HS256", typ: "JWT" }),
  base64url({
    sub: "7",
    email: PACT_BUYER.email,
    name: "Comprador Pact",
    roles: ["buyer"],
    phone: "5512345678",
    is_onboarding_completed: false,
    is_paid: false,
    status: "free",
    iat: issuedAt,
    exp: issuedAt + 3600,
  }),
  "c2lnbmF0dXJl",
].join(".");

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

describe("sessions (consumer)", () => {
  const pact = newPact();

  it("POST /api/sessions with valid credentials returns a signed access token", async () => {
    await pact
      .addInteraction()
      .given("a buyer account exists", PACT_BUYER)
      .uponReceiving("a login with valid credentials")
      .withRequest(...requestTo(createSessionEndpoint, { body: PACT_BUYER }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ access_token: regex(JWT.source, SAMPLE_TOKEN) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const { access_token } = await createSession(PACT_BUYER);
        expect(access_token).toMatch(JWT);
        expect(decodeTokenClaims(access_token)?.roles).toEqual(["buyer"]);
      });
  });

  it("POST /api/sessions with a wrong password is a 401 with a Spanish message", async () => {
    const body = { email: PACT_BUYER.email, password: "no-es-la-contrasena" };
    await pact
      .addInteraction()
      .given("a buyer account exists", PACT_BUYER)
      .uponReceiving("a login with a wrong password")
      .withRequest(...requestTo(createSessionEndpoint, { body }))
      .willRespondWith(401, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string(createSessionEndpoint.errors.wrongCredentials.message) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createSession(body));
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure instanceof ApiError && failure.message).toBe(createSessionEndpoint.errors.wrongCredentials.message);
      });
  });
});
