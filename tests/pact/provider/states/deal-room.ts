import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { currentNda, renderNda } from "../../../../content/nda.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { endOfMexicoCityDay } from "../../../../server/deal-room/lapse.ts";
import { accessRequests, dealMessages, lettersOfIntent, ndaAcceptances } from "../../../../server/deal-room/schema.ts";
import { buyerProfiles } from "../../../../server/accounts/schema.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { companyFiles } from "../../../../server/data-room/schema.ts";
import { companyOnboardings } from "../../../../server/onboarding/schema.ts";
import { users } from "../../../../server/auth/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { SAMPLE_FILES } from "../../../server/samples.ts";
import { signedIn } from "./marketplace.ts";
import type { ProviderStates } from "./types.ts";

/*
 * The deal room's provider states (tests/pact/consumer/deal-room.pact.test.ts,
 * and the approved buyer's profile in marketplace.pact.test.ts). One seller
 * with a listed company, one buyer with a buyer profile and a verified
 * e-mail, and an admin, created once (users through createUser, logged in
 * through POST /api/sessions); the company's requests are wiped and seeded
 * again on every state through the database schema, so each interaction
 * starts from exactly what its state names. Handed to the requests:
 * `buyerToken`, `sellerToken`, `adminToken`, `companyId`, `humanId`, and
 * per state `requestId`, `letterId`, `fileId`.
 */

const SELLER = { email: "vendedora.dealroom.pact@example.mx", name: "Vendedora Deal Room" } as const;
const BUYER = { email: "comprador.dealroom.pact@example.mx", name: "Comprador Deal Room" } as const;
const ADMIN = { email: "admin.dealroom.pact@example.mx", name: "Admin Deal Room" } as const;
const COMPANY_NAME = "Deal Room Pact SA de CV";

const REQUEST_MESSAGE = "Somos un family office regiomontano; nos interesa conocer sus finanzas y su cartera de clientes.";
const CLIENT_IP = "203.0.113.7";
/** A version that was never in force: an acceptance of it is "not current". */
const OLD_NDA_VERSION = "2000-01";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY_MS);

interface Parties {
  readonly companyId: number;
  readonly humanId: string;
  readonly sellerId: number;
  readonly buyerId: number;
  readonly sellerToken: string;
  readonly buyerToken: string;
  readonly adminToken: string;
}

async function userId(server: RunningServer, email: string): Promise<number> {
  const user = await findUserForLogin(server.db, email);
  if (user === null) throw new Error(`provider state: no user ${email}`);
  return user.id;
}

/** The listed company with its record's and its onboarding's financials (the full profile reads both), created once. */
async function listedCompany(server: RunningServer, sellerId: number): Promise<{ readonly id: number; readonly humanId: string }> {
  const [existing] = await server.db.select({ id: companies.id, humanId: companies.humanId }).from(companies).where(eq(companies.name, COMPANY_NAME));
  const company =
    existing ??
    (await createCompany(server.db, {
      name: COMPANY_NAME,
      legalName: COMPANY_NAME,
      comercialName: "Refacciones Deal Room",
      website: "https://refacciones.example.mx",
      foundationDate: 2006,
      headcount: 85,
      shortDescription: "Distribuidora de refacciones industriales con 20 años en Monterrey.",
      longDescription: "Distribuye refacciones para la industria del noreste con un centro logístico propio.",
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
      ownerUserId: sellerId,
      contactName: SELLER.name,
      contactEmail: SELLER.email,
      contactPhone: "8112345678",
      isPublished: true,
      isActive: true,
      industryIds: [1],
      interestIds: [1],
    }));
  await server.db
    .insert(companyOnboardings)
    .values({
      companyId: company.id,
      financialRecordsState: "has_financial_records",
      yearlySales: 8_500_000,
      ebitdaMargin: 18.5,
      secondLastYearYearlySales: 7_900_000,
      secondLastYearEbitdaMargin: 17,
      estimateYearlySales: 9_300_000,
    })
    .onConflictDoNothing();
  return company;
}

/** The three accounts and the company, logged in; the buyer has a buyer profile and a verified e-mail (decision 023). */
async function parties(server: RunningServer): Promise<Parties> {
  await seedCatalogues(server.db);
  const sellerToken = await signedIn(server, SELLER.email, SELLER.name, ["seller"]);
  const buyerToken = await signedIn(server, BUYER.email, BUYER.name, ["buyer"]);
  const adminToken = await signedIn(server, ADMIN.email, ADMIN.name, ["admin"]);
  const sellerId = await userId(server, SELLER.email);
  const buyerId = await userId(server, BUYER.email);
  await server.db
    .insert(buyerProfiles)
    .values({
      userId: buyerId,
      buyerDescriptionId: 2,
      stateId: 19,
      investmentDescriptionSummary: "Participaciones mayoritarias en empresas industriales rentables del noreste.",
      investmentSizeId: 3,
      website: "https://capital.example.mx",
    })
    .onConflictDoNothing();
  await server.db.update(users).set({ emailVerifiedAt: daysAgo(30) }).where(eq(users.id, buyerId));
  const company = await listedCompany(server, sellerId);
  // Every state starts from no request at all (their NDA acceptances, messages and letters go with them; an
  // admin's list shows every company's, so another feature's states must not leave one first) and no document.
  await server.db.delete(accessRequests);
  await server.db.delete(companyFiles).where(eq(companyFiles.companyId, company.id));
  return { companyId: company.id, humanId: company.humanId, sellerId, buyerId, sellerToken, buyerToken, adminToken };
}

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** A request as the buyer made it (the NDA accepted with the parties written in), then decided by the seller when not pending. */
async function seedRequest(server: RunningServer, values: Parties, status: "pending" | "approved", ndaVersion: string = currentNda().version): Promise<number> {
  const createdAt = daysAgo(3);
  const decidedAt = status === "approved" ? daysAgo(2) : null;
  const [request] = await server.db
    .insert(accessRequests)
    .values({
      companyId: values.companyId,
      buyerUserId: values.buyerId,
      status,
      message: REQUEST_MESSAGE,
      decidedAt,
      decidedBy: decidedAt === null ? null : values.sellerId,
      approvedAt: decidedAt,
      createdAt,
    })
    .returning({ id: accessRequests.id });
  if (request === undefined) throw new Error("provider state: no access request");
  const acceptedText = renderNda(currentNda().text, { buyer: BUYER.name, reference: values.humanId, date: createdAt.toISOString().slice(0, 10) });
  await server.db.insert(ndaAcceptances).values({
    accessRequestId: request.id,
    userId: values.buyerId,
    version: ndaVersion,
    acceptedText,
    textSha256: sha256(acceptedText),
    ip: CLIENT_IP,
    acceptedAt: createdAt,
  });
  return request.id;
}

/** One message each way, both already read, so every reader sees the same `read_at`s. */
async function seedMessages(server: RunningServer, values: Parties, requestId: number): Promise<void> {
  await server.db.insert(dealMessages).values([
    { accessRequestId: requestId, senderUserId: values.sellerId, body: "Gracias por su interés; con gusto les comparto la información.", createdAt: daysAgo(2), readAt: daysAgo(1.9) },
    { accessRequestId: requestId, senderUserId: values.buyerId, body: "Gracias. ¿Podrían compartir los estados financieros de 2025?", createdAt: daysAgo(1.5), readAt: daysAgo(1.4) },
  ]);
}

/**
 * A PDF uploaded the way the app does (multipart `files[]`), then shared
 * with approved buyers. Its id is read back from the database (the company
 * has no other file: `parties` removed them), not from the upload's answer,
 * whose shape is the data room's contract, not this state's concern.
 */
async function seedSharedDocument(server: RunningServer, values: Parties): Promise<number> {
  const form = new FormData();
  form.append("files[]", new Blob([SAMPLE_FILES.pdf], { type: "application/pdf" }), "acta-constitutiva.pdf");
  const uploaded = await fetch(`${server.url}/api/companies/${values.companyId}/company_files/company_acta_constitutivas`, {
    method: "POST",
    headers: { authorization: `Bearer ${values.sellerToken}` },
    body: form,
  });
  await uploaded.body?.cancel();
  const [file] = await server.db.select({ id: companyFiles.id }).from(companyFiles).where(eq(companyFiles.companyId, values.companyId));
  if (file === undefined) throw new Error(`provider state: upload failed (${uploaded.status})`);
  await server.db.update(companyFiles).set({ shared: true }).where(eq(companyFiles.id, file.id));
  return file.id;
}

/** What every state hands over. */
const handed = (values: Parties) => ({
  buyerToken: values.buyerToken,
  sellerToken: values.sellerToken,
  adminToken: values.adminToken,
  companyId: String(values.companyId),
  humanId: values.humanId,
});

export const dealRoomStates: ProviderStates = (server) => ({
  "a verified buyer is signed in and a listed company accepts access requests": async () => handed(await parties(server)),

  "a pending access request between a verified buyer and a seller": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "pending");
    return { ...handed(values), requestId: String(requestId) };
  },

  "an approved access request between a buyer and a seller, with a message each and a shared document": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    await seedMessages(server, values, requestId);
    const fileId = await seedSharedDocument(server, values);
    return { ...handed(values), requestId: String(requestId), fileId: String(fileId) };
  },

  // Decision 051: the buyer opened the shared document in the viewer (through the API, so the token is the server's own).
  "an approved buyer is reading a shared document": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    const fileId = await seedSharedDocument(server, values);
    const opened = await fetch(`${server.url}/api/companies/${values.companyId}/company_files/${fileId}`, { headers: { authorization: `Bearer ${values.buyerToken}` } });
    const answer: unknown = await opened.json();
    const reading = typeof answer === "object" && answer !== null ? Reflect.get(answer, "reading") : null;
    const readingToken = typeof reading === "object" && reading !== null ? Reflect.get(reading, "token") : undefined;
    if (typeof readingToken !== "string") throw new Error(`provider state: the buyer's open has no reading (${opened.status})`);
    return { ...handed(values), requestId: String(requestId), fileId: String(fileId), readingToken };
  },

  "an approved access request with a shared document the seller lets buyers download": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    const fileId = await seedSharedDocument(server, values);
    await server.db.update(companyFiles).set({ downloadAllowed: true }).where(eq(companyFiles.id, fileId));
    return { ...handed(values), requestId: String(requestId), fileId: String(fileId) };
  },

  "an approved access request with a letter of intent waiting for an answer": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    const [letter] = await server.db
      .insert(lettersOfIntent)
      .values({
        accessRequestId: requestId,
        amount: 25_000_000,
        currency: "MXN",
        stakePercentage: 60,
        terms: "60 % al cierre y 40 % en dos pagos anuales, sujeto a due diligence.",
        status: "pending",
        createdAt: daysAgo(1),
      })
      .returning({ id: lettersOfIntent.id });
    if (letter === undefined) throw new Error("provider state: no letter of intent");
    return { ...handed(values), requestId: String(requestId), letterId: String(letter.id) };
  },

  // Decision 050: an approval's end is stored as the end of its last day in Mexico City, as the server's PATCH stores it.
  "an approved access request whose access ends after 31 December 2098": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    await server.db.update(accessRequests).set({ accessEndsAt: endOfMexicoCityDay("2098-12-31") }).where(eq(accessRequests.id, requestId));
    return { ...handed(values), requestId: String(requestId) };
  },

  "an approved access request whose access ended yesterday": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved");
    await server.db.update(accessRequests).set({ accessEndsAt: daysAgo(1) }).where(eq(accessRequests.id, requestId));
    return { ...handed(values), requestId: String(requestId) };
  },

  "an approved access request whose accepted NDA version is no longer the one in force": async () => {
    const values = await parties(server);
    const requestId = await seedRequest(server, values, "approved", OLD_NDA_VERSION);
    return { ...handed(values), requestId: String(requestId) };
  },
});
