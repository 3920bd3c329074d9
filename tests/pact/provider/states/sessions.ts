import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { createUser, normalizeEmail } from "../../../../server/auth/users.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { param, type ProviderStates } from "./types.ts";

export const sessionStates: ProviderStates = (server) => ({
  "a buyer account exists": async (params) => {
    const email = normalizeEmail(param(params, "email", "comprador.pact@example.mx"));
    if ((await findUserForLogin(server.db, email)) === null) {
      await createUser(
        server.db,
        {
          email,
          password: param(params, "password", "Contrasena-segura-1"),
          name: "Comprador Pact",
          phone: "5512345678",
          roles: ["buyer"],
        },
        { params: TEST_SCRYPT_PARAMS },
      );
    }
    return undefined;
  },
});
