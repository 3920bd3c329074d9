import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { PACT_COMPANY_SELLER as PACT_SELLER } from "../../../server/samples.ts";
import type { ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";

/** A user with the states' password (created once), logged in through POST /api/sessions: its id and token. */
async function signedIn(server: RunningServer, account: { email: string; name: string; phone: string; role: "seller" | "admin" }): Promise<{ id: number; token: string }> {
  await seedCatalogues(server.db);
  const existing = await findUserForLogin(server.db, account.email);
  const id =
    existing?.id ??
    (await createUser(server.db, { email: account.email, password: PASSWORD, name: account.name, phone: account.phone, roles: [account.role] }, { params: TEST_SCRYPT_PARAMS })).id;
  const response = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${account.email} failed (${response.status})`);
  return { id, token };
}

/** The consumer's seller (same name, e-mail and phone, so the contact rule holds), logged in. */
const signedInSeller = (server: RunningServer) => signedIn(server, { ...PACT_SELLER, role: "seller" });

/** An admin of these states, logged in. */
const signedInAdmin = (server: RunningServer) =>
  signedIn(server, { email: "admin.empresas@pact.example.mx", name: "Admin Pact Empresas", phone: "8110000000", role: "admin" });

/** A fresh, unpublished company like the consumer's create sample, owned by the pact seller. */
async function sampleCompanyOf(server: RunningServer, ownerUserId: number): Promise<number> {
  const { id: companyId } = await createCompany(server.db, {
    name: "Tortillería La Esperanza",
    website: "https://laesperanza.mx",
    foundationDate: 2008,
    headcount: 25,
    shortDescription: "Producción y distribución de tortillas en el Bajío.",
    companyTypeId: 1,
    stateId: 11,
    countryId: 1,
    ebitdaRangeId: 1,
    yearlySalesRangeId: 1,
    userCompanyRoleId: 1,
    isPublished: false,
    ownerUserId,
    contactName: PACT_SELLER.name,
    contactEmail: PACT_SELLER.email,
    contactPhone: PACT_SELLER.phone,
    industryIds: [1, 2],
    interestIds: [1],
  });
  const [row] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (row === undefined) throw new Error("provider state: the company was not written");
  return companyId;
}

export const companyWriteStates: ProviderStates = (server) => ({
  "a seller is signed in": async () => {
    const { token } = await signedInSeller(server);
    return { sellerToken: token };
  },
  // A fresh company like the consumer's create sample, so the edit's answer has the same shape.
  "a seller with a company like the form sample is signed in": async () => {
    const { id, token } = await signedInSeller(server);
    return { sellerToken: token, companyId: String(await sampleCompanyOf(server, id)) };
  },
  // The admin company form (docs/decisions/022): a seller's company waiting for review.
  "an admin is signed in and a seller's unpublished company like the form sample exists": async () => {
    const { id } = await signedInSeller(server);
    const { token } = await signedInAdmin(server);
    return { adminToken: token, companyId: String(await sampleCompanyOf(server, id)) };
  },
});
