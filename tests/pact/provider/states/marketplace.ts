import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import { createUser, type CreatedUser } from "../../../../server/auth/users.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import type { RunningServer } from "../../../../server/start.ts";
import type { ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";
const COMPANY_NAME = "Nube Contable Regia";

interface Seeded {
  readonly companyId: number;
  readonly humanId: string;
  readonly ownerToken: string;
  readonly adminToken: string;
  readonly buyerToken: string;
}

/** A user with a known password (created once), then a real log-in through POST /api/sessions. */
export async function signedIn(server: RunningServer, email: string, name: string, roles: CreatedUser["roles"]): Promise<string> {
  if ((await findUserForLogin(server.db, email)) === null) {
    await createUser(server.db, { email, password: PASSWORD, name, phone: "8112345678", roles }, { params: TEST_SCRYPT_PARAMS });
  }
  const response = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${email} failed (${response.status})`);
  return token;
}

/**
 * One published company matching every example filter of the consumer
 * (Nuevo León 19, Tecnología 1, growth capital 1, persona moral 1,
 * verification 'Básica' 2, EBITDA 4, sales 3), owned by a seller; plus an
 * admin and a buyer. Seeded once per server; ids and tokens are handed to
 * the requests (fromProviderState).
 */
export const marketplaceStates: ProviderStates = (server) => {
  let seeded: Promise<Seeded> | undefined;
  const seed = async (): Promise<Seeded> => {
    await seedCatalogues(server.db);
    const ownerToken = await signedIn(server, "vendedora.pact@example.mx", "Vendedora Pact", ["seller"]);
    const owner = await findUserForLogin(server.db, "vendedora.pact@example.mx");
    if (owner === null) throw new Error("provider state: no owner");
    const [existing] = await server.db.select({ id: companies.id, humanId: companies.humanId }).from(companies).where(eq(companies.name, COMPANY_NAME));
    const company =
      existing ??
      (await createCompany(server.db, {
        name: COMPANY_NAME,
        legalName: `${COMPANY_NAME} S.A. de C.V.`,
        comercialName: COMPANY_NAME,
        rfc: "NCR150101AB3",
        website: "https://nube.example.mx",
        foundationDate: 2012,
        headcount: 40,
        shortDescription: "Software en la nube para facturación electrónica de pymes en Monterrey.",
        longDescription: `${COMPANY_NAME} se fundó en 2012 y atiende a 1,800 pymes con tecnología propia.`,
        companyTypeId: 1,
        stateId: 19,
        countryId: 1,
        verificationLevelId: 2,
        ebitdaRangeId: 4,
        yearlySalesRangeId: 3,
        userCompanyRoleId: 1,
        ebitda: 1_572_500,
        ebitdaMargin: 18.5,
        yearlySales: 8_500_000,
        fundingRound: 2_000_000,
        averageYearlyGrowth: 12.5,
        societyId: 1,
        taxSystemId: 1,
        ownerUserId: owner.id,
        contactName: "Vendedora Pact",
        contactEmail: "vendedora.pact@example.mx",
        contactPhone: "8112345678",
        isPublished: true,
        isActive: true,
        industryIds: [1],
        interestIds: [1],
      }));
    const adminToken = await signedIn(server, "admin.pact@example.mx", "Admin Pact", ["admin"]);
    const buyerToken = await signedIn(server, "comprador.companies.pact@example.mx", "Comprador Pact", ["buyer"]);
    return { companyId: company.id, humanId: company.humanId, ownerToken, adminToken, buyerToken };
  };

  return {
    "a published company exists": async () => {
      seeded ??= seed();
      const values = await seeded;
      return { ...values, companyId: String(values.companyId) };
    },
  };
};
