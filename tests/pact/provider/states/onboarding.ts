import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies, companyInterests } from "../../../../server/companies/schema.ts";
import {
  companyEquities,
  companyFundingRoundUses,
  companyFundingStructures,
  companyOnboardingAttributes,
  companyOnboardingCharacteristics,
  companyOnboardings,
} from "../../../../server/onboarding/schema.ts";
import { users } from "../../../../server/auth/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import type { ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";
const EMAIL = "vendedora.onboarding.pact@example.mx";

/**
 * A seller (created once) with one company whose onboarding is untouched:
 * each state clears what an earlier interaction saved and the completed
 * flag, then logs in through POST /api/sessions.
 */
async function sellerWithCompanyToOnboard(server: RunningServer): Promise<{ sellerToken: string; companyId: string; companyNumber: number }> {
  await seedCatalogues(server.db);
  const existing = await findUserForLogin(server.db, EMAIL);
  const id = existing?.id ?? (await createUser(server.db, { email: EMAIL, password: PASSWORD, name: "Vendedora Onboarding Pact", phone: "8112345678", roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS })).id;
  if (existing === undefined || existing === null) await createCompany(server.db, { name: "Empresa Onboarding Pact", ownerUserId: id });
  const [company] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, id)).limit(1);
  if (company === undefined) throw new Error(`provider state: ${EMAIL} has no company`);
  await server.db.transaction(async (tx) => {
    // companyInterests too: a company_interests save replaces them and GET reads them.
    for (const table of [companyInterests, companyOnboardings, companyEquities, companyFundingRoundUses, companyOnboardingCharacteristics, companyOnboardingAttributes, companyFundingStructures]) {
      await tx.delete(table).where(eq(table.companyId, company.id));
    }
    await tx.update(users).set({ isOnboardingCompleted: false }).where(eq(users.id, id));
  });
  const response = await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${EMAIL} failed (${response.status})`);
  // companyNumber: the id as a JSON number, for bodies ({company_id}); companyId fills paths.
  return { sellerToken: token, companyId: String(company.id), companyNumber: company.id };
}

/** The onboarding wizard and its summary. Answers `sellerToken`, `companyId` and `companyNumber`. */
export const onboardingStates: ProviderStates = (server) => ({
  "a seller with a company to onboard is signed in": () => sellerWithCompanyToOnboard(server),
});
