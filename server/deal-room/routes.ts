import { count, eq, isNotNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  acceptNdaEndpoint,
  createAccessRequestEndpoint,
  createDealMessageEndpoint,
  createLetterOfIntentEndpoint,
  decideAccessRequestEndpoint,
  decideLetterOfIntentEndpoint,
  getAccessRequestEndpoint,
  setAccessEndEndpoint,
  getCommunityStatsEndpoint,
  getNdaEndpoint,
  listAccessRequestsEndpoint,
  listDealMessagesEndpoint,
  listLettersOfIntentEndpoint,
  type CommunityStats,
  type DealRole,
} from "../../contracts/deal-room.ts";
import type { ErrorCase } from "../../contracts/endpoint.ts";
import type { NdaVersion } from "../../content/nda.ts";
import { accessStateOf, grantsAccess, mayExtend, nextStatus } from "../../machines/deal-room/selectors.ts";
import { isAdmin } from "../auth/authz.ts";
import { isListed } from "../companies/company-views.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database } from "../db/open.ts";
import { accessRequests, lettersOfIntent, ndaAcceptances } from "./schema.ts";
import { companies } from "../companies/schema.ts";
import { users } from "../auth/schema.ts";
import type { RouteContext } from "../http/context.ts";
import type { RateLimitBucket } from "../http/rate-limit.ts";
import { fail, type Router } from "../http/router.ts";
import type { LiveEvents } from "../http/live-events.ts";
import { askerFacts, buyerHasAccess, type DealBlock, historyBlock, identityBlock, latestNdaVersion, latestRequestOf } from "./access.ts";
import { findLetter, hasPendingLetter, insertLetter, lettersOf, lockLetter } from "./letters.ts";
import { acceptanceRow, isCurrentNda, ndaResponse } from "./nda.ts";
import { endOfMexicoCityDay, isAfterToday, sellerAddress as sellerAddressOf } from "./lapse.ts";
import { decisionNotice, letterDecisionNotice, newLetterNotice, newMessageNotice, newRequestNotice } from "./notices.ts";
import { accessRequestView, dealRoleOf, findRequest, listAccessRequests, lockRequest, toLetter, type RequestRecord } from "./requests.ts";
import { ADMIN_SENDER_NAME, insertMessage, listMessages, markRead, unreadFor } from "./threads.ts";

/** What the deal room needs beyond every feature's context: the NDA's versions (content/nda.ts; tests inject their own) and live events (server/live). */
export interface DealRoomContext extends RouteContext {
  readonly ndaVersions: ReadonlyArray<NdaVersion>;
  readonly live: Pick<LiveEvents, "publish">;
}

/** How long the home page's counters are reused before they are counted again. */
const COMMUNITY_STATS_TTL_MS = 60_000;

/** POST /companies/{id}/access_requests's answer to each reason a buyer may not ask (sign_in is the 401 of requireAuth). */
const BLOCK_ERRORS: Readonly<Record<DealBlock, ErrorCase>> = {
  own_company: createAccessRequestEndpoint.errors.ownCompany,
  not_buyer: createAccessRequestEndpoint.errors.notBuyer,
  email_unverified: createAccessRequestEndpoint.errors.emailUnverified,
  open_request: createAccessRequestEndpoint.errors.openRequest,
  cooling_off: createAccessRequestEndpoint.errors.coolingOff,
};

const requestNotFound = getAccessRequestEndpoint.errors.notFound;

/**
 * The deal room (issue 16; docs/decisions/023-deal-room.md): the NDA, access
 * requests and their decisions, the private threads, letters of intent and
 * the community figures. Every route finds the request first and answers a
 * missing request's 404 to anyone who is not one of its parties or an admin
 * (no existence oracle). A write that changes a request locks its row, so
 * two decisions at once give one success and one 409. Each e-mail is
 * queued in the transaction of the write it tells of (the outbox delivers it),
 * and so is each live event (issue 28): a `pg_notify` to the request's
 * parties, the buyer and the company's owner, delivered when it commits
 * (decision 032).
 */
export function dealRoomRoutes(router: Router, context: DealRoomContext): void {
  const { db, authz, rateLimiter, mailer, appUrl, teamEmail, now, ndaVersions: versions, live } = context;
  /** A request's parties, who hear of its changes live: its buyer and the company's owner (admins are not told; their pages poll). */
  const partiesOf = (record: { readonly buyerUserId: number; readonly company: { readonly ownerUserId: number | null } }) => [record.buyerUserId, record.company.ownerUserId];
  const perUser = (bucket: RateLimitBucket, message: string) =>
    rateLimiter.guard(bucket, { key: (request: FastifyRequest) => `user:${authz.currentUser(request).id}`, message });

  /** Where the company hears from the deal room: its contact, else its owner's account, else the team. */
  const sellerAddress = (tx: Database, company: { readonly contactEmail: string | null; readonly ownerUserId: number | null }): Promise<string> =>
    sellerAddressOf(tx, company, teamEmail);

  /** The request and the caller's part in it, or the missing request's 404 (for strangers too). */
  const partyOf = async (request: FastifyRequest, id: number): Promise<{ record: RequestRecord; role: DealRole }> => {
    const caller = authz.currentUser(request);
    const record = await findRequest(db, id);
    const role = record === null ? null : dealRoleOf(caller, record);
    if (record === null || role === null) throw fail(requestNotFound);
    return { record, role };
  };
  const viewOf = async (request: FastifyRequest, id: number) => {
    const { record, role } = await partyOf(request, id);
    return accessRequestView(db, versions, record, authz.currentUser(request), role, now());
  };

  // --- The NDA ---------------------------------------------------------------------------

  router.serve(getNdaEndpoint, {}, async () => ndaResponse(versions));

  // --- Access requests --------------------------------------------------------------------------

  const create = createAccessRequestEndpoint.errors;
  router.serve(
    createAccessRequestEndpoint,
    { guards: [perUser("access_requests", create.tooMany.message)] },
    async ({ params, body, request }) => {
      const caller = authz.currentUser(request);
      const [company] = await db.select().from(companies).where(eq(companies.id, params.id)).limit(1);
      // Unlisted companies do not exist for buyers.
      if (company === undefined || !isListed(company)) throw fail(create.notFound);
      const facts = await askerFacts(db, caller.id);
      const identity = identityBlock(caller, company.ownerUserId, facts);
      if (identity !== null) throw fail(BLOCK_ERRORS[identity]);
      if (!isCurrentNda(body.nda_version, versions)) throw fail(create.ndaOutdated);
      const time = now();
      const id = await db
        .transaction(async (tx) => {
          const history = historyBlock(await latestRequestOf(tx, caller.id, company.id), time);
          if (history.reason !== null) throw fail(BLOCK_ERRORS[history.reason]);
          const [inserted] = await tx
            .insert(accessRequests)
            .values({ companyId: company.id, buyerUserId: caller.id, message: body.message, createdAt: time, updatedAt: time })
            .returning({ id: accessRequests.id });
          if (inserted === undefined) throw new Error("access request: no id returned");
          // The request, its NDA acceptance and the seller's e-mail stand or fall together.
          await tx
            .insert(ndaAcceptances)
            .values(acceptanceRow({ versions, accessRequestId: inserted.id, buyer: { id: caller.id, name: facts.name }, humanId: company.humanId, ip: request.ip, at: time }));
          await mailer.enqueue(tx, newRequestNotice({ to: await sellerAddress(tx, company), appUrl, requestId: inserted.id, humanId: company.humanId, buyerName: facts.name }));
          await live.publish(tx, [caller.id, company.ownerUserId], { type: "access_request.created", access_request_id: inserted.id });
          return inserted.id;
        })
        .catch((error: unknown) => {
          // Two requests at once: the partial unique index lets one in.
          if (isUniqueViolation(error)) throw fail(create.openRequest);
          throw error;
        });
      request.log.info({ accessRequestId: id, companyId: company.id }, "access request created");
      return viewOf(request, id);
    },
  );

  const list = listAccessRequestsEndpoint.errors;
  router.serve(listAccessRequestsEndpoint, {}, async ({ query, request }) => {
    const caller = authz.currentUser(request);
    if (query.side === "all" && !isAdmin(caller)) throw fail(list.adminOnly);
    return listAccessRequests(db, versions, caller, query, now());
  });

  router.serve(getAccessRequestEndpoint, {}, async ({ params, request }) => viewOf(request, params.id));

  const decide = decideAccessRequestEndpoint.errors;
  router.serve(
    decideAccessRequestEndpoint,
    { guards: [perUser("deal_decisions", decide.tooMany.message)] },
    async ({ params, body, request }) => {
      const caller = authz.currentUser(request);
      const { record, role } = await partyOf(request, params.id);
      // Only the owner or an admin decides; to the buyer their own request answers like a missing one (the contract has no 403 here, and it tells them nothing new).
      if (role === "buyer") throw fail(decide.notFound);
      const time = now();
      // An end of access goes only with an approval, and only after today (decision 050).
      const endsOn = body.access_ends_on;
      if (endsOn !== undefined && body.status !== "approved") throw fail(decide.endsOnlyApproval);
      if (endsOn !== undefined && !isAfterToday(endsOn, time)) throw fail(decide.endsPast);
      await db.transaction(async (tx) => {
        const locked = await lockRequest(tx, record.id);
        if (locked === null) throw fail(decide.notFound);
        const next = nextStatus(accessStateOf(locked.status, locked.accessEndsAt, time), body.status);
        if (next === null) throw fail(decide.notAllowed);
        const approving = next === "approved";
        await tx
          .update(accessRequests)
          .set({
            status: next,
            decidedAt: time,
            decidedBy: caller.id,
            approvedAt: approving ? (locked.approvedAt ?? time) : locked.approvedAt,
            // An approval sets its end (none by default); a rejection or revocation keeps the record as it was.
            ...(approving ? { accessEndsAt: endsOn === undefined ? null : endOfMexicoCityDay(endsOn), lapseWarnedAt: null, lapseNoticedAt: null } : {}),
            updatedAt: time,
          })
          .where(eq(accessRequests.id, record.id));
        await mailer.enqueue(tx, decisionNotice({ to: record.buyer.email, appUrl, requestId: record.id, humanId: record.company.humanId, decision: body.status }));
        await live.publish(tx, partiesOf(record), { type: "access_request.decided", access_request_id: record.id });
      });
      request.log.info({ accessRequestId: record.id, status: body.status }, "access request decided");
      return viewOf(request, record.id);
    },
  );

  const extend = setAccessEndEndpoint.errors;
  router.serve(
    setAccessEndEndpoint,
    { guards: [perUser("deal_decisions", extend.tooMany.message)] },
    async ({ params, body, request }) => {
      const caller = authz.currentUser(request);
      const { record, role } = await partyOf(request, params.id);
      // Only the owner or an admin; to the buyer their own request answers like a missing one, as for a decision.
      if (role === "buyer") throw fail(extend.notFound);
      const time = now();
      const endsOn = body.access_ends_on;
      if (endsOn !== null && !isAfterToday(endsOn, time)) throw fail(extend.past);
      const endsAt = endsOn === null ? null : endOfMexicoCityDay(endsOn);
      await db.transaction(async (tx) => {
        const locked = await lockRequest(tx, record.id);
        if (locked === null) throw fail(extend.notFound);
        const state = accessStateOf(locked.status, locked.accessEndsAt, time);
        if (!mayExtend(state)) throw fail(extend.notAllowed);
        // Before the end, only later (an extension); past it, any day after today restores access.
        if (state === "approved" && endsAt !== null && locked.accessEndsAt !== null && endsAt.getTime() <= locked.accessEndsAt.getTime()) throw fail(extend.notLater);
        await tx
          .update(accessRequests)
          // A new end gets its own reminder and notice.
          .set({ accessEndsAt: endsAt, lapseWarnedAt: null, lapseNoticedAt: null, decidedBy: caller.id, updatedAt: time })
          .where(eq(accessRequests.id, record.id));
        await live.publish(tx, partiesOf(record), { type: "access_request.decided", access_request_id: record.id });
      });
      request.log.info({ accessRequestId: record.id, accessEndsOn: endsOn }, "access end set");
      return viewOf(request, record.id);
    },
  );

  const accept = acceptNdaEndpoint.errors;
  router.serve(acceptNdaEndpoint, { guards: [perUser("access_requests", accept.tooMany.message)] }, async ({ params, body, request }) => {
    const { record, role } = await partyOf(request, params.id);
    // Only the buyer accepts, for themselves.
    if (role !== "buyer") throw fail(accept.notFound);
    if (!isCurrentNda(body.nda_version, versions)) throw fail(accept.ndaOutdated);
    const time = now();
    await db.transaction(async (tx) => {
      await lockRequest(tx, record.id);
      if (isCurrentNda(await latestNdaVersion(tx, record.id), versions)) throw fail(accept.alreadyCurrent);
      await tx
        .insert(ndaAcceptances)
        .values(
          acceptanceRow({ versions, accessRequestId: record.id, buyer: { id: record.buyerUserId, name: record.buyer.name }, humanId: record.company.humanId, ip: request.ip, at: time }),
        );
      await live.publish(tx, partiesOf(record), { type: "access_request.nda_accepted", access_request_id: record.id });
    });
    return viewOf(request, record.id);
  });

  // --- Threads ------------------------------------------------------------------------------------

  /** The buyer writes and reads only while their access holds (approved, NDA current); the owner and admins write only while approved. */
  const threadOpenFor = async (tx: Database, record: RequestRecord, role: DealRole, status: RequestRecord["status"], endsAt: Date | null): Promise<boolean> => {
    // Past the approval's end, the thread is closed as after a revocation (decision 050).
    const state = accessStateOf(status, endsAt, now());
    return role === "buyer" ? buyerHasAccess(state, await latestNdaVersion(tx, record.id), versions) : grantsAccess(state);
  };

  const messages = listDealMessagesEndpoint.errors;
  router.serve(listDealMessagesEndpoint, {}, async ({ params, request }) => {
    const caller = authz.currentUser(request);
    const { record, role } = await partyOf(request, params.id);
    // The owner keeps the thread after a revocation; admins read every thread.
    if (role === "buyer" && !(await threadOpenFor(db, record, role, record.status, record.accessEndsAt))) throw fail(messages.closed);
    if (role !== "admin") {
      await db.transaction(async (tx) => {
        // The other party's read receipts change: they hear of it when the reads commit (and only if any message was unread).
        if ((await markRead(tx, record.id, caller.id, now())) > 0) {
          await live.publish(
            tx,
            partiesOf(record).filter((id) => id !== caller.id),
            { type: "deal_messages.read", access_request_id: record.id },
          );
        }
      });
    }
    return { items: await listMessages(db, record.id, { buyerUserId: record.buyerUserId, ownerUserId: record.company.ownerUserId }, caller.id) };
  });

  const write = createDealMessageEndpoint.errors;
  router.serve(
    createDealMessageEndpoint,
    { guards: [perUser("deal_messages", write.tooMany.message)] },
    async ({ params, body, request }) => {
      const caller = authz.currentUser(request);
      const { record, role } = await partyOf(request, params.id);
      const time = now();
      const ownerId = record.company.ownerUserId;
      const message = await db.transaction(async (tx) => {
        const locked = await lockRequest(tx, record.id);
        if (locked === null) throw fail(write.notFound);
        if (!(await threadOpenFor(tx, record, role, locked.status, locked.accessEndsAt))) throw fail(write.closed);
        const inserted = await insertMessage(tx, { accessRequestId: record.id, senderUserId: caller.id, body: body.body, at: time });
        // The other party (an admin's message: both) hears of it only when it is the first they have not read.
        const recipients = role === "buyer" ? [ownerId] : role === "seller" ? [record.buyerUserId] : [record.buyerUserId, ownerId];
        for (const recipient of recipients) {
          if (recipient === null || (await unreadFor(tx, record.id, recipient)) !== 1) continue;
          const to = recipient === record.buyerUserId ? record.buyer.email : await sellerAddress(tx, record.company);
          await mailer.enqueue(tx, newMessageNotice({ to, appUrl, requestId: record.id, humanId: record.company.humanId }));
        }
        await live.publish(tx, partiesOf(record), { type: "deal_message.created", access_request_id: record.id });
        return inserted;
      });
      const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, caller.id)).limit(1);
      return {
        id: message.id,
        body: message.body,
        created_at: message.createdAt.toISOString(),
        sender_role: role,
        sender_name: role === "admin" ? ADMIN_SENDER_NAME : (sender?.name ?? ""),
        is_mine: true,
        read_at: null,
      };
    },
  );

  // --- Letters of intent ------------------------------------------------------------------------------

  router.serve(listLettersOfIntentEndpoint, {}, async ({ params, request }) => {
    const { record } = await partyOf(request, params.id);
    // Both parties always see the history, after a revocation too.
    return { items: (await lettersOf(db, record.id)).map(toLetter) };
  });

  const offer = createLetterOfIntentEndpoint.errors;
  router.serve(
    createLetterOfIntentEndpoint,
    { guards: [perUser("letters_of_intent", offer.tooMany.message)] },
    async ({ params, body, request }) => {
      const { record, role } = await partyOf(request, params.id);
      // Only the buyer makes an offer; to anyone else the request answers like a missing one.
      if (role !== "buyer") throw fail(offer.notFound);
      const time = now();
      const letter = await db
        .transaction(async (tx) => {
          const locked = await lockRequest(tx, record.id);
          if (locked === null) throw fail(offer.notFound);
          if (!buyerHasAccess(accessStateOf(locked.status, locked.accessEndsAt, time), await latestNdaVersion(tx, record.id), versions)) throw fail(offer.closed);
          if (await hasPendingLetter(tx, record.id)) throw fail(offer.pending);
          const inserted = await insertLetter(tx, record.id, body, time);
          await mailer.enqueue(
            tx,
            newLetterNotice({ to: await sellerAddress(tx, record.company), appUrl, requestId: record.id, humanId: record.company.humanId, buyerName: record.buyer.name }),
          );
          await live.publish(tx, partiesOf(record), { type: "letter_of_intent.created", access_request_id: record.id, letter_of_intent_id: inserted.id });
          return inserted;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fail(offer.pending);
          throw error;
        });
      request.log.info({ accessRequestId: record.id, letterOfIntentId: letter.id }, "letter of intent sent");
      return toLetter(letter);
    },
  );

  const answer = decideLetterOfIntentEndpoint.errors;
  router.serve(
    decideLetterOfIntentEndpoint,
    { guards: [perUser("deal_decisions", answer.tooMany.message)] },
    async ({ params, body, request }) => {
      const caller = authz.currentUser(request);
      const found = await findLetter(db, params.id);
      const role = found === null ? null : dealRoleOf(caller, { buyerUserId: found.buyerUserId, company: { ownerUserId: found.ownerUserId } });
      // The owner or an admin answers; the buyer and strangers get the missing letter's 404.
      if (found === null || (role !== "seller" && role !== "admin")) throw fail(answer.notFound);
      const time = now();
      const decided = await db.transaction(async (tx) => {
        const letter = await lockLetter(tx, found.letter.id);
        if (letter === null) throw fail(answer.notFound);
        if (letter.status !== "pending") throw fail(answer.alreadyDecided);
        const [updated] = await tx
          .update(lettersOfIntent)
          .set({ status: body.status, decidedAt: time, decidedBy: caller.id })
          .where(eq(lettersOfIntent.id, letter.id))
          .returning();
        if (updated === undefined) throw new Error("letter of intent: no row updated");
        const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, found.buyerUserId)).limit(1);
        await mailer.enqueue(
          tx,
          letterDecisionNotice({ to: buyer?.email ?? teamEmail, appUrl, requestId: found.letter.accessRequestId, humanId: found.humanId, decision: body.status }),
        );
        await live.publish(tx, [found.buyerUserId, found.ownerUserId], {
          type: "letter_of_intent.decided",
          access_request_id: found.letter.accessRequestId,
          letter_of_intent_id: updated.id,
        });
        return updated;
      });
      return toLetter(decided);
    },
  );

  // --- Community figures ------------------------------------------------------------------------------

  let stats: { readonly at: number; readonly value: CommunityStats } | null = null;
  router.serve(getCommunityStatsEndpoint, {}, async () => {
    const time = now().getTime();
    if (stats !== null && time - stats.at < COMMUNITY_STATS_TTL_MS && time >= stats.at) return stats.value;
    const [[connections], [letters]] = await Promise.all([
      // approved_at stays set after a revocation: a connection made is a connection made.
      db.select({ value: count() }).from(accessRequests).where(isNotNull(accessRequests.approvedAt)),
      db.select({ value: count() }).from(lettersOfIntent),
    ]);
    stats = { at: time, value: { connections: connections?.value ?? 0, letters_of_intent: letters?.value ?? 0 } };
    return stats.value;
  });
}
