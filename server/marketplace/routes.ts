import { createInterestMessageEndpoint, FILTER_KEYS, getCompanyEndpoint, listCompaniesEndpoint, type CompanyListQuery } from "../../contracts/marketplace.ts";
import { canManageCompany } from "../auth/authz.ts";
import { catalogueNames, catalogueNamesAt } from "../catalogues/names.ts";
import { isListed, loadCompany, toPublicProfile } from "../companies/company-views.ts";
import { VersionReader } from "../db/data-version.ts";
import { profileViewerPart } from "../deal-room/access.ts";
import { recordProfileView } from "../deal-room/profile-views.ts";
import type { DealRoomContext } from "../deal-room/routes.ts";
import { fail, PreEncodedJson, type Router } from "../http/router.ts";
import { interestMessageMail, storeInterestMessage } from "./interest-messages.ts";
import { assertFiltersExist } from "./filters.ts";
import { ResultCache } from "./result-cache.ts";
import type { SearchIndexSync } from "./search-index-sync.ts";
import { searchWords } from "../../contracts/search-words.ts";

/** The cache key of a listing: equal for searches that mean the same ("TECNOLOGÍA" = "tecnologia"). */
const listingKey = (query: CompanyListQuery): string =>
  [
    ...FILTER_KEYS.map((key) => query[key] ?? ""),
    query.q === undefined ? "" : searchWords(query.q).join(" "),
    query.page ?? 1,
    query.per_page ?? "",
  ].join("|");

/**
 * The marketplace (spec section 7), public side of /companies:
 * - GET /companies: listed companies as cards (public).
 * - GET /companies/:id: a listed company's public profile (public), with
 *   the viewer's access and, when the deal room's rule allows, the full
 *   profile (server/deal-room/access.ts); each view by someone other than
 *   the owner or an admin is counted for the seller's analytics.
 * - POST /companies/:id/interest_messages: a signed-in user writes to a
 *   listed company's contact.
 */
export function marketplaceRoutes(
  router: Router,
  context: DealRoomContext & { readonly searchIndex: SearchIndexSync; readonly beforeReady: (task: () => Promise<void>) => void },
): void {
  const { db, authz, mailer, appUrl, rateLimiter, now, tokens, ndaVersions } = context;
  // Listings answer from the process's in-memory index (decision 024);
  // MARKETPLACE_RESULT_CACHE=off answers every one afresh (to measure it;
  // docs/performance/marketplace.md).
  const versions = new VersionReader(db);
  const listings = process.env.MARKETPLACE_RESULT_CACHE === "off" ? null : new ResultCache();
  const { searchIndex } = context;

  // The process is ready once a listing is fast (docs/decisions/039): the index loaded, the catalogue
  // names read, and the listing's code run once (a cold first listing took ~0.4 s with the index loaded).
  context.beforeReady(async () => {
    // Streamed in batches that yield to the event loop: live and ready keep answering meanwhile.
    await searchIndex.load();
    const version = await versions.read();
    const [names, index] = await Promise.all([catalogueNamesAt(db, version), searchIndex.at(version)]);
    index.listJson({}, names);
    index.listJson({ q: "servicios contables" }, names);
  });

  router.serve(listCompaniesEndpoint, {}, async ({ query }) => {
    const version = await versions.read();
    const key = listingKey(query);
    const cached = listings?.get(version, key);
    if (cached !== undefined) return new PreEncodedJson(cached);
    const [names, index] = await Promise.all([catalogueNamesAt(db, version), searchIndex.at(version)]);
    assertFiltersExist(query, names);
    const json = index.listJson(query, names);
    listings?.set(version, key, json);
    return new PreEncodedJson(json);
  });

  router.serve(getCompanyEndpoint, {}, async ({ params, request }) => {
    const company = await loadCompany(db, params.id);
    // Unpublished or inactive companies do not exist for the public.
    if (company === null || !isListed(company.row)) throw fail(getCompanyEndpoint.errors.notFound);
    // A deactivated account sees (and counts) as a visitor.
    const viewer = request.user === null || request.user.deactivated ? null : request.user;
    const time = now();
    const counted = viewer === null || !canManageCompany(viewer, company.row.ownerUserId);
    const [names, viewerPart] = await Promise.all([
      catalogueNames(db),
      profileViewerPart(db, ndaVersions, time, viewer, company.row),
      counted ? recordProfileView(db, { companyId: company.row.id, viewerUserId: viewer?.id ?? null, ip: request.ip, secret: tokens.secret, at: time }) : undefined,
    ]);
    return { ...toPublicProfile(company, names), ...viewerPart };
  });

  const errors = createInterestMessageEndpoint.errors;
  // Per sender, not per IP: an account writes at most so many messages, wherever from.
  const perSender = rateLimiter.guard("interest_message", {
    key: (request) => `user:${authz.currentUser(request).id}`,
    message: errors.tooMany.message,
  });
  router.serve(createInterestMessageEndpoint, { guards: [perSender] }, async ({ params, body, request }) => {
    const sender = authz.currentUser(request);
    const company = await loadCompany(db, params.id);
    if (company === null || !isListed(company.row)) throw fail(errors.notFound);
    if (body.human_id !== company.row.humanId) throw fail(errors.humanIdMismatch);
    if (company.row.ownerUserId === sender.id) throw fail(errors.ownCompany);

    // The reply address is the sender's verified account e-mail, never what the body claims:
    // a seller must not receive a message "from" someone else.
    const message = { ...body, email: sender.email };
    // The contact gets the message by e-mail, queued with it; the team when the company has no contact e-mail.
    const to = company.row.contactEmail ?? context.teamEmail;
    const stored = await db.transaction(async (tx) => {
      const row = await storeInterestMessage(tx, { ...message, companyId: params.id, senderUserId: sender.id });
      await mailer.enqueue(tx, interestMessageMail(to, { ...message, appUrl, companyId: params.id }));
      return row;
    });
    request.log.info({ companyId: params.id, interestMessageId: stored.id }, "interest message stored");
    return { id: stored.id };
  });
}
