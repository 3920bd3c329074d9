import { and, desc, eq } from "drizzle-orm";
import { ACCESS_REQUEST_COOLING_OFF_DAYS, type AccessBlock, type AccessRequestStatus, type ConfidentialProfile, type ViewerAccess } from "../../contracts/marketplace.ts";
import type { Role } from "../../contracts/sessions.ts";
import type { NdaVersion } from "../../content/nda.ts";
import type { AccessState } from "../../machines/deal-room/access-request.machine.ts";
import { accessStateOf, grantsAccess, isOpen } from "../../machines/deal-room/selectors.ts";
import { canManageCompany } from "../auth/authz.ts";
import type { Database } from "../db/open.ts";
import { accessRequests, ndaAcceptances } from "./schema.ts";
import { buyerProfiles } from "../accounts/schema.ts";
import { companyFiles } from "../data-room/schema.ts";
import { companyOnboardings } from "../onboarding/schema.ts";
import { users } from "../auth/schema.ts";
import type { companies } from "../companies/schema.ts";
import { isCurrentNda } from "./nda.ts";

/**
 * Who may see and do what in the deal room (docs/decisions/023-deal-room.md),
 * in one place: the marketplace's profile, the data room's shared documents
 * and the deal room's own endpoints all ask here. Everything is read from
 * the database on each call, so a revocation or a new NDA version takes
 * effect on the very next request, and so does the end of an approval
 * (decision 050): an approved request whose `access_ends_at` has passed
 * counts as lapsed, exactly like a revoked one, from that instant.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a signed-in account may not ask for access (a visitor's reason, sign_in, is the route's 401). */
export type DealBlock = Exclude<AccessBlock, "sign_in">;

type CompanyRow = typeof companies.$inferSelect;

/**
 * The buyer of a request sees the company (its name, the full profile, the
 * shared documents, the thread) only while the request is approved (not
 * lapsed: `state` is accessStateOf's) and the NDA they last accepted is the
 * version in force.
 */
export const buyerHasAccess = (state: AccessState, ndaVersion: string | null, versions: ReadonlyArray<NdaVersion>): boolean =>
  grantsAccess(state) && isCurrentNda(ndaVersion, versions);

/** A buyer's latest request for a company, with the NDA version they last accepted for it. */
export interface LatestRequest {
  readonly id: number;
  readonly status: AccessRequestStatus;
  readonly createdAt: Date;
  readonly decidedAt: Date | null;
  readonly accessEndsAt: Date | null;
  readonly ndaVersion: string | null;
}

/** The NDA version last accepted for a request (null: none, never expected). */
export async function latestNdaVersion(db: Database, accessRequestId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: ndaAcceptances.version })
    .from(ndaAcceptances)
    .where(eq(ndaAcceptances.accessRequestId, accessRequestId))
    .orderBy(desc(ndaAcceptances.acceptedAt), desc(ndaAcceptances.id))
    .limit(1);
  return row?.version ?? null;
}

export async function latestRequestOf(db: Database, buyerUserId: number, companyId: number): Promise<LatestRequest | null> {
  const [row] = await db
    .select({ id: accessRequests.id, status: accessRequests.status, createdAt: accessRequests.createdAt, decidedAt: accessRequests.decidedAt, accessEndsAt: accessRequests.accessEndsAt })
    .from(accessRequests)
    .where(and(eq(accessRequests.buyerUserId, buyerUserId), eq(accessRequests.companyId, companyId)))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(1);
  if (row === undefined) return null;
  return { ...row, ndaVersion: await latestNdaVersion(db, row.id) };
}

/** What the asker's account is, for the identity checks. */
export interface AskerFacts {
  readonly name: string;
  readonly emailVerified: boolean;
  readonly hasBuyerProfile: boolean;
}

export async function askerFacts(db: Database, userId: number): Promise<AskerFacts> {
  const [row] = await db
    .select({ name: users.name, verifiedAt: users.emailVerifiedAt, profile: buyerProfiles.userId })
    .from(users)
    .leftJoin(buyerProfiles, eq(buyerProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { name: row?.name ?? "", emailVerified: row?.verifiedAt != null, hasBuyerProfile: row?.profile != null };
}

export interface Asker {
  readonly id: number;
  readonly roles: ReadonlyArray<Role>;
}

/**
 * Who the asker is, checked first: the owner cannot ask for their own
 * company (said before "not a buyer", the more useful answer to an owner),
 * then only a registered buyer (the role and the sign-up's profile), then
 * only with a verified e-mail.
 */
export function identityBlock(asker: Asker, ownerUserId: number | null, facts: AskerFacts): DealBlock | null {
  if (ownerUserId !== null && ownerUserId === asker.id) return "own_company";
  if (!asker.roles.includes("buyer") || !facts.hasBuyerProfile) return "not_buyer";
  if (!facts.emailVerified) return "email_unverified";
  return null;
}

/** Then what happened before: one open request at a time, and a pause after a rejection or a revocation. */
export function historyBlock(latest: LatestRequest | null, now: Date): { readonly reason: DealBlock | null; readonly againAt: Date | null } {
  if (latest === null) return { reason: null, againAt: null };
  if (isOpen(latest.status)) return { reason: "open_request", againAt: null };
  const decidedAt = latest.decidedAt ?? latest.createdAt;
  const againAt = new Date(decidedAt.getTime() + ACCESS_REQUEST_COOLING_OFF_DAYS * DAY_MS);
  return againAt.getTime() > now.getTime() ? { reason: "cooling_off", againAt } : { reason: null, againAt: null };
}

/** The full profile: names, the descriptions as written, contact, the record's figures (the onboarding's answers where the record has none) and the shared documents. */
export async function confidentialProfile(db: Database, company: CompanyRow): Promise<ConfidentialProfile> {
  const [[onboarding], documents] = await Promise.all([
    db
      .select({
        yearlySales: companyOnboardings.yearlySales,
        ebitdaMargin: companyOnboardings.ebitdaMargin,
        secondLastYearYearlySales: companyOnboardings.secondLastYearYearlySales,
        secondLastYearEbitdaMargin: companyOnboardings.secondLastYearEbitdaMargin,
        estimateYearlySales: companyOnboardings.estimateYearlySales,
        financialRecordsState: companyOnboardings.financialRecordsState,
      })
      .from(companyOnboardings)
      .where(eq(companyOnboardings.companyId, company.id))
      .limit(1),
    db
      .select({
        id: companyFiles.id,
        category: companyFiles.category,
        filename: companyFiles.filename,
        contentType: companyFiles.contentType,
        sizeBytes: companyFiles.sizeBytes,
        createdAt: companyFiles.createdAt,
        downloadAllowed: companyFiles.downloadAllowed,
      })
      .from(companyFiles)
      .where(and(eq(companyFiles.companyId, company.id), eq(companyFiles.shared, true)))
      .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id)),
  ]);
  return {
    name: company.name,
    short_description: company.shortDescription,
    long_description: company.longDescription,
    legal_name: company.legalName,
    comercial_name: company.comercialName,
    website: company.website,
    contact: { name: company.contactName, email: company.contactEmail, phone: company.contactPhone },
    financials: {
      ebitda: company.ebitda,
      // The record's figures are the ones an admin checked; the onboarding's are the owner's own answers.
      yearly_sales: company.yearlySales ?? onboarding?.yearlySales ?? null,
      ebitda_margin: company.ebitdaMargin ?? onboarding?.ebitdaMargin ?? null,
      second_last_year_yearly_sales: onboarding?.secondLastYearYearlySales ?? null,
      second_last_year_ebitda_margin: onboarding?.secondLastYearEbitdaMargin ?? null,
      estimate_yearly_sales: onboarding?.estimateYearlySales ?? null,
      financial_records_state: onboarding?.financialRecordsState ?? null,
    },
    shared_documents: documents.map((document) => ({
      id: document.id,
      category: document.category,
      filename: document.filename,
      content_type: document.contentType,
      size_bytes: document.sizeBytes,
      created_at: document.createdAt.toISOString(),
      download_allowed: document.downloadAllowed,
    })),
  };
}

/**
 * The viewer's part of GET /companies/{id}: their latest request, whether
 * they may ask and why not, and the full profile when they may see it (the
 * owner, an admin, or the buyer of an approved request whose NDA is current;
 * null for anyone else). `viewer` is null for a visitor (and for a
 * deactivated account, which sees what a visitor sees).
 */
export async function profileViewerPart(
  db: Database,
  versions: ReadonlyArray<NdaVersion>,
  now: Date,
  viewer: Asker | null,
  company: CompanyRow,
): Promise<{ viewer_access: ViewerAccess; confidential: ConfidentialProfile | null }> {
  if (viewer === null) {
    return { viewer_access: { request: null, can_request: false, blocked_reason: "sign_in", request_again_at: null }, confidential: null };
  }
  const [facts, latest] = await Promise.all([askerFacts(db, viewer.id), latestRequestOf(db, viewer.id, company.id)]);
  const history = historyBlock(latest, now);
  const blocked = identityBlock(viewer, company.ownerUserId, facts) ?? history.reason;
  const sees = canManageCompany(viewer, company.ownerUserId) || (latest !== null && buyerHasAccess(accessStateOf(latest.status, latest.accessEndsAt, now), latest.ndaVersion, versions));
  return {
    viewer_access: {
      request:
        latest === null
          ? null
          : {
              id: latest.id,
              status: latest.status,
              created_at: latest.createdAt.toISOString(),
              nda_version: latest.ndaVersion ?? "",
              nda_current: isCurrentNda(latest.ndaVersion, versions),
            },
      can_request: blocked === null,
      blocked_reason: blocked,
      request_again_at: blocked === "cooling_off" ? (history.againAt?.toISOString() ?? null) : null,
    },
    confidential: sees ? await confidentialProfile(db, company) : null,
  };
}

/**
 * Where an account (not the company's owner nor an admin) stands with the
 * company's shared documents now: "open" (approved, NDA in force),
 * "ndaOutdated" (approved, but the NDA they accepted is no longer the one
 * in force), "ended" (they asked, and the latest request does not grant
 * access: revoked, lapsed, rejected, pending again), or "none" (never asked).
 */
export type BuyerDocumentAccess = "open" | "ndaOutdated" | "ended" | "none";

export async function buyerDocumentAccess(db: Database, versions: ReadonlyArray<NdaVersion>, userId: number, companyId: number, now: Date): Promise<BuyerDocumentAccess> {
  const latest = await latestRequestOf(db, userId, companyId);
  if (latest === null) return "none";
  if (!grantsAccess(accessStateOf(latest.status, latest.accessEndsAt, now))) return "ended";
  return isCurrentNda(latest.ndaVersion, versions) ? "open" : "ndaOutdated";
}

/** Whether this account, not the company's owner nor an admin, may open the company's shared documents now. */
export async function buyerMayOpenSharedDocuments(db: Database, versions: ReadonlyArray<NdaVersion>, userId: number, companyId: number, now: Date): Promise<boolean> {
  return (await buyerDocumentAccess(db, versions, userId, companyId, now)) === "open";
}
