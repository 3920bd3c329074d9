import type { FastifyBaseLogger } from "fastify";
import { createCompanyEndpoint, getCompanyRecordEndpoint, listDashboardCompaniesEndpoint, updateCompanyEndpoint } from "../../contracts/companies.ts";
import { isAdmin } from "../auth/authz.ts";
import { catalogueNames, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import type { RouteContext } from "../http/context.ts";
import { fail, type Router } from "../http/router.ts";
import { loadCompany, toCompanyRecord } from "./company-views.ts";
import { createCompanyFor, updateCompanyFor, type PublicationChange } from "./company-writes.ts";
import { listDashboardCompanies } from "./dashboard-list.ts";
import { publishedNotice, unpublishedNotice } from "./publication-notice.ts";

/**
 * Companies as their owners and admins see them (spec section 7):
 * - GET /companies?is_dashboard=true: the caller's own companies, or all
 *   for an admin, with names.
 * - GET /companies/:id?is_dashboard=true: the whole record, for its owner or
 *   an admin.
 * - POST /companies: register a company (seller, admin, or a buyer who
 *   thereby becomes a seller); PUT /companies/:id: change one (owner or admin).
 * The public side of the same paths is the marketplace's (server/marketplace).
 * When an admin's write publishes or unpublishes a company, its seller's
 * e-mail is queued in the write's transaction (the outbox delivers it).
 */
export function companyRoutes(router: Router, { db, authz, tokens, rateLimiter, mailer, appUrl }: RouteContext): void {
  /** Inside the write's transaction: the notice of a change of publication, if there is one and someone to tell. */
  const queueNotice = async (tx: Database, change: PublicationChange | null, names: CatalogueNames): Promise<void> => {
    const recipient = change?.recipient ?? null;
    if (change === null || recipient === null) return;
    const notice = {
      to: recipient.email,
      name: recipient.name,
      companyId: change.companyId,
      humanId: change.humanId,
      statusName: requiredItemOf(names, "company_statuses", change.companyStatusId).name,
      appUrl,
    };
    await mailer.enqueue(tx, change.published ? publishedNotice(notice) : unpublishedNotice(notice));
  };
  const logPublication = (change: PublicationChange | null, log: Pick<FastifyBaseLogger, "info">): void => {
    if (change === null) return;
    log.info({ companyId: change.companyId, published: change.published, notified: change.recipient !== null }, change.published ? "company published" : "company unpublished");
  };

  router.serve(listDashboardCompaniesEndpoint, {}, async ({ query, request }) => {
    const user = authz.currentUser(request);
    return listDashboardCompanies(
      db,
      { ownerUserId: isAdmin(user) ? null : user.id, q: query.q, page: query.page, perPage: query.per_page },
      await catalogueNames(db),
    );
  });

  // The company's owner or an admin (the endpoint's access, checked by the router).
  router.serve(getCompanyRecordEndpoint, {}, async ({ params }) => {
    const company = await loadCompany(db, params.id);
    if (company === null) throw fail(getCompanyRecordEndpoint.errors.notFound);
    return toCompanyRecord(company, await catalogueNames(db));
  });

  // Per user, not per IP: an account writes at most so many times, wherever from.
  const perWriter = rateLimiter.guard("company_writes", {
    key: (request) => `user:${authz.currentUser(request).id}`,
    message: createCompanyEndpoint.errors.tooMany.message,
  });

  router.serve(createCompanyEndpoint, { guards: [perWriter] }, async ({ body, request }) => {
    const user = authz.currentUser(request);
    const names = await catalogueNames(db);
    const { id, accessToken, publication } = await db.transaction(async (tx) => {
      const outcome = await createCompanyFor(tx, user, body, names, tokens);
      await queueNotice(tx, outcome.publication, names);
      return outcome;
    });
    const company = await loadCompany(db, id);
    if (company === null) throw new Error(`POST /companies: company ${id} vanished`);
    request.log.info({ userId: user.id, companyId: id, becameSeller: accessToken !== undefined }, "company created");
    logPublication(publication, request.log);
    return { ...toCompanyRecord(company, names), ...(accessToken === undefined ? {} : { access_token: accessToken }) };
  });

  router.serve(updateCompanyEndpoint, { guards: [perWriter] }, async ({ params, body, request }) => {
    const user = authz.currentUser(request);
    const names = await catalogueNames(db);
    const publication = await db.transaction(async (tx) => {
      const change = await updateCompanyFor(tx, user, params.id, body, names);
      await queueNotice(tx, change, names);
      return change;
    });
    logPublication(publication, request.log);
    const company = await loadCompany(db, params.id);
    if (company === null) throw fail(updateCompanyEndpoint.errors.notFound);
    return toCompanyRecord(company, names);
  });
}
