import { eq } from "drizzle-orm";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { accessRequests, companyProfileViews } from "../../../../server/deal-room/schema.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { companyFiles, fileViewPages, fileViews } from "../../../../server/data-room/schema.ts";
import { interestMessages } from "../../../../server/marketplace/schema.ts";
import { users } from "../../../../server/auth/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { signedIn } from "./marketplace.ts";
import type { ProviderStates } from "./types.ts";

const SELLER = { email: "vendedora.analitica.pact@example.mx", name: "Vendedora Analítica" };
const OTHER_SELLER = { email: "otro.vendedor.analitica.pact@example.mx", name: "Otro Vendedor Analítica" };
const BUYER = { email: "comprador.analitica.pact@example.mx", name: "Comprador Analítica" };

/** Today in Mexico City (YYYY-MM-DD): a profile view's day, as the server counts them. */
const mexicoCityToday = (): string => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());

async function userId(server: RunningServer, email: string): Promise<number> {
  const user = await findUserForLogin(server.db, email);
  if (user === null) throw new Error(`provider state: no user ${email}`);
  return user.id;
}

/** The owner's one listed company (created once). */
async function listedCompanyOf(server: RunningServer, ownerUserId: number, name: string): Promise<{ id: number; humanId: string }> {
  const [existing] = await server.db.select({ id: companies.id, humanId: companies.humanId }).from(companies).where(eq(companies.ownerUserId, ownerUserId)).limit(1);
  return (
    existing ??
    createCompany(server.db, {
      name,
      ownerUserId,
      stateId: 19,
      companyTypeId: 1,
      // A listed card is complete (the marketplace's interactions read the newest cards' ranges).
      ebitdaRangeId: 4,
      yearlySalesRangeId: 3,
      shortDescription: "Distribuidora de insumos médicos con clientes en el noreste.",
      isPublished: true,
      isActive: true,
      industryIds: [1],
      interestIds: [1],
    })
  );
}

/**
 * The seller's company with, from one verified buyer: a profile view today,
 * an interest message, an approved access request, and a shared document of
 * 3 pages the buyer opened once and read (pages 1 and 2, 20 s). Earlier activity of the company is cleared first, so
 * the counts are exactly these.
 */
async function companyWithActivity(server: RunningServer): Promise<{ sellerToken: string; companyId: number }> {
  await seedCatalogues(server.db);
  const sellerToken = await signedIn(server, SELLER.email, SELLER.name, ["seller"]);
  await signedIn(server, BUYER.email, BUYER.name, ["buyer"]);
  const sellerId = await userId(server, SELLER.email);
  const buyerId = await userId(server, BUYER.email);
  await server.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyerId));
  const company = await listedCompanyOf(server, sellerId, "Insumos Médicos del Norte");

  // Files cascade to their views; requests to their NDA acceptances, threads and letters.
  await server.db.delete(companyFiles).where(eq(companyFiles.companyId, company.id));
  await server.db.delete(accessRequests).where(eq(accessRequests.companyId, company.id));
  await server.db.delete(companyProfileViews).where(eq(companyProfileViews.companyId, company.id));
  await server.db.delete(interestMessages).where(eq(interestMessages.companyId, company.id));

  const now = new Date();
  await server.db.insert(companyProfileViews).values({ companyId: company.id, viewerKey: `u:${buyerId}`, day: mexicoCityToday(), viewerUserId: buyerId });
  await server.db.insert(interestMessages).values({
    companyId: company.id,
    senderUserId: buyerId,
    name: BUYER.name,
    email: BUYER.email,
    humanId: company.humanId,
    summary: "Me interesa conocer las cifras de la distribuidora.",
  });
  await server.db.insert(accessRequests).values({
    companyId: company.id,
    buyerUserId: buyerId,
    status: "approved",
    message: "Busco una distribuidora en el noreste; firmo el acuerdo de confidencialidad.",
    decidedAt: now,
    decidedBy: sellerId,
    approvedAt: now,
  });
  const [file] = await server.db
    .insert(companyFiles)
    .values({
      companyId: company.id,
      category: "company_acta_constitutivas",
      // Rows only: analytics never reads the bytes.
      storageKey: `pact-analytics-${company.id}-${now.getTime()}`,
      filename: "acta-constitutiva.pdf",
      contentType: "application/pdf",
      sizeBytes: 48,
      uploadedBy: sellerId,
      shared: true,
      pageCount: 3,
    })
    .returning({ id: companyFiles.id });
  if (file === undefined) throw new Error("provider state: no file row");
  const [view] = await server.db.insert(fileViews).values({ fileId: file.id, viewerUserId: buyerId }).returning({ id: fileViews.id });
  if (view === undefined) throw new Error("provider state: no view row");
  // What the viewer's reports add up to (decision 051): rows only, as POST /file_readings/{token}/pages stores them.
  await server.db.insert(fileViewPages).values([
    { viewId: view.id, page: 1, milliseconds: 12_000 },
    { viewId: view.id, page: 2, milliseconds: 8_000 },
  ]);
  return { sellerToken, companyId: company.id };
}

/** The seller analytics' states: `sellerToken` and `companyId` (or `otherCompanyId`) for fromProviderState. */
export const sellerAnalyticsStates: ProviderStates = (server) => ({
  "a seller's company has profile views, an interest message, an approved access request and a shared document opened and read by the buyer": () =>
    companyWithActivity(server),
  "a seller is signed in and another seller's company exists": async () => {
    await seedCatalogues(server.db);
    const sellerToken = await signedIn(server, SELLER.email, SELLER.name, ["seller"]);
    await signedIn(server, OTHER_SELLER.email, OTHER_SELLER.name, ["seller"]);
    const other = await listedCompanyOf(server, await userId(server, OTHER_SELLER.email), "Talleres Otro Vendedor");
    return { sellerToken, otherCompanyId: other.id };
  },
});
