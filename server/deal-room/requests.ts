import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { maskConfidentialText } from "../../contracts/confidential-text.ts";
import type { AccessRequestStatus } from "../../contracts/marketplace.ts";
import { ACCESS_REQUEST_PAGE_SIZE, type AccessRequest, type AccessRequestList, type AccessRequestListQuery, type DealRole, type LetterOfIntent } from "../../contracts/deal-room.ts";
import type { Role } from "../../contracts/sessions.ts";
import type { NdaVersion } from "../../content/nda.ts";
import { accessStateOf, allowedDecisions, mayExtend } from "../../machines/deal-room/selectors.ts";
import { isAdmin } from "../auth/authz.ts";
import { catalogueNames, itemOf, type CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import { accessRequests, dealMessages, lettersOfIntent, ndaAcceptances } from "./schema.ts";
import { buyerProfiles } from "../accounts/schema.ts";
import { companies } from "../companies/schema.ts";
import { users } from "../auth/schema.ts";
import { buyerHasAccess } from "./access.ts";
import { isCurrentNda } from "./nda.ts";

/**
 * Access requests as each party sees them (contracts/deal-room.ts
 * AccessRequest): loaded with their company and buyer in one query, then
 * the latest NDA acceptance, the unread count and the latest letter for a
 * whole page at once.
 */

const recordColumns = {
  id: accessRequests.id,
  companyId: accessRequests.companyId,
  buyerUserId: accessRequests.buyerUserId,
  status: accessRequests.status,
  message: accessRequests.message,
  createdAt: accessRequests.createdAt,
  decidedAt: accessRequests.decidedAt,
  approvedAt: accessRequests.approvedAt,
  accessEndsAt: accessRequests.accessEndsAt,
  company: {
    humanId: companies.humanId,
    name: companies.name,
    legalName: companies.legalName,
    comercialName: companies.comercialName,
    pictureUrl: companies.pictureUrl,
    shortDescription: companies.shortDescription,
    ownerUserId: companies.ownerUserId,
    contactEmail: companies.contactEmail,
  },
  buyer: {
    name: users.name,
    email: users.email,
    phone: users.phone,
    createdAt: users.createdAt,
    emailVerifiedAt: users.emailVerifiedAt,
  },
  // Flat, not nested: the profile comes from a left join.
  profileDescriptionId: buyerProfiles.buyerDescriptionId,
  profileStateId: buyerProfiles.stateId,
  profileSummary: buyerProfiles.investmentDescriptionSummary,
  profileSizeId: buyerProfiles.investmentSizeId,
  profileWebsite: buyerProfiles.website,
};

const selectRecords = (db: Database) =>
  db
    .select(recordColumns)
    .from(accessRequests)
    .innerJoin(companies, eq(companies.id, accessRequests.companyId))
    .innerJoin(users, eq(users.id, accessRequests.buyerUserId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.userId, accessRequests.buyerUserId));

export type RequestRecord = Awaited<ReturnType<ReturnType<typeof selectRecords>["execute"]>>[number];

export async function findRequest(db: Database, id: number): Promise<RequestRecord | null> {
  const [row] = await selectRecords(db).where(eq(accessRequests.id, id)).limit(1);
  return row ?? null;
}

/** Locks the request's row for the rest of the transaction (a status change, a message, a letter): concurrent writers queue. */
export async function lockRequest(
  tx: Database,
  id: number,
): Promise<{ readonly status: AccessRequestStatus; readonly approvedAt: Date | null; readonly accessEndsAt: Date | null } | null> {
  const [row] = await tx
    .select({ status: accessRequests.status, approvedAt: accessRequests.approvedAt, accessEndsAt: accessRequests.accessEndsAt })
    .from(accessRequests)
    .where(eq(accessRequests.id, id))
    .for("update");
  return row ?? null;
}

export interface Caller {
  readonly id: number;
  readonly roles: ReadonlyArray<Role>;
}

/** The caller's part in a request: its buyer, the company's owner, an admin; null for anyone else (who gets the missing request's 404). */
export function dealRoleOf(caller: Caller, record: { readonly buyerUserId: number; readonly company: { readonly ownerUserId: number | null } }): DealRole | null {
  if (record.buyerUserId === caller.id) return "buyer";
  if (record.company.ownerUserId !== null && record.company.ownerUserId === caller.id) return "seller";
  return isAdmin(caller) ? "admin" : null;
}

type LetterRow = typeof lettersOfIntent.$inferSelect;

export const toLetter = (row: LetterRow): LetterOfIntent => ({
  id: row.id,
  access_request_id: row.accessRequestId,
  amount: row.amount,
  currency: row.currency,
  stake_percentage: row.stakePercentage,
  terms: row.terms,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

interface Extras {
  readonly acceptance: { readonly version: string; readonly acceptedAt: Date; readonly ip: string; readonly acceptedBy: string } | null;
  readonly unread: number;
  readonly latestLetter: LetterRow | null;
}

/** Per request of `ids`: the latest NDA acceptance, the messages `callerId` has not read, the latest letter. */
async function extrasFor(db: Database, ids: ReadonlyArray<number>, callerId: number): Promise<ReadonlyMap<number, Extras>> {
  if (ids.length === 0) return new Map();
  const [acceptances, unread, letters] = await Promise.all([
    db
      .selectDistinctOn([ndaAcceptances.accessRequestId], {
        requestId: ndaAcceptances.accessRequestId,
        version: ndaAcceptances.version,
        acceptedAt: ndaAcceptances.acceptedAt,
        ip: ndaAcceptances.ip,
        acceptedBy: users.name,
      })
      .from(ndaAcceptances)
      .innerJoin(users, eq(users.id, ndaAcceptances.userId))
      .where(inArray(ndaAcceptances.accessRequestId, [...ids]))
      .orderBy(ndaAcceptances.accessRequestId, desc(ndaAcceptances.acceptedAt), desc(ndaAcceptances.id)),
    db
      .select({ requestId: dealMessages.accessRequestId, unread: count() })
      .from(dealMessages)
      .where(and(inArray(dealMessages.accessRequestId, [...ids]), isNull(dealMessages.readAt), notSentBy(callerId)))
      .groupBy(dealMessages.accessRequestId),
    db
      .selectDistinctOn([lettersOfIntent.accessRequestId])
      .from(lettersOfIntent)
      .where(inArray(lettersOfIntent.accessRequestId, [...ids]))
      .orderBy(lettersOfIntent.accessRequestId, desc(lettersOfIntent.createdAt), desc(lettersOfIntent.id)),
  ]);
  const byId = new Map<number, Extras>();
  for (const id of ids) {
    const acceptance = acceptances.find((row) => row.requestId === id);
    byId.set(id, {
      acceptance: acceptance === undefined ? null : acceptance,
      unread: unread.find((row) => row.requestId === id)?.unread ?? 0,
      latestLetter: letters.find((row) => row.accessRequestId === id) ?? null,
    });
  }
  return byId;
}

/** Messages someone other than `userId` wrote (an account since deleted included). */
export const notSentBy = (userId: number): SQL => sql`${dealMessages.senderUserId} IS DISTINCT FROM ${userId}`;

/**
 * One request as `role` sees it:
 * - the company's name only for its owner, admins, and the buyer while their
 *   access holds (approved, NDA current); its description masked as the
 *   public profile has it;
 * - the buyer's e-mail and phone only once the request was approved (still
 *   after a revocation: the seller keeps the thread, and both had exchanged
 *   contacts by then), never before;
 * - the decisions the machine allows now, for the owner and admins only,
 *   from the state at `now` (an approval past its end has lapsed: decision 050);
 * - unread messages for a party (an admin who is not one has none).
 */
function project(record: RequestRecord, extras: Extras | undefined, role: DealRole, names: CatalogueNames, versions: ReadonlyArray<NdaVersion>, now: Date): AccessRequest {
  const acceptance = extras?.acceptance ?? null;
  const ndaVersion = acceptance?.version ?? null;
  const state = accessStateOf(record.status, record.accessEndsAt, now);
  const showsName = role !== "buyer" || buyerHasAccess(state, ndaVersion, versions);
  const contactShown = record.approvedAt !== null;
  const { company, buyer } = record;
  return {
    id: record.id,
    status: record.status,
    message: record.message,
    created_at: record.createdAt.toISOString(),
    decided_at: record.decidedAt?.toISOString() ?? null,
    company: {
      id: record.companyId,
      human_id: company.humanId,
      name: showsName ? company.name : null,
      picture_url: company.pictureUrl,
      short_description: maskConfidentialText(company.shortDescription, [company.name, company.legalName, company.comercialName]),
    },
    buyer: {
      id: record.buyerUserId,
      name: buyer.name,
      email: contactShown ? buyer.email : null,
      phone: contactShown ? buyer.phone : null,
      buyer_description: itemOf(names, "buyer_descriptions", record.profileDescriptionId),
      state: itemOf(names, "states", record.profileStateId),
      investment_description_summary: record.profileSummary,
      investment_size: itemOf(names, "investment_sizes", record.profileSizeId),
      website: record.profileWebsite,
      email_verified: buyer.emailVerifiedAt !== null,
      member_since: buyer.createdAt.toISOString(),
    },
    nda: {
      version: ndaVersion ?? "",
      accepted_at: acceptance?.acceptedAt.toISOString() ?? record.createdAt.toISOString(),
      ip: acceptance?.ip ?? "",
      accepted_by: acceptance?.acceptedBy ?? buyer.name,
      current: isCurrentNda(ndaVersion, versions),
    },
    viewer_role: role,
    allowed_statuses: role === "buyer" ? [] : allowedDecisions(state),
    access_ends_at: record.status === "approved" ? (record.accessEndsAt?.toISOString() ?? null) : null,
    access_lapsed: state === "lapsed",
    can_set_access_end: role !== "buyer" && mayExtend(state),
    unread_messages: role === "admin" ? 0 : (extras?.unread ?? 0),
    latest_letter: extras?.latestLetter == null ? null : toLetter(extras.latestLetter),
  };
}

/** One request as the caller (of role `role`) sees it. */
export async function accessRequestView(
  db: Database,
  versions: ReadonlyArray<NdaVersion>,
  record: RequestRecord,
  caller: Caller,
  role: DealRole,
  now: Date,
): Promise<AccessRequest> {
  const [extras, names] = await Promise.all([extrasFor(db, [record.id], caller.id), catalogueNames(db)]);
  return project(record, extras.get(record.id), role, names, versions, now);
}

/**
 * GET /access_requests: `incoming` (to the caller's companies), `outgoing`
 * (theirs as a buyer), `all` (an admin's, checked by the route); absent,
 * both sides (an admin: all). Newest first.
 */
export async function listAccessRequests(
  db: Database,
  versions: ReadonlyArray<NdaVersion>,
  caller: Caller,
  query: AccessRequestListQuery,
  now: Date,
): Promise<AccessRequestList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? ACCESS_REQUEST_PAGE_SIZE;
  const incoming = eq(companies.ownerUserId, caller.id);
  const outgoing = eq(accessRequests.buyerUserId, caller.id);
  const side =
    query.side === "incoming" ? incoming : query.side === "outgoing" ? outgoing : query.side === "all" || (query.side === undefined && isAdmin(caller)) ? undefined : or(incoming, outgoing);
  const where = and(
    side,
    query.company_id === undefined ? undefined : eq(accessRequests.companyId, query.company_id),
    query.status === undefined ? undefined : eq(accessRequests.status, query.status),
  );
  const [records, [total], names] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(accessRequests).innerJoin(companies, eq(companies.id, accessRequests.companyId)).where(where),
    catalogueNames(db),
  ]);
  const extras = await extrasFor(
    db,
    records.map((record) => record.id),
    caller.id,
  );
  const items = records.flatMap((record) => {
    const role = dealRoleOf(caller, record);
    // Every row the filter lets through is the caller's or an admin's; the check stays anyway.
    return role === null ? [] : [project(record, extras.get(record.id), role, names, versions, now)];
  });
  return { items, total: total?.value ?? 0, page, per_page: perPage };
}
