import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { createCompany } from "../../../../server/companies/create-company.ts";
import { companies } from "../../../../server/companies/schema.ts";
import { companyFiles } from "../../../../server/data-room/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { SAMPLE_FILES } from "../../../server/samples.ts";
import { moveProviderClockTo, resetProviderClock } from "./clock.ts";
import { param, type ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";
const EMAIL = "vendedora.data-room.pact@example.mx";
const COMPANY_NAME = "Dataroom Pact SA de CV";

/**
 * The seller (created once) and their company, reset on every state: no
 * data-room files, no picture (an interaction may have uploaded either).
 */
async function sellerWithCompany(server: RunningServer): Promise<number> {
  await seedCatalogues(server.db);
  const existing = await findUserForLogin(server.db, EMAIL);
  const userId =
    existing?.id ??
    (await createUser(server.db, { email: EMAIL, password: PASSWORD, name: "Vendedora Dataroom", phone: "8112345678", roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS })).id;
  const [company] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, userId)).limit(1);
  const companyId = company?.id ?? (await createCompany(server.db, { name: COMPANY_NAME, ownerUserId: userId, stateId: 19, companyTypeId: 1 })).id;
  // Rows only: the stored bytes of earlier runs stay in the test server's temporary upload directory until it closes.
  await server.db.delete(companyFiles).where(eq(companyFiles.companyId, companyId));
  await server.db.update(companies).set({ pictureUrl: null }).where(eq(companies.id, companyId));
  return companyId;
}

async function logIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${EMAIL} failed (${response.status})`);
  return token;
}

/** A PDF uploaded the way the app does (multipart `files[]`), then opened once (one recorded view). */
async function uploadAndOpen(server: RunningServer, token: string, companyId: number): Promise<number> {
  const form = new FormData();
  form.append("files[]", new Blob([SAMPLE_FILES.pdf], { type: "application/pdf" }), "acta-constitutiva.pdf");
  const uploaded = await fetch(`${server.url}/api/companies/${companyId}/company_files/company_acta_constitutivas`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body: unknown = await uploaded.json();
  const items = typeof body === "object" && body !== null ? Reflect.get(body, "items") : undefined;
  const fileId = Array.isArray(items) && typeof items[0] === "object" && items[0] !== null ? Reflect.get(items[0], "id") : undefined;
  if (uploaded.status !== 201 || typeof fileId !== "number") throw new Error(`provider state: upload failed (${uploaded.status})`);
  const opened = await fetch(`${server.url}/api/companies/${companyId}/company_files/${fileId}`, { headers: { authorization: `Bearer ${token}` } });
  if (opened.status !== 200) throw new Error(`provider state: opening the file failed (${opened.status})`);
  return fileId;
}

/** The data room's states: each answers `sellerToken` and `companyId` (and `fileId`) for fromProviderState. */
export const dataRoomStates: ProviderStates = (server) => ({
  "a seller with a company is signed in": async () => {
    const companyId = await sellerWithCompany(server);
    return { sellerToken: await logIn(server), companyId };
  },
  "a seller with a company and a data-room file is signed in": async () => {
    const companyId = await sellerWithCompany(server);
    const sellerToken = await logIn(server);
    return { sellerToken, companyId, fileId: await uploadAndOpen(server, sellerToken, companyId) };
  },
  "a seller with a company and a data-room file shared with approved buyers is signed in": async () => {
    const companyId = await sellerWithCompany(server);
    const sellerToken = await logIn(server);
    const fileId = await uploadAndOpen(server, sellerToken, companyId);
    await server.db.update(companyFiles).set({ shared: true }).where(eq(companyFiles.id, fileId));
    return { sellerToken, companyId, fileId };
  },
  // A CIF's issue date must be at most 3 months old by the server's today: the pact records a fixed date, the state names the day.
  // Log-in first, on the system's clock (the token's expiry is checked against it), then the server's today moves.
  "a seller with a company is signed in on a given day": {
    setup: async (params) => {
      const companyId = await sellerWithCompany(server);
      const sellerToken = await logIn(server);
      moveProviderClockTo(`${param(params, "today", "")}T18:00:00.000Z`);
      return { sellerToken, companyId };
    },
    teardown: async () => {
      resetProviderClock();
      return undefined;
    },
  },
});
