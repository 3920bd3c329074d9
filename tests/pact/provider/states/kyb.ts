import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { kybRequests } from "../../../../server/kyb/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { payPlan } from "../../../server/paid-plan.ts";
import type { ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";

/** A seller (created once) with one company and no KYB requests; paid when asked, logged in through POST /api/sessions. */
async function sellerWithCompany(server: RunningServer, email: string, paid: boolean): Promise<{ sellerToken: string; companyId: string }> {
  await seedCatalogues(server.db);
  const existing = await findUserForLogin(server.db, email);
  const id = existing?.id ?? (await createUser(server.db, { email, password: PASSWORD, name: "Vendedora KYB Pact", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS })).id;
  if (existing === undefined || existing === null) {
    await createCompany(server.db, { name: `Empresa KYB ${paid ? "de pago" : "gratuita"}`, ownerUserId: id });
    if (paid) await payPlan(server.db, { userId: id, email });
  }
  const [company] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, id)).limit(1);
  if (company === undefined) throw new Error(`provider state: ${email} has no company`);
  await server.db.delete(kybRequests).where(eq(kybRequests.companyId, company.id));
  const response = await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${email} failed (${response.status})`);
  return { sellerToken: token, companyId: String(company.id) };
}

/** KYB básico: a seller with a company, on each side of the paid line. Each answers `sellerToken` and `companyId`. */
export const kybStates: ProviderStates = (server) => ({
  "a paid seller with a company is signed in": () => sellerWithCompany(server, "vendedora.kyb.pago.pact@example.mx", true),
  "a free seller with a company is signed in": () => sellerWithCompany(server, "vendedora.kyb.gratis.pact@example.mx", false),
});
