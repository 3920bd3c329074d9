import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  CompanyIdParams,
  CompanyListQuery,
  DashboardCompanyListQuery,
  DashboardFlagQuery,
  FILTER_KEYS,
  INTEREST_MESSAGES,
  InterestMessageRequest,
  isDashboardFlag,
  type CompanyRecord,
  type InterestMessageResponse,
  type PublicCompanyProfile,
} from "../../contracts/companies.ts";
import { isListed, loadCompany, toCompanyRecord, toPublicProfile } from "../companies/company-views.ts";
import { listDashboardCompanies } from "../companies/dashboard-list.ts";
import { isAdmin } from "../http/authz.ts";
import { decodeBody, decodeParams, decodeWith } from "../http/decode.ts";
import { HttpError, MESSAGES, badRequest, notFound } from "../http/errors.ts";
import { catalogueNames, catalogueNamesAt } from "../marketplace/catalogue-names.ts";
import { interestMessageMail, storeInterestMessage } from "../marketplace/interest-messages.ts";
import { assertFiltersExist, listCompanies } from "../marketplace/list-companies.ts";
import { ResultCache } from "../marketplace/result-cache.ts";
import { searchWords } from "../marketplace/search-text.ts";
import { VersionReader } from "../marketplace/version.ts";
import type { RouteContext } from "./context.ts";

/** Interest messages per signed-in sender (shared rate-limit store, keyed by user id). */
export const INTEREST_MESSAGE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

const decodeCompanyId = (request: FastifyRequest): number => Number(decodeParams(CompanyIdParams)(request).id);
const decodeInterestMessage = decodeBody(InterestMessageRequest);
const wantsDashboard = (request: FastifyRequest): boolean => isDashboardFlag(decodeWith(DashboardFlagQuery, request.query).is_dashboard);

/** The cache key of a listing: equal for searches that mean the same ("TECNOLOGÍA" = "tecnologia"). */
const listingKey = (query: CompanyListQuery): string =>
  [
    ...FILTER_KEYS.map((key) => query[key] ?? ""),
    query.q === undefined ? "" : searchWords(query.q).join(" "),
    query.page ?? 1,
    query.per_page ?? "",
  ].join("|");

const sendJson = (reply: FastifyReply, json: string) => reply.code(200).type("application/json; charset=utf-8").send(json);

/**
 * Companies (spec section 7):
 * - GET /companies: the marketplace (public); `?is_dashboard=true` lists the
 *   caller's own companies, or all for an admin, with names (signed in).
 * - GET /companies/:id: the public profile of a listed company; with
 *   `?is_dashboard=true` the whole record, for its owner or an admin.
 * - POST /companies/:id/interest_messages: a signed-in user writes to a
 *   listed company's contact.
 */
export function registerCompanyRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, authz, mailer, appUrl, rateLimiter, background } = context;
  // MARKETPLACE_RESULT_CACHE=off runs every listing's SQL (to measure it; see docs/performance/marketplace.md).
  const versions = new VersionReader(db);
  const listings = process.env.MARKETPLACE_RESULT_CACHE === "off" ? null : new ResultCache();

  app.get("/companies", async (request, reply) => {
    if (wantsDashboard(request)) {
      await authz.requireAuth(request, reply);
      const user = authz.currentUser(request);
      const query = decodeWith(DashboardCompanyListQuery, request.query);
      const list = await listDashboardCompanies(
        db,
        { ownerUserId: isAdmin(user) ? null : user.id, q: query.q, page: query.page, perPage: query.per_page },
        await catalogueNames(db),
      );
      return reply.code(200).send(list);
    }

    const query = decodeWith(CompanyListQuery, request.query);
    const version = await versions.read();
    const key = listingKey(query);
    const cached = listings?.get(version, key);
    if (cached !== undefined) return sendJson(reply, cached);
    const names = await catalogueNamesAt(db, version);
    assertFiltersExist(query, names);
    const json = JSON.stringify(await listCompanies(db, query, names));
    listings?.set(version, key, json);
    return sendJson(reply, json);
  });

  app.get("/companies/:id", async (request, reply) => {
    const id = decodeCompanyId(request);
    if (wantsDashboard(request)) {
      await authz.requireAuth(request, reply);
      await authz.assertCompanyAccess(request, id);
      const company = await loadCompany(db, id);
      if (company === null) throw notFound(MESSAGES.companyNotFound);
      const record: CompanyRecord = toCompanyRecord(company, await catalogueNames(db));
      return reply.code(200).send(record);
    }
    const company = await loadCompany(db, id);
    // Unpublished or inactive companies do not exist for the public.
    if (company === null || !isListed(company.row)) throw notFound(MESSAGES.companyNotFound);
    const profile: PublicCompanyProfile = toPublicProfile(company, await catalogueNames(db));
    return reply.code(200).send(profile);
  });

  app.post("/companies/:id/interest_messages", { preHandler: authz.requireAuth }, async (request, reply) => {
    const id = decodeCompanyId(request);
    const body = decodeInterestMessage(request);
    const sender = authz.currentUser(request);
    const company = await loadCompany(db, id);
    if (company === null || !isListed(company.row)) throw notFound(MESSAGES.companyNotFound);
    if (body.human_id !== company.row.humanId) throw badRequest(INTEREST_MESSAGES.humanIdMismatch);
    if (company.row.ownerUserId === sender.id) throw badRequest(INTEREST_MESSAGES.ownCompany);

    const limit = await rateLimiter.store.hit(`interest-message:user:${sender.id}`, INTEREST_MESSAGE_LIMIT.windowMs).catch((error: unknown) => {
      request.log.error({ err: error }, "rate limiter unavailable; interest message let through");
      return null;
    });
    if (limit !== null && limit.count > INTEREST_MESSAGE_LIMIT.max) {
      reply.header("Retry-After", String(Math.max(1, Math.ceil(limit.resetMs / 1000))));
      throw new HttpError(429, INTEREST_MESSAGES.tooMany);
    }

    const stored = await storeInterestMessage(db, { ...body, companyId: id, senderUserId: sender.id });
    // The contact gets the message by e-mail after the answer; the team when the company has no contact e-mail.
    const to = company.row.contactEmail ?? context.teamEmail;
    background.run("interest message e-mail", () => mailer.send(interestMessageMail(to, { ...body, appUrl, companyId: id })));
    request.log.info({ companyId: id, interestMessageId: stored.id }, "interest message stored");
    const answer: InterestMessageResponse = { id: stored.id };
    return reply.code(201).send(answer);
  });
}
