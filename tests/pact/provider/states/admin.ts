import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import { signedIn } from "./marketplace.ts";
import type { ProviderStates } from "./types.ts";

const ADMIN_EMAIL = "admin.usuarios@pact.example.mx";

/**
 * The admin dashboard's states: an admin (created once) logged in through
 * POST /api/sessions, handed to the requests as `adminToken` with its id
 * `adminId`; plus, per state, the data the interaction reads or changes.
 */
export const adminStates: ProviderStates = (server) => {
  let deactivatable = 0;
  const admin = async () => {
    await seedCatalogues(server.db);
    const adminToken = await signedIn(server, ADMIN_EMAIL, "Admin Usuarios Pact", ["admin"]);
    const account = await findUserForLogin(server.db, ADMIN_EMAIL);
    if (account === null) throw new Error("provider state: no admin");
    return { adminToken, adminId: String(account.id) };
  };
  return {
    // The users list finds the admin itself (searched by its e-mail); KPIs and a self-deactivation need nothing more.
    "an admin is signed in": admin,
    // A new buyer each time: a deactivation cannot be undone.
    "an admin is signed in and a buyer to deactivate exists": async () => {
      const values = await admin();
      deactivatable += 1;
      const buyer = await createUser(
        server.db,
        { email: `desactivar.${Date.now()}.${deactivatable}@pact.example.mx`, password: "Contrasena-segura-1", name: "Compradora Por Desactivar", phone: null, roles: ["buyer"] },
        { params: TEST_SCRYPT_PARAMS },
      );
      return { ...values, userId: String(buyer.id) };
    },
    "an admin is signed in and a company exists": async () => {
      const values = await admin();
      await createCompany(server.db, { name: "Empresa Admin Pact", contactName: "Contacto Admin Pact", stateId: 19, isPublished: true });
      return values;
    },
  };
};
