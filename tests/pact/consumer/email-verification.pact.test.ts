import { describe, expect, it } from "vitest";
import {
  EMAIL_VERIFICATION_MESSAGES,
  getEmailVerificationEndpoint,
  requestEmailVerificationEndpoint,
  verifyEmailEndpoint,
} from "../../../contracts/accounts.ts";
import { getEmailVerification } from "../../../src/features/accounts/api/get-email-verification.ts";
import { requestEmailVerification } from "../../../src/features/accounts/api/request-email-verification.ts";
import { verifyEmail } from "../../../src/features/accounts/api/verify-email.ts";
import { signedInContext } from "../../../machines/session/session.machine.ts";
import { JSON_CONTENT, bearerFrom, failureOf, newPact, regex, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const TOKEN = sampleToken("21");
const bearer = bearerFrom("accountToken", TOKEN);

const UNVERIFIED = "a buyer with an unverified e-mail is signed in";
const VERIFIED = "a buyer with a verified e-mail is signed in";
const WITH_LINK = "a buyer with an unverified e-mail was sent a verification link";
/** The token the WITH_LINK state stores (its SHA-256, as the server does). */
const LINK_TOKEN = "enlace-de-verificacion-pact-7f3a9c";
const LINK_WITH_SESSION = "enlace-de-verificacion-pact-con-sesion-2b8d";

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
// Shaped like the server's token, with fixed times so the pact file stays stable between runs.
const SIGNED_IN = [
  base64url({ alg: "HS256", typ: "JWT" }),
  base64url({
    sub: "21",
    email: "enlace.verificacion.pact@example.mx",
    name: "Cuenta Verificación Pact",
    roles: ["buyer"],
    phone: null,
    is_onboarding_completed: false,
    is_paid: false,
    status: "free",
    iat: 1_900_000_000,
    exp: 1_900_003_600,
  }),
  "c2lnbmF0dXJl",
].join(".");

describe("e-mail verification (consumer)", () => {
  const pact = newPact();

  it("GET /api/accounts/email_verifications says the signed-in user's e-mail is not verified", async () => {
    await pact
      .addInteraction()
      .given(UNVERIFIED)
      .uponReceiving("a request for the verification status of an unverified e-mail")
      .withRequest(...requestTo(getEmailVerificationEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ email: string("sin.verificar.pact@example.mx"), verified: false, verified_at: null }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect(await getEmailVerification()).toEqual({ email: "sin.verificar.pact@example.mx", verified: false, verified_at: null });
      });
  });

  it("GET /api/accounts/email_verifications says when the signed-in user's e-mail was verified", async () => {
    await pact
      .addInteraction()
      .given(VERIFIED)
      .uponReceiving("a request for the verification status of a verified e-mail")
      .withRequest(...requestTo(getEmailVerificationEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ email: string("verificado.pact@example.mx"), verified: true, verified_at: when("2026-03-02T16:30:00.000Z") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const status = await getEmailVerification();
        expect(status.verified).toBe(true);
        expect(Number.isNaN(Date.parse(status.verified_at ?? ""))).toBe(false);
      });
  });

  it("POST /api/accounts/email_verifications e-mails a new link (201)", async () => {
    await pact
      .addInteraction()
      .given(UNVERIFIED)
      .uponReceiving("a request to e-mail a verification link")
      .withRequest(...requestTo(requestEmailVerificationEndpoint, { headers: bearer }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(EMAIL_VERIFICATION_MESSAGES.sent) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect((await requestEmailVerification()).message).toBe(EMAIL_VERIFICATION_MESSAGES.sent);
      });
  });

  it("POST /api/accounts/email_verifications answers 409 when the e-mail is verified already", async () => {
    await pact
      .addInteraction()
      .given(VERIFIED)
      .uponReceiving("a request to e-mail a verification link for a verified e-mail")
      .withRequest(...requestTo(requestEmailVerificationEndpoint, { headers: bearer }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(EMAIL_VERIFICATION_MESSAGES.alreadyVerified) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(requestEmailVerification());
        expect(failure.status).toBe(409);
        expect(failure.message).toBe(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
      });
  });

  it("PUT /api/accounts/email_verifications verifies the e-mail with the link's token, without a session, and signs the buyer in", async () => {
    await pact
      .addInteraction()
      .given(WITH_LINK, { token: LINK_TOKEN })
      .uponReceiving("a request to verify an e-mail with a valid link")
      .withRequest(...requestTo(verifyEmailEndpoint, { body: { token: LINK_TOKEN } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string(EMAIL_VERIFICATION_MESSAGES.verified), access_token: regex(JWT.source, SIGNED_IN) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const answer = await verifyEmail(LINK_TOKEN);
        expect(answer.message).toBe(EMAIL_VERIFICATION_MESSAGES.verified);
        // The login's token: the session machine signs in with it.
        expect(signedInContext(answer.access_token ?? "", 0)?.email).toBe("enlace.verificacion.pact@example.mx");
      });
  });

  it("PUT /api/accounts/email_verifications verifies the e-mail of a signed-in buyer, whose session is kept", async () => {
    await pact
      .addInteraction()
      .given(WITH_LINK, { token: LINK_WITH_SESSION })
      .uponReceiving("a request to verify an e-mail with a valid link, signed in")
      .withRequest(...requestTo(verifyEmailEndpoint, { headers: bearer, body: { token: LINK_WITH_SESSION } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(EMAIL_VERIFICATION_MESSAGES.verified) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const answer = await verifyEmail(LINK_WITH_SESSION);
        expect(answer.message).toBe(EMAIL_VERIFICATION_MESSAGES.verified);
        expect(answer.access_token).toBeUndefined();
      });
  });

  it("PUT /api/accounts/email_verifications answers 400 for a link that is not valid", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request to verify an e-mail with a link that does not exist")
      .withRequest(...requestTo(verifyEmailEndpoint, { body: { token: "enlace-que-no-existe" } }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(EMAIL_VERIFICATION_MESSAGES.invalidLink) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(verifyEmail("enlace-que-no-existe"));
        expect(failure.status).toBe(400);
        expect(failure.message).toBe(EMAIL_VERIFICATION_MESSAGES.invalidLink);
      });
  });
});
