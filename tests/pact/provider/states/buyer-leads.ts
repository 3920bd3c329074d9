import { eq } from "drizzle-orm";
import { BUYER_LEAD_ACTIVE_DAYS } from "../../../../contracts/buyer-leads.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { buyerLeads } from "../../../../server/buyer-leads/schema.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { signedIn } from "./marketplace.ts";
import type { ProviderStates } from "./types.ts";

// Seeded catalogue ids: Tecnología 1, Nuevo León 19, sales $5–10 M 3, 'Vender 100%' 3, ticket $5–20 M 3.
const SELLER = { email: "vendedora.mandatos.pact@example.mx", name: "Vendedora Mandatos" };
const BUYER = { email: "comprador.mandato.pact@example.mx", name: "Comprador Mandato" };

async function userId(server: RunningServer, email: string): Promise<number> {
  const user = await findUserForLogin(server.db, email);
  if (user === null) throw new Error(`provider state: no user ${email}`);
  return user.id;
}

/** The seller's listed company, created once: technology in Nuevo León, $5–10 M in sales, sold whole. */
async function companyForSale(server: RunningServer): Promise<{ readonly sellerToken: string; readonly companyId: number }> {
  await seedCatalogues(server.db);
  const sellerToken = await signedIn(server, SELLER.email, SELLER.name, ["seller"]);
  const ownerUserId = await userId(server, SELLER.email);
  const [existing] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, ownerUserId)).limit(1);
  const company =
    existing ??
    (await createCompany(server.db, {
      name: "Inventarios Regios Mandato",
      ownerUserId,
      stateId: 19,
      companyTypeId: 1,
      yearlySalesRangeId: 3,
      ebitdaRangeId: 3,
      shortDescription: "Software de inventarios para distribuidoras del noreste, con clientes recurrentes.",
      isPublished: true,
      isActive: true,
      industryIds: [1],
      interestIds: [3],
    }));
  return { sellerToken, companyId: company.id };
}

/** The buyer mandates' states (contracts/buyer-leads.ts). */
export const buyerLeadStates: ProviderStates = (server) => ({
  "a listed technology company in Nuevo León with $5–10 M in sales is for sale": async () => {
    await companyForSale(server);
    return undefined;
  },
  "a buyer is signed in and a listed technology company in Nuevo León with $5–10 M in sales is for sale": async () => {
    await companyForSale(server);
    return { buyerToken: await signedIn(server, BUYER.email, BUYER.name, ["buyer"]) };
  },
  "a seller is signed in and an active buyer mandate matches their company": async () => {
    const { sellerToken, companyId } = await companyForSale(server);
    await server.db.insert(buyerLeads).values({
      contactName: "Visitante Pact",
      contactEmail: "visitante.mandato.pact@example.mx",
      industryIds: [1],
      stateIds: [19],
      salesRangeIds: [3],
      dealType: "either",
      investmentSizeId: 3,
      description: "Una empresa de software en Monterrey con clientes recurrentes.",
      activeUntil: new Date(Date.now() + BUYER_LEAD_ACTIVE_DAYS * 24 * 60 * 60 * 1000),
    });
    return { sellerToken, companyId };
  },
});
