import { eq } from "drizzle-orm";
import { Either, Schema } from "effect";
import {
  BUYER_LEAD_ACTIVE_DAYS,
  BUYER_LEAD_ERRORS,
  BUYER_LEAD_MESSAGES,
  createBuyerLeadEndpoint,
  DEAL_TYPE_INTERESTS,
  getCompanyBuyerLeadMatchesEndpoint,
  VisitorContact,
  type BuyerLeadRequest,
  type DealType,
} from "../../contracts/buyer-leads.ts";
import type { CataloguePath } from "../../contracts/catalogues.ts";
import { firstMessage } from "../../contracts/fields.ts";
import { users } from "../auth/schema.ts";
import { catalogueNames, requireChoices, type CatalogueNames } from "../catalogues/names.ts";
import type { Database } from "../db/open.ts";
import type { RouteContext } from "../http/context.ts";
import { HttpError } from "../http/errors.ts";
import { retryAfterSeconds } from "../http/rate-limit.ts";
import { fail, type Router } from "../http/router.ts";
import { mandateNotice } from "./emails.ts";
import { countMatchingMandates, recordMatchesNow } from "./matching.ts";
import { buyerLeads } from "./schema.ts";

/**
 * Buyer mandates (issue 28, docs/decisions/033-buyer-mandates.md):
 * - POST /buyer_leads (anyone): the mandate is checked (the contract, then
 *   the visitor's contact, then every catalogue id), counted against its
 *   contact e-mail's limit, and stored in one transaction with the listings
 *   that match it now and the team's notice in the e-mail outbox. New
 *   listings are matched later by the saved-search alerts' batch
 *   (./new-listings.ts).
 * - GET /companies/{id}/buyer_lead_matches (companyManager): how many active
 *   mandates the company meets; counts only, never who.
 */

interface Contact {
  readonly userId: number | null;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
}

const decodeVisitor = Schema.decodeUnknownEither(VisitorContact, { errors: "all" });

/** A visitor's contact: the spec's messages for what is missing (the contract already checked what was given). */
function visitorContact(body: BuyerLeadRequest): Contact {
  const given = Object.fromEntries(Object.entries({ name: body.name, email: body.email, phone: body.phone }).filter(([, value]) => value !== undefined));
  const decoded = decodeVisitor(given);
  if (Either.isLeft(decoded)) throw new HttpError(400, firstMessage(decoded.left));
  return { userId: null, name: decoded.right.name, email: decoded.right.email.toLowerCase(), phone: decoded.right.phone };
}

/** A signed-in account's contact, as the account has it now. */
async function accountContact(db: Database, userId: number): Promise<Contact> {
  const [account] = await db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  // The session was read from this very row on this request.
  if (account === undefined) throw new Error(`user ${userId} has a session but no row`);
  return { userId, ...account };
}

/** The names of the chosen ids, each checked against its catalogue (a 400 names the first unknown one). */
function chosenNames(names: CatalogueNames, catalogue: CataloguePath, ids: ReadonlyArray<number>, error: { readonly status: number; readonly message: string }) {
  return requireChoices(
    names,
    ids.map((id) => ({ catalogue, id, error })),
  );
}

/** The interests catalogue's ids for a deal type's interests (by name); empty for `either` (any). */
function interestIdsFor(names: CatalogueNames, dealType: DealType): ReadonlyArray<number> {
  const wanted = new Set(DEAL_TYPE_INTERESTS[dealType]);
  return [...(names.get("interests") ?? new Map<number, string>())].filter(([, name]) => wanted.has(name)).map(([id]) => id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function buyerLeadRoutes(router: Router, { db, mailer, teamEmail, rateLimiter, now }: RouteContext): void {
  router.serve(createBuyerLeadEndpoint, { guards: [rateLimiter.guard("buyer_leads", { message: BUYER_LEAD_MESSAGES.tooMany })] }, async ({ body, request, reply }) => {
    // A deactivated account's session leaves a mandate as a visitor would (its account is no contact).
    const viewer = request.user === null || request.user.deactivated ? null : request.user;
    const contact = viewer === null ? visitorContact(body) : await accountContact(db, viewer.id);

    const names = await catalogueNames(db);
    const industries = chosenNames(names, "industries", body.industry_ids, BUYER_LEAD_ERRORS.unknownIndustry);
    const states = chosenNames(names, "states", body.state_ids, BUYER_LEAD_ERRORS.unknownState);
    const salesRanges = chosenNames(names, "yearly_sales_ranges", body.sales_range_ids, BUYER_LEAD_ERRORS.unknownSalesRange);
    const ebitdaRanges = chosenNames(names, "ebitda_ranges", body.ebitda_range_ids, BUYER_LEAD_ERRORS.unknownEbitdaRange);
    const [ticket = ""] = chosenNames(names, "investment_sizes", [body.investment_size_id], BUYER_LEAD_ERRORS.unknownTicket);
    const interestIds = interestIdsFor(names, body.deal_type);
    if (body.deal_type !== "either" && interestIds.length === 0) {
      // The deal type would match every listing: a renamed interest must be noticed, not hidden.
      request.log.error({ dealType: body.deal_type }, "no interest of the catalogue matches the deal type; the mandate matches any listing");
    }

    // Counted only once the mandate is valid: a mistyped form does not use up the address's mandates.
    const hit = await rateLimiter.hit("buyer_leads_email", contact.email);
    if (hit !== null && hit.count > rateLimiter.rules.buyer_leads_email.max) {
      reply.header("Retry-After", retryAfterSeconds(hit.resetMs));
      throw fail(BUYER_LEAD_ERRORS.tooMany);
    }

    const at = now();
    const activeUntil = new Date(at.getTime() + BUYER_LEAD_ACTIVE_DAYS * DAY_MS);
    const { id, matches } = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(buyerLeads)
        .values({
          userId: contact.userId,
          contactName: contact.name,
          contactEmail: contact.email,
          contactPhone: contact.phone,
          industryIds: [...body.industry_ids],
          stateIds: [...body.state_ids],
          salesRangeIds: [...body.sales_range_ids],
          ebitdaRangeIds: [...body.ebitda_range_ids],
          dealType: body.deal_type,
          interestIds: [...interestIds],
          investmentSizeId: body.investment_size_id,
          description: body.description,
          activeUntil,
          createdAt: at,
        })
        .returning({ id: buyerLeads.id });
      if (inserted === undefined) throw new Error("insert into buyer_leads returned no row");
      const matchesNow = await recordMatchesNow(tx, inserted.id, at);
      await mailer.enqueue(
        tx,
        mandateNotice(teamEmail, {
          id: inserted.id,
          ...contact,
          dealType: body.deal_type,
          industries,
          states,
          salesRanges,
          ebitdaRanges,
          ticket,
          description: body.description,
          matchingNow: matchesNow.total,
        }),
      );
      return { id: inserted.id, matches: matchesNow };
    });
    request.log.info({ buyerLeadId: id, matchingNow: matches.total }, "buyer mandate created");
    return {
      id,
      matching_listings: matches.total,
      matches: matches.shown,
      contact_email: contact.email,
      active_until: activeUntil.toISOString(),
    };
  });

  router.serve(getCompanyBuyerLeadMatchesEndpoint, {}, async ({ params }) => ({
    company_id: params.id,
    matching: await countMatchingMandates(db, params.id, now()),
  }));
}
