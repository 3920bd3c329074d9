import { sql, type SQL } from "drizzle-orm";
import { FILTER_KEYS, type CompanyCard } from "../../contracts/marketplace.ts";
import { catalogueNames, type CatalogueNames } from "../catalogues/names.ts";
import { readMarketplaceVersion } from "../db/data-version.ts";
import type { Database } from "../db/open.ts";
import { intOf, rowsOf, textOf } from "../db/rows.ts";
import type { Mailer } from "../mail/mailer.ts";
import { listedCards } from "../marketplace/cards.ts";
import { filterCondition, LISTED_COMPANY } from "../marketplace/filters.ts";
import type { SearchIndex } from "../marketplace/search-index.ts";
import type { SearchIndexSync } from "../marketplace/search-index-sync.ts";
import { savedSearchAlertEmail } from "./alert-email.ts";

/**
 * The saved-search alerts (issue 16, docs/decisions/023-deal-room.md). A
 * trigger writes a `listing_events` row in the transaction that lists a
 * company (migration 0019); every server process runs this worker, which:
 *
 * 1. in one transaction, takes a batch of unprocessed events with
 *    FOR UPDATE SKIP LOCKED (processes never share a row), marks them
 *    processed, matches each still-listed company against every saved search
 *    (its filters by the marketplace's filter SQL,
 *    server/marketplace/filters.ts; its text by the process's search index,
 *    the very matching of GET /companies, typos and accents included),
 *    records each new (search, listing) pair in saved_search_alerts (its
 *    primary key: never twice, even across unpublish/republish or racing
 *    workers) and bumps the searches' counters;
 * 2. in the same transaction, queues one e-mail per buyer and listing in
 *    the outbox (server/mail), naming the saved searches it matched and the
 *    card's public facts (never the company's name: the listing is
 *    confidential).
 *
 * 3. in the same transaction, hands the batch's companies to the other
 *    features that match new listings (`listeners`: the buyer mandates,
 *    server/buyer-leads), composed in by server/app.ts.
 *
 * A rolled-back batch queues nothing and is retried whole; a committed one
 * has queued its e-mails, which the outbox delivers (and retries) on its
 * own: never lost, never twice. Deactivated buyers, the company's own
 * owner, and companies unlisted again by the time the batch runs get nothing.
 *
 * The index is brought up to the marketplace version read just before the
 * batch. A company listed after that read (its event committed in between)
 * is not in it yet: its event is left unprocessed for the next run, whose
 * index will have it, rather than matched against an index that would say
 * "no" to every text.
 */

export const DEFAULT_ALERT_BATCH = 50;

/** The companies a batch took (listed when their event was written; a listener checks they still are). */
export interface NewListings {
  readonly companyIds: ReadonlyArray<number>;
  readonly now: Date;
  readonly names: CatalogueNames;
}

/**
 * Another feature's matching of the same new listings, run in the batch's
 * transaction after the saved searches: it records what it matched and
 * queues its e-mails through `tx`, and answers how many it queued. A failure
 * rolls the whole batch back (retried on the next run): a listing is matched
 * by every listener or by none.
 */
export type ListingListener = (tx: Database, listings: NewListings) => Promise<number>;

export interface AlertDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly appUrl: string;
  /** The process's search index (server/app.ts passes the one the marketplace answers from). */
  readonly searchIndex: Pick<SearchIndexSync, "at">;
  /** The other features' matching of new listings (server/app.ts passes the buyer mandates'). */
  readonly listeners?: ReadonlyArray<ListingListener>;
}

export interface AlertRun {
  /** Events taken and marked processed. */
  readonly events: number;
  /** Events left for the next run: their company was listed after the index's version was read. */
  readonly deferred: number;
  /** (search, listing) pairs recorded. */
  readonly alerts: number;
  /** E-mails queued (one per buyer and listing). */
  readonly emails: number;
  /** E-mails the listeners queued. */
  readonly listenerEmails: number;
}

interface Alert {
  readonly userId: number;
  readonly email: string;
  readonly userName: string;
  readonly searchName: string;
  readonly companyId: number;
}

const idList = (ids: ReadonlyArray<number>): SQL => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);

/**
 * Every (saved search, company) of `companyIds` whose filters match, by the
 * marketplace's filterCondition on the search's own columns (a null column
 * is "any"), for active buyers other than the company's owner, on companies
 * listed now, and not alerted yet; with the search's text `q` (null: no
 * text). `lockSearches` holds the searches (FOR KEY SHARE) until the commit,
 * so a search deleted meanwhile waits instead of breaking the alerts'
 * foreign key.
 */
const candidates = (companyIds: ReadonlyArray<number>, lockSearches = false): SQL => sql`
  SELECT s.id AS saved_search_id, s.q, c.id AS company_id
  FROM companies c
  JOIN saved_searches s ON ${sql.join(
    FILTER_KEYS.map((key) => {
      const column = sql`s.${sql.identifier(key)}`;
      return sql`(${column} IS NULL OR ${filterCondition(key, column)})`;
    }),
    sql` AND `,
  )}
  JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL AND 'buyer' = ANY(u.roles)
  WHERE c.id IN (${idList(companyIds)}) AND ${LISTED_COMPANY}
    AND c.owner_user_id IS DISTINCT FROM s.user_id
    AND NOT EXISTS (SELECT 1 FROM saved_search_alerts a WHERE a.saved_search_id = s.id AND a.company_id = c.id)
  ${lockSearches ? sql`FOR KEY SHARE OF s` : sql``}`;

/** The (text, company) pairs of the candidates whose text the listing would match for that company, as `index.matching` says. */
function textMatches(index: SearchIndex, pairs: ReadonlyArray<{ readonly q: string; readonly companyId: number }>): ReadonlyArray<{ readonly q: string; readonly company_id: number }> {
  const companiesByText = new Map<string, number[]>();
  for (const { q, companyId } of pairs) {
    const companies = companiesByText.get(q);
    if (companies === undefined) companiesByText.set(q, [companyId]);
    else companies.push(companyId);
  }
  // Each text resolved once (its typo corrections come from today's vocabulary), then checked for each of its companies.
  return [...companiesByText].flatMap(([q, companyIds]) => [...index.matching(q, companyIds)].map((companyId) => ({ q, company_id: companyId })));
}

/** In the batch's transaction: claim a batch, match, record the alerts; the pairs recorded by this run. */
async function recordAlerts(
  tx: Database,
  index: SearchIndex,
  now: Date,
  batch: number,
): Promise<{ readonly events: number; readonly deferred: number; readonly companyIds: ReadonlyArray<number>; readonly alerts: ReadonlyArray<Alert> }> {
  const claimed = rowsOf(
    await tx.execute(sql`
      SELECT id, company_id FROM listing_events
      WHERE processed_at IS NULL
      ORDER BY id
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`),
  ).map((row) => ({ id: intOf(row, "id"), companyId: intOf(row, "company_id") }));
  if (claimed.length === 0) return { events: 0, deferred: 0, companyIds: [], alerts: [] };
  // Listed now but not in the index: listed after the index's version was read. Left for the next run.
  const listedNow = rowsOf(await tx.execute(sql`SELECT c.id FROM companies c WHERE c.id IN (${idList(claimed.map((event) => event.companyId))}) AND ${LISTED_COMPANY}`));
  const notIndexedYet = new Set(listedNow.map((row) => intOf(row, "id")).filter((id) => !index.has(id)));
  const taken = claimed.filter((event) => !notIndexedYet.has(event.companyId));
  const deferred = claimed.length - taken.length;
  if (taken.length === 0) return { events: 0, deferred, companyIds: [], alerts: [] };
  await tx.execute(sql`UPDATE listing_events SET processed_at = ${now} WHERE id IN (${idList(taken.map((event) => event.id))})`);
  const companyIds = [...new Set(taken.map((event) => event.companyId))];

  // The candidates' texts, matched in memory as GET /companies would match them; filters stay in SQL.
  const withText = rowsOf(await tx.execute(sql`SELECT DISTINCT m.q, m.company_id FROM (${candidates(companyIds)}) m WHERE m.q IS NOT NULL`)).map((row) => ({
    q: textOf(row, "q"),
    companyId: intOf(row, "company_id"),
  }));
  const matchedTexts = JSON.stringify(textMatches(index, withText));

  // The candidates again, in the statement that writes (searches locked, every condition checked once more), kept when they have no text or the index matched it.
  const rows = rowsOf(
    await tx.execute(sql`
      WITH texts AS (
        SELECT * FROM jsonb_to_recordset(${matchedTexts}::jsonb) AS t(q text, company_id int)
      ),
      matched AS (
        SELECT m.saved_search_id, m.company_id
        FROM (${candidates(companyIds, true)}) m
        WHERE m.q IS NULL OR EXISTS (SELECT 1 FROM texts t WHERE t.q = m.q AND t.company_id = m.company_id)
      ),
      inserted AS (
        INSERT INTO saved_search_alerts (saved_search_id, company_id, sent_at)
        SELECT saved_search_id, company_id, ${now}::timestamptz FROM matched ORDER BY saved_search_id, company_id
        ON CONFLICT DO NOTHING
        RETURNING saved_search_id, company_id
      ),
      -- A data-modifying WITH runs to completion whether or not the query reads it.
      bumped AS (
        UPDATE saved_searches s
        SET alerts_sent = s.alerts_sent + i.alerts, last_alert_at = ${now}::timestamptz
        FROM (SELECT saved_search_id, count(*)::int AS alerts FROM inserted GROUP BY saved_search_id) i
        WHERE s.id = i.saved_search_id
      )
      SELECT i.company_id, s.name AS search_name, s.user_id, u.email, u.name AS user_name
      FROM inserted i
      JOIN saved_searches s ON s.id = i.saved_search_id
      JOIN users u ON u.id = s.user_id
      ORDER BY s.user_id, i.company_id, s.created_at, s.id`),
  );
  const alerts = rows.map((row) => ({
    userId: intOf(row, "user_id"),
    email: textOf(row, "email"),
    userName: textOf(row, "user_name"),
    searchName: textOf(row, "search_name"),
    companyId: intOf(row, "company_id"),
  }));
  return { events: taken.length, deferred, companyIds, alerts };
}

/**
 * One batch, in one transaction: claim up to `batch` listing events, record
 * the matching alerts and queue the e-mails. Throws when the transaction
 * fails: nothing was claimed or queued then, and the batch is retried on the
 * next run.
 */
export async function processListingEvents(deps: AlertDeps, now: Date = new Date(), batch: number = DEFAULT_ALERT_BATCH): Promise<AlertRun> {
  const { db, mailer, appUrl } = deps;
  // Read before the transaction: on PGlite a read through `db` would wait for it (and syncing the index reads through `db`).
  const names = await catalogueNames(db);
  const index = await deps.searchIndex.at(await readMarketplaceVersion(db));
  return db.transaction(async (tx) => {
    const { events, deferred, companyIds, alerts } = await recordAlerts(tx, index, now, batch);
    const emails = alerts.length === 0 ? 0 : await queueAlertEmails(tx, mailer, appUrl, alerts, names);
    let listenerEmails = 0;
    if (companyIds.length > 0) {
      for (const listener of deps.listeners ?? []) listenerEmails += await listener(tx, { companyIds, now, names });
    }
    return { events, deferred, alerts: alerts.length, emails, listenerEmails };
  });
}

/** One e-mail per buyer and listing, naming every saved search it matched; how many were queued. */
async function queueAlertEmails(tx: Database, mailer: Mailer, appUrl: string, alerts: ReadonlyArray<Alert>, names: CatalogueNames): Promise<number> {
  const byRecipient = new Map<string, { readonly first: Alert; readonly searchNames: string[] }>();
  for (const alert of alerts) {
    const key = `${alert.userId}:${alert.companyId}`;
    const entry = byRecipient.get(key);
    if (entry === undefined) byRecipient.set(key, { first: alert, searchNames: [alert.searchName] });
    else entry.searchNames.push(alert.searchName);
  }
  const cards = new Map<number, CompanyCard>((await listedCards(tx, [...new Set(alerts.map((alert) => alert.companyId))], names)).map((card) => [card.id, card]));
  let emails = 0;
  for (const { first, searchNames } of byRecipient.values()) {
    const card = cards.get(first.companyId);
    // Matched only listed companies, in this transaction: the card is there.
    if (card === undefined) continue;
    await mailer.enqueue(tx, savedSearchAlertEmail({ to: first.email, name: first.userName, searchNames, card, appUrl }));
    emails += 1;
  }
  return emails;
}
