import { describe, expect, it } from "vitest";
import { changePassword } from "../../../src/features/accounts/api/change-password.ts";
import { updateProfile } from "../../../src/features/accounts/api/update-profile.ts";
import { createBuyer } from "../../../src/features/auth/api/create-buyer.ts";
import { createSeller } from "../../../src/features/auth/api/create-seller.ts";
import { requestPasswordRecovery } from "../../../src/features/auth/api/request-password-recovery.ts";
import { resetPassword } from "../../../src/features/auth/api/reset-password.ts";
import { callEndpoint } from "../../../src/lib/api-client.ts";
import { deleteSessionEndpoint, LOGGED_OUT_MESSAGE } from "../../../contracts/sessions.ts";
import {
  changePasswordEndpoint,
  requestPasswordRecoveryEndpoint,
  resetPasswordEndpoint,
  updateProfileEndpoint,
} from "../../../contracts/accounts.ts";
import { createBuyerEndpoint, createSellerEndpoint } from "../../../contracts/registration.ts";
import { JSON_CONTENT, bearerFrom, failureOf, integer, newPact, regex, requestTo, sampleToken, string, useMockServer } from "./pact.ts";

const JWT = "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$";
const TOKEN = sampleToken("7");
const bearer = bearerFrom("accountToken", TOKEN);
const SIGNED_IN = { email: "perfil.pact@example.mx", password: "Contrasena-segura-1" };

const buyerBody = (email: string) => ({
  buyer_description_id: 2,
  state_id: 14,
  investment_description_summary: "Empresas de alimentos con ventas recurrentes en el Bajío.",
  investment_size_id: 3,
  user: { email, password: "Contrasena-segura-1", phone: "3312345678", name: "Ana Compradora", website: "https://ana.example.mx" },
});

const sellerBody = {
  user: { email: "vendedor.nuevo.pact@example.mx", password: "Contrasena-segura-1", phone: "8187654321", name: "Sofía Vendedora" },
  name: "Panadería La Espiga",
  website: "https://laespiga.example.mx",
  foundation_date: 1998,
  headcount: 12,
  short_description: "Panadería artesanal con dos sucursales y venta a cafeterías.",
  industry_id: 3,
  company_type_id: 1,
  state_id: 22,
  country_id: 1,
  interest_id: 3,
  user_company_role_id: 1,
  ebitda_range_id: 3,
  yearly_sales_range_id: 4,
};

const RECOVERY_MESSAGE = "Si el email está registrado, te enviamos un enlace para crear una nueva contraseña. El enlace vence en 1 hora.";

describe("accounts (consumer)", () => {
  const pact = newPact();

  it("POST /api/buyers creates the buyer (201)", async () => {
    const body = buyerBody("comprador.nuevo.pact@example.mx");
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a buyer sign-up")
      .withRequest(...requestTo(createBuyerEndpoint, { body }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ id: integer(7), email: string("comprador.nuevo.pact@example.mx") }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await createBuyer(body)).toEqual({ id: 7, email: "comprador.nuevo.pact@example.mx" });
      });
  });

  it("POST /api/buyers with an e-mail that has an account is a 409 in Spanish", async () => {
    const body = buyerBody("comprador.pact@example.mx");
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .given("a buyer account exists", { email: "comprador.pact@example.mx", password: "Contrasena-segura-1" })
      .uponReceiving("a buyer sign-up with an e-mail already registered")
      .withRequest(...requestTo(createBuyerEndpoint, { body }))
      .willRespondWith(409, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string(createBuyerEndpoint.errors.duplicateEmail.message) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(createBuyer(body));
        expect(failure.status).toBe(409);
        expect(failure.message).toBe(createBuyerEndpoint.errors.duplicateEmail.message);
      });
  });

  it("POST /api/sellers creates the seller and the first company (201)", async () => {
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a seller sign-up with the first company")
      .withRequest(...requestTo(createSellerEndpoint, { body: sellerBody }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          id: integer(8),
          email: string("vendedor.nuevo.pact@example.mx"),
          company: { id: integer(1), human_id: regex("^PUE-\\d{4,}$", "PUE-0001") },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const seller = await createSeller(sellerBody);
        expect(seller.company.human_id).toBe("PUE-0001");
      });
  });

  it("POST /api/sellers with a bad field answers the form's Spanish message (400)", async () => {
    const body = { ...sellerBody, user: { ...sellerBody.user, email: "otro.vendedor.pact@example.mx" }, headcount: 0 };
    await pact
      .addInteraction()
      .given("the reference catalogues are seeded")
      .uponReceiving("a seller sign-up with zero collaborators")
      .withRequest(...requestTo(createSellerEndpoint, { body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string("No puede ser menor a 1") }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect((await failureOf(createSeller(body))).message).toBe("No puede ser menor a 1");
      });
  });

  for (const [label, email, state] of [
    ["an e-mail with an account", "comprador.pact@example.mx", true],
    ["an e-mail without an account", "nadie.pact@example.mx", false],
  ] as const) {
    it(`POST /api/accounts/recover-passwords answers the same for ${label}`, async () => {
      const interaction = pact.addInteraction();
      const given = state ? interaction.given("a buyer account exists", { email, password: "Contrasena-segura-1" }) : interaction;
      await given
        .uponReceiving(`a password recovery request for ${label}`)
        .withRequest(...requestTo(requestPasswordRecoveryEndpoint, { body: { email } }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ message: RECOVERY_MESSAGE }))
        .executeTest(async (server) => {
          useMockServer(server.url);
          expect(await requestPasswordRecovery({ email })).toEqual({ message: RECOVERY_MESSAGE });
        });
    });
  }

  it("PUT /api/accounts/recover-passwords sets the new password with the link's token", async () => {
    const body = { recover_token: "k2N8yVn0sQ4pX7bR1tLm9cZ3wE5aF6hJ8gD0uI2oP4s", password: "Nueva-clave-2026", password_confirmation: "Nueva-clave-2026" };
    await pact
      .addInteraction()
      .given("a recovery link was sent to a buyer", { email: "recupera.pact@example.mx", token: body.recover_token })
      .uponReceiving("a password reset with a valid recovery token")
      .withRequest(...requestTo(resetPasswordEndpoint, { body }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string("Contraseña actualizada con éxito"), access_token: regex(JWT, TOKEN) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        // Every old session ended; the answer signs the person in afresh.
        expect(await resetPassword(body)).toEqual({ message: "Contraseña actualizada con éxito", access_token: TOKEN });
      });
  });

  it("PUT /api/accounts/recover-passwords with an unknown or used token is a 400 in Spanish", async () => {
    const body = { recover_token: "no-existe-este-token", password: "Nueva-clave-2026", password_confirmation: "Nueva-clave-2026" };
    const message = resetPasswordEndpoint.errors.invalidLink.message;
    await pact
      .addInteraction()
      .uponReceiving("a password reset with an unknown token")
      .withRequest(...requestTo(resetPasswordEndpoint, { body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(message) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await failureOf(resetPassword(body));
        expect(failure.status).toBe(400);
        expect(failure.message).toBe(message);
      });
  });

  it("PATCH /api/accounts updates name and phone and answers them", async () => {
    const body = { name: "Pedro Páramo", phone: "5599998888" };
    await pact
      .addInteraction()
      .given("a buyer is signed in with a known password", SIGNED_IN)
      .uponReceiving("a profile update by the signed-in user")
      .withRequest(...requestTo(updateProfileEndpoint, { headers: bearer, body }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ name: string("Pedro Páramo"), phone: string("5599998888") }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect(await updateProfile(body)).toEqual(body);
      });
  });

  it("PATCH /api/accounts/passwords changes the password with the current one", async () => {
    const body = { current_password: SIGNED_IN.password, new_password: "Nueva-clave-2026", password_confirmation: "Nueva-clave-2026" };
    await pact
      .addInteraction()
      .given("a buyer is signed in with a known password", SIGNED_IN)
      .uponReceiving("a password change with the right current password")
      .withRequest(...requestTo(changePasswordEndpoint, { headers: bearer, body }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: string("Contraseña actualizada con éxito"), access_token: regex(JWT, TOKEN) }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        // The other sessions ended; this one goes on with the fresh token.
        expect(await changePassword(body)).toEqual({ message: "Contraseña actualizada con éxito", access_token: TOKEN });
      });
  });

  it("DELETE /api/sessions logs out: the session's token stops working", async () => {
    await pact
      .addInteraction()
      .given("a buyer is signed in with a known password", SIGNED_IN)
      .uponReceiving("a logout by the signed-in user")
      .withRequest(...requestTo(deleteSessionEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(LOGGED_OUT_MESSAGE) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        // As the session actor calls it: with the token that ends, the session already cleared.
        expect(await callEndpoint(deleteSessionEndpoint, { token: TOKEN })).toEqual({ message: LOGGED_OUT_MESSAGE });
      });
  });

  it("PATCH /api/accounts/passwords with a wrong current password is a 400 (not a 401: the session stays)", async () => {
    const body = { current_password: "no-es-la-actual", new_password: "Nueva-clave-2026", password_confirmation: "Nueva-clave-2026" };
    await pact
      .addInteraction()
      .given("a buyer is signed in with a known password", SIGNED_IN)
      .uponReceiving("a password change with a wrong current password")
      .withRequest(...requestTo(changePasswordEndpoint, { headers: bearer, body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(changePasswordEndpoint.errors.wrongCurrentPassword.message) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(changePassword(body));
        expect(failure.status).toBe(400);
        expect(failure.message).toBe(changePasswordEndpoint.errors.wrongCurrentPassword.message);
      });
  });
});
