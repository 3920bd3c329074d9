import { randomBytes } from "node:crypto";
import type { BotQuestionRequest } from "../../contracts/bot.ts";
import type { BuyerLeadRequest } from "../../contracts/buyer-leads.ts";
import type { UserListQuery } from "../../contracts/admin.ts";
import type { ChangePasswordRequest, RecoverPasswordRequest, ResetPasswordRequest, UpdateProfileRequest, VerifyEmailRequest } from "../../contracts/accounts.ts";
import type { CompanyCreateRequest, CompanyUpdateRequest } from "../../contracts/companies.ts";
import type { InterestMessageRequest } from "../../contracts/marketplace.ts";
import type { ShareDataRoomFileRequest } from "../../contracts/data-room.ts";
import type { AcceptNdaRequest, CreateAccessRequest, CreateDealMessage, CreateLetterOfIntent, DecideAccessRequest, DecideLetterOfIntent, SetAccessEnd } from "../../contracts/deal-room.ts";
import { fillPath, pathParamNames, type Endpoint } from "../../contracts/endpoint.ts";
import type { KybRequest } from "../../contracts/kyb.ts";
import type { LeadRequest } from "../../contracts/leads.ts";
import type {
  CompanyCharacteristicsRequest,
  CompanyDataRequest,
  CompanyEquitiesRequest,
  CompanyFundingRoundRequest,
  CompanyFundingRoundUsesRequest,
  CompanyInterestsRequest,
  CompanySellDataRequest,
  CompanySellingDataRequest,
  FundingStructuresRequest,
  SlackOnboardingRequest,
} from "../../contracts/onboarding.ts";
import type { BuyerRegistrationRequest, SellerRegistrationRequest } from "../../contracts/registration.ts";
import type { CreateSavedSearch } from "../../contracts/saved-searches.ts";
import type { LoginRequest } from "../../contracts/sessions.ts";
import type { ValuationRequest } from "../../contracts/valuations.ts";
import { hashVerificationToken } from "../../server/accounts/email-verification.ts";
import { hashRecoveryToken } from "../../server/accounts/password-recovery.ts";
import type { Database } from "../../server/db/open.ts";
import { accessRequests, lettersOfIntent, ndaAcceptances } from "../../server/deal-room/schema.ts";
import { emailVerificationTokens, passwordResetTokens } from "../../server/accounts/schema.ts";

/**
 * Valid requests for every endpoint with input, as a client sends them
 * (the wire side of each contract, so a contract change that breaks a sample
 * fails the type check). The authorization matrix and the schema fuzz start
 * from these: the matrix so that it exercises authorization, not
 * validation; the fuzz so that its mutations reach past the first check.
 * Catalogue ids are those of server/seed/catalogue-data.ts.
 */

export const SAMPLE_PASSWORD = "Clave-segura-1";

type Wire<S extends { readonly Encoded: unknown }> = S["Encoded"];

export const loginRequest = (email: string, password: string = SAMPLE_PASSWORD): Wire<typeof LoginRequest> => ({ email, password });

export const recoveryRequest = (email: string): Wire<typeof RecoverPasswordRequest> => ({ email });

export const resetRequest = (recoverToken: string): Wire<typeof ResetPasswordRequest> => ({
  recover_token: recoverToken,
  password: "Nueva-clave-2026",
  password_confirmation: "Nueva-clave-2026",
});

export const profileRequest = (): Wire<typeof UpdateProfileRequest> => ({ name: "Nombre Actualizado", phone: "81 1234 5678" });

export const passwordChangeRequest = (current: string = SAMPLE_PASSWORD): Wire<typeof ChangePasswordRequest> => ({
  current_password: current,
  new_password: "Otra-clave-2026",
  password_confirmation: "Otra-clave-2026",
});

export const buyerSignUp = (email: string): Wire<typeof BuyerRegistrationRequest> => ({
  buyer_description_id: 1,
  state_id: 19,
  investment_description_summary: "Manufactura ligera en el Bajío",
  investment_size_id: 2,
  user: { email, password: "Segura-2026", phone: "5512345678", name: "Ana Pérez", website: "https://ana.example.mx" },
});

export const sellerSignUp = (email: string): Wire<typeof SellerRegistrationRequest> => ({
  user: { email, password: "Segura-2026", phone: "8112345678", name: "Carlos Treviño" },
  name: "Tortillería El Sol",
  website: "https://elsol.example.mx",
  foundation_date: 2004,
  headcount: 35,
  short_description: "Tres sucursales en Monterrey",
  industry_id: 3,
  company_type_id: 1,
  state_id: 19,
  country_id: 1,
  interest_id: 3,
  user_company_role_id: 1,
  ebitda_range_id: 3,
  yearly_sales_range_id: 4,
});

export const leadRequest = (): Wire<typeof LeadRequest> => ({
  name: "Mariana López",
  service_interested: 1,
  email: "mariana@ejemplo.mx",
  phone: "55 1234 5678",
  referer: 1,
});

export const interestRequest = (humanId: string): Wire<typeof InterestMessageRequest> => ({
  name: "Comprador Interesado",
  email: "comprador@ejemplo.mx",
  human_id: humanId,
  summary: "Me interesa conocer los estados financieros de los últimos tres años.",
});

/** The seller of the company-writes pact (consumer body and provider state agree on the contact). */
export const PACT_COMPANY_SELLER = { name: "Vendedora Pact Empresas", email: "vendedora.empresas@pact.example.mx", phone: "8112345678" } as const;

/** POST /companies: a seller's company with the seller's own contact (`contact` must be the caller's account unless an admin). */
export const companyCreateRequest = (contact: { readonly name: string; readonly email: string; readonly phone?: string | null }): Wire<typeof CompanyCreateRequest> => ({
  name: "Tortillería La Esperanza",
  website: "https://laesperanza.mx",
  foundation_date: 2008,
  headcount: 25,
  short_description: "Producción y distribución de tortillas en el Bajío.",
  industry_ids: [1, 2],
  interest_ids: [1],
  company_type_id: 1,
  state_id: 11,
  country_id: 1,
  ebitda_range_id: 1,
  yearly_sales_range_id: 1,
  user_company_role_id: 1,
  contact: { name: contact.name, email: contact.email, phone: contact.phone ?? null },
});

/** PUT /companies/{id}: a seller's partial edit (no contact, no admin-only field; the name stays, so tests can still find it). */
export const companyUpdateRequest = (): Wire<typeof CompanyUpdateRequest> => ({
  headcount: 30,
  foundation_date: 2009,
  industry_ids: [1, 2],
  yearly_sales_range_id: 2,
});

/** The URL of a call: /api, the path with its params filled, the endpoint's fixed query, then `query`. */
export function urlOf(
  endpoint: Pick<Endpoint, "path" | "fixedQuery">,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string>>,
): string {
  const names = pathParamNames(endpoint.path);
  const path = names.length === 0 ? endpoint.path : fillPath(endpoint.path, params);
  const search = new URLSearchParams({ ...endpoint.fixedQuery, ...query }).toString();
  return `/api${path}${search === "" ? "" : `?${search}`}`;
}

/** A live recovery link's token for the user, as the recovery e-mail would carry it. */
export async function recoveryTokenFor(db: Database, userId: number, token: string = randomBytes(32).toString("base64url")): Promise<string> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashRecoveryToken(token), expiresAt: new Date(Date.now() + 60 * 60_000) });
  return token;
}

// --- Multipart (uploads) --------------------------------------------------------------

/** The smallest files of each kind the server accepts by content (magic bytes). */
export const SAMPLE_FILES = {
  // One real page: uploads read a PDF the way the watermark will (issue 31).
  pdf: Buffer.from(
    "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
    "latin1",
  ),
  // Real pictures (a 1 x 1 PNG, a 2 x 2 JPEG): data-room uploads decode an image the way the watermark will (issue 31).
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
  jpeg: Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APZvAei6XP4G8OyzabZSSyadbM7vApZiYlJJJHJq8fgsPHFVUqcbc0ui7s5nhaFV+0qQTk9W2k229233P//Z",
    "base64",
  ),
  html: Buffer.from("<!doctype html><script>alert(1)</script>", "utf8"),
} as const;

export type MultipartPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly contentType: string; readonly bytes: Buffer };

export interface MultipartBody {
  readonly contentType: string;
  readonly payload: Buffer;
}

/** A multipart/form-data body as a browser writes it (built by hand, so tests can also break it; a fixed boundary keeps the fuzz deterministic). */
export function multipartBody(parts: ReadonlyArray<MultipartPart>, boundary = "----puente-frontera-7d2f9c41"): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "filename" in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n`, "utf8"), "filename" in part ? part.bytes : Buffer.from(part.value, "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** A data-room upload of one PDF (with a CIF's issue date when given). */
export const dataRoomUpload = (issuedOn?: string, file: Buffer = SAMPLE_FILES.pdf, filename = "acta.pdf"): MultipartBody =>
  multipartBody([
    ...(issuedOn === undefined ? [] : [{ name: "issued_on", value: issuedOn }]),
    { name: "files[]", filename, contentType: "application/pdf", bytes: file },
  ]);

/** The picture upload: one PNG and `file_type=picture`. */
export const pictureUpload = (file: Buffer = SAMPLE_FILES.png): MultipartBody =>
  multipartBody([
    { name: "file_type", value: "picture" },
    { name: "file", filename: "logo.png", contentType: "image/png", bytes: file },
  ]);
/** Puente Bot (issue 14): a question its content answers. */
export const botQuestion = (question = "¿Cuánto cuesta el plan Impulsa?"): Wire<typeof BotQuestionRequest> => ({ question });

/** KYB básico: a persona moral's RFC (its check digit computed with contracts/rfc.ts). */
export const kybRequest = (rfc = "ABC680524P73"): Wire<typeof KybRequest> => ({ rfc });

// --- Onboarding (issue 13) -------------------------------------------------------
// Ids 1 of each seeded catalogue: "Capital para crecimiento", the first characteristic, attribute and funding structure.

export const onboardingCompanyData = (): Wire<typeof CompanyDataRequest> => ({
  name: "Tortillería La Esperanza",
  legal_name: "Tortillería La Esperanza S.A. de C.V.",
  comercial_name: "La Esperanza",
  rfc: "TES680524P70",
  website: "laesperanza.mx",
  company_type: "moral",
  society_id: 1,
  tax_system_id: 1,
});
export const onboardingEquities = (...equities: ReadonlyArray<number>): Wire<typeof CompanyEquitiesRequest> => ({
  company_equities: (equities.length === 0 ? [60.5, 39.5] : equities).map((equity, index) => ({ shareholder: `Accionista ${index + 1}`, equity })),
});
export const onboardingInterests = (...ids: ReadonlyArray<number>): Wire<typeof CompanyInterestsRequest> => ({
  company_interests: (ids.length === 0 ? [1] : ids).map((interest_id) => ({ interest_id })),
});
export const onboardingFundingRound = (): Wire<typeof CompanyFundingRoundRequest> => ({
  funding_round: "series_a",
  funding_round_amount: 500_000,
  funding_round_done: 125_000.5,
  investors: 3,
});
export const onboardingUses = (...percentages: ReadonlyArray<number>): Wire<typeof CompanyFundingRoundUsesRequest> => ({
  company_funding_rounds_uses: (percentages.length === 0 ? [70, 30] : percentages).map((use_percentage, index) => ({ use_name: `Destino ${index + 1}`, use_percentage })),
});
export const onboardingSellingData = (): Wire<typeof CompanySellingDataRequest> => ({
  motivation: "Retiro del fundador",
  valuation_range_negotiation: "Entre 20 y 25 millones de pesos",
});
export const onboardingSellData = (): Wire<typeof CompanySellDataRequest> => ({
  financial_records_state: "has_financial_records",
  yearly_sales: 12_500_000,
  ebitda_margin: 18.25,
  second_last_year_yearly_sales: 10_000_000,
  second_last_year_ebitda_margin: -2.5,
  estimate_yearly_sales: 15_000_000,
});
export const onboardingCharacteristics = (characteristic = 1, attribute = 1): Wire<typeof CompanyCharacteristicsRequest> => ({
  characteristics: [{ id: characteristic }],
  attributes: [{ id: attribute }],
  company_uniqueness_summary: "Receta familiar de tres generaciones",
  company_challenges: "Ampliar la distribución",
});
export const onboardingFundingStructures = (): Wire<typeof FundingStructuresRequest> => ({ funding_structures: [{ id: 1 }] });
/** The admin's users tab: a search, first page, 10 rows. */
export const adminUserListQuery = () => ({ q: "persona", page: "1", per_page: "10" }) satisfies Wire<typeof UserListQuery>;

export const slackOnboardingRequest = (companyId: number): Wire<typeof SlackOnboardingRequest> => ({ company_id: companyId });

// --- Free valuation (issue 14) ------------------------------------------------------
/** A Mexican manufacturer (industry 2 'Manufactura', location 1 México, pesos): 50 M in sales, 8 M EBITDA, growing 12.5%; every optional figure given. */
export const valuationRequest = (): Wire<typeof ValuationRequest> & { readonly net_profit: number; readonly annual_percentage_growth: number; readonly reason: number } => ({
  email: "duena@tortilleria.example.mx",
  name: "Rosa Garza",
  industry_id: 2,
  website: "tortilleria.example.mx",
  gross_revenue: 50_000_000,
  net_profit: 8_000_000.5,
  reason: 1,
  valuation_type: "default",
  location: 1,
  annual_percentage_growth: 12.5,
  currency: "MXN",
});

// --- The deal room (issue 16) ---------------------------------------------------------

/** POST /companies/{id}/access_requests: the buyer's message and the NDA version they read. */
export const accessRequestBody = (ndaVersion: string): Wire<typeof CreateAccessRequest> => ({
  message: "Somos un family office del Bajío; buscamos manufactura con ventas estables y un equipo que se quede.",
  nda_version: ndaVersion,
});
export const decideAccessBody = (status: Wire<typeof DecideAccessRequest>["status"] = "approved"): Wire<typeof DecideAccessRequest> => ({ status });
/** A last day of access far after any test's today (decision 050), or null to remove the end. */
export const setAccessEndBody = (accessEndsOn: string | null = "2099-12-31"): Wire<typeof SetAccessEnd> => ({ access_ends_on: accessEndsOn });
export const acceptNdaBody = (ndaVersion: string): Wire<typeof AcceptNdaRequest> => ({ nda_version: ndaVersion });
export const dealMessageBody = (body = "¿Podemos agendar una llamada el jueves para revisar los estados financieros?"): Wire<typeof CreateDealMessage> => ({ body });
export const letterOfIntentBody = (): Wire<typeof CreateLetterOfIntent> => ({
  amount: 25_000_000.5,
  currency: "MXN",
  stake_percentage: 51,
  terms: "Compra del 51% con pago en dos partes: 70% al cierre y 30% a doce meses, sujeta a due diligence.",
});
export const decideLetterBody = (status: Wire<typeof DecideLetterOfIntent>["status"] = "accepted"): Wire<typeof DecideLetterOfIntent> => ({ status });
export const shareFileBody = (shared = true): Wire<typeof ShareDataRoomFileRequest> => ({ shared });

/**
 * An access request written straight to the database (the matrix and the
 * fuzz need requests in a given state for each case, faster than the API's
 * round trips): `status`, its NDA acceptance of `ndaVersion`, and a pending
 * letter of intent when `letter` is given. Ids may be chosen, so a fuzzed
 * path id does not land on it by chance.
 */
export async function insertAccessRequest(
  db: Database,
  input: {
    readonly id?: number;
    readonly companyId: number;
    readonly buyerId: number;
    readonly status: "pending" | "approved";
    readonly ndaVersion: string;
    readonly letter?: { readonly id?: number };
  },
): Promise<{ readonly requestId: number; readonly letterId: number | null }> {
  const time = new Date();
  const approved = input.status === "approved";
  const [request] = await db
    .insert(accessRequests)
    .values({
      ...(input.id === undefined ? {} : { id: input.id }),
      companyId: input.companyId,
      buyerUserId: input.buyerId,
      status: input.status,
      message: "Nos interesa conocer la empresa.",
      approvedAt: approved ? time : null,
      decidedAt: approved ? time : null,
    })
    .returning({ id: accessRequests.id });
  if (request === undefined) throw new Error("insertAccessRequest: no id returned");
  await db.insert(ndaAcceptances).values({ accessRequestId: request.id, userId: input.buyerId, version: input.ndaVersion, acceptedText: "Acuerdo aceptado", textSha256: "0".repeat(64), ip: "127.0.0.1" });
  if (input.letter === undefined) return { requestId: request.id, letterId: null };
  const [letter] = await db
    .insert(lettersOfIntent)
    .values({ ...(input.letter.id === undefined ? {} : { id: input.letter.id }), accessRequestId: request.id, amount: 1_000_000, currency: "MXN", stakePercentage: 10, terms: "Oferta inicial" })
    .returning({ id: lettersOfIntent.id });
  return { requestId: request.id, letterId: letter?.id ?? null };
}
// --- E-mail verification and saved searches (issue 16) ---------------------------------------

export const verifyEmailRequest = (token: string): Wire<typeof VerifyEmailRequest> => ({ token });

/** A live verification link's token for the user, as the verification e-mail would carry it. */
export async function verificationTokenFor(db: Database, userId: number, token: string = randomBytes(32).toString("base64url")): Promise<string> {
  await db.insert(emailVerificationTokens).values({ userId, tokenHash: hashVerificationToken(token), expiresAt: new Date(Date.now() + 48 * 60 * 60_000) });
  return token;
}

/** A buyer's saved search: Nuevo León, food and drinks, "tortillas" (seeded catalogue ids). */
export const savedSearchRequest = (name = "Tortillerías en Nuevo León", q = "tortillas"): Wire<typeof CreateSavedSearch> => ({
  name,
  filters: { state_id: 19, industry_id: 3 },
  q,
});

/**
 * A visitor's buyer mandate: technology or food companies in Nuevo León or
 * Jalisco with $5–10 M MXN in sales, to buy whole, a $5–20 M MXN ticket
 * (seeded catalogue ids). A signed-in caller's contact is the account's: the
 * server ignores these three fields then.
 */
export const buyerLeadRequest = (email = "rodrigo.garza@ejemplo.mx"): Wire<typeof BuyerLeadRequest> => ({
  industry_ids: [1, 3],
  state_ids: [19, 14],
  sales_range_ids: [3],
  ebitda_range_ids: [],
  investment_size_id: 3,
  deal_type: "buy",
  description: "Busco una empresa rentable con clientes recurrentes y un equipo que siga operando después de la compra.",
  name: "Rodrigo Garza",
  email,
  phone: "81 5555 1234",
});
