import { sql, type SQL } from "drizzle-orm";
import { BUYER_LEAD_MATCHES_SHOWN } from "../../contracts/buyer-leads.ts";
import type { FilterKey } from "../../contracts/marketplace.ts";
import type { Database } from "../db/open.ts";
import { boolOf, intOf, rowsOf, textOf } from "../db/rows.ts";
import { filterCondition, LISTED_COMPANY } from "../marketplace/filters.ts";

/**
 * When a mandate matches a company (docs/decisions/033-buyer-mandates.md):
 * every criterion holds, each read by the marketplace's own filter SQL
 * (server/marketplace/filters.ts `filterCondition`) with the
 * mandate's list as the value (`c.state_id = ANY(l.state_ids)`), an empty
 * list meaning "any". So a mandate and a marketplace filter on the same ids
 * find the same companies. One statement shape serves the three uses: the
 * listings that match when a mandate is left, the mandates a newly listed
 * company matches (the saved-search alerts' batch, alerts.ts), and the count
 * a company's owner sees.
 *
 * A mandate is active until its `active_until`, and while the account that
 * left it (if any) is not deactivated. A mandate never matches its own
 * author's company.
 */

/** Each criterion: the marketplace filter it is, and the mandate's column of ids. */
const CRITERIA: ReadonlyArray<readonly [FilterKey, string]> = [
  ["industry_id", "industry_ids"],
  ["state_id", "state_ids"],
  ["sales_range_id", "sales_range_ids"],
  ["ebitda_id", "ebitda_range_ids"],
  ["interest_id", "interest_ids"],
];

/** Mandate `l` matches company `c` (the companies table). */
export const MANDATE_MATCHES_COMPANY: SQL = sql.join(
  [
    ...CRITERIA.map(([key, column]) => {
      const ids = sql`l.${sql.identifier(column)}`;
      return sql`(cardinality(${ids}) = 0 OR ${filterCondition(key, sql`ANY(${ids})`)})`;
    }),
    // A visitor's mandate (no account) matches every owner's company, an ownerless one included.
    sql`(l.user_id IS NULL OR l.user_id IS DISTINCT FROM c.owner_user_id)`,
  ],
  sql` AND `,
);

/** Mandate `l` is active at `now`. */
export const activeMandate = (now: Date): SQL =>
  sql`l.active_until > ${now} AND (l.user_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id AND u.deleted_at IS NULL))`;

export interface MatchesNow {
  /** How many listed companies match. */
  readonly total: number;
  /** The newest BUYER_LEAD_MATCHES_SHOWN of them, by their public reference. */
  readonly shown: ReadonlyArray<{ readonly id: number; readonly human_id: string }>;
}

/**
 * In the mandate's transaction: the listings that match it now, recorded as
 * told (buyer_lead_matches without `emailed_at`), so a later relisting of
 * one of them is not e-mailed as news.
 */
export async function recordMatchesNow(tx: Database, buyerLeadId: number, now: Date): Promise<MatchesNow> {
  const matched = rowsOf(
    await tx.execute(sql`
      INSERT INTO buyer_lead_matches (buyer_lead_id, company_id, matched_at)
      SELECT l.id, c.id, ${now}::timestamptz
      FROM buyer_leads l
      JOIN companies c ON ${LISTED_COMPANY} AND ${MANDATE_MATCHES_COMPANY}
      WHERE l.id = ${buyerLeadId}
      ON CONFLICT DO NOTHING
      RETURNING company_id`),
  ).map((row) => intOf(row, "company_id"));
  const newest = matched.toSorted((a, b) => b - a).slice(0, BUYER_LEAD_MATCHES_SHOWN);
  if (newest.length === 0) return { total: 0, shown: [] };
  const shown = rowsOf(
    await tx.execute(sql`
      SELECT c.id, c.human_id FROM companies c
      WHERE c.id IN (${sql.join(
        newest.map((id) => sql`${id}::int`),
        sql`, `,
      )})
      ORDER BY c.id DESC`),
  ).map((row) => ({ id: intOf(row, "id"), human_id: textOf(row, "human_id") }));
  return { total: matched.length, shown };
}

/** A new (mandate, listing) pair to e-mail: the mandate's contact and when it was left. */
export interface NewMatch {
  readonly companyId: number;
  readonly email: string;
  readonly createdAt: Date;
  readonly activeUntil: Date;
  /** Whether the mandate's author has an account (the e-mail then needs no sign-up). */
  readonly hasAccount: boolean;
}

/**
 * In the alerts' batch transaction: every active mandate that `companyIds`
 * (still listed) match and that was not told about that company yet,
 * recorded as e-mailed now. ON CONFLICT keeps it once per listing per
 * mandate, whatever runs at the same time.
 */
export async function recordNewMatches(tx: Database, companyIds: ReadonlyArray<number>, now: Date): Promise<ReadonlyArray<NewMatch>> {
  if (companyIds.length === 0) return [];
  const rows = rowsOf(
    await tx.execute(sql`
      WITH inserted AS (
        INSERT INTO buyer_lead_matches (buyer_lead_id, company_id, matched_at, emailed_at)
        SELECT l.id, c.id, ${now}::timestamptz, ${now}::timestamptz
        FROM companies c
        JOIN buyer_leads l ON ${MANDATE_MATCHES_COMPANY}
        WHERE c.id IN (${sql.join(
          companyIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
          AND ${LISTED_COMPANY} AND ${activeMandate(now)}
        ORDER BY l.id, c.id
        ON CONFLICT DO NOTHING
        RETURNING buyer_lead_id, company_id
      )
      SELECT i.company_id, l.contact_email, (l.user_id IS NOT NULL) AS has_account,
             (extract(epoch FROM l.created_at) * 1000)::bigint AS created_ms,
             (extract(epoch FROM l.active_until) * 1000)::bigint AS active_until_ms
      FROM inserted i
      JOIN buyer_leads l ON l.id = i.buyer_lead_id
      ORDER BY l.contact_email, i.company_id, l.id`),
  );
  return rows.map((row) => ({
    companyId: intOf(row, "company_id"),
    email: textOf(row, "contact_email"),
    createdAt: new Date(intOf(row, "created_ms")),
    activeUntil: new Date(intOf(row, "active_until_ms")),
    hasAccount: boolOf(row, "has_account"),
  }));
}

/** How many active mandates company `companyId` meets, listed or not (its owner's view). */
export async function countMatchingMandates(db: Database, companyId: number, now: Date): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count(*)::int AS matching
      FROM companies c
      JOIN buyer_leads l ON ${MANDATE_MATCHES_COMPANY}
      WHERE c.id = ${companyId} AND ${activeMandate(now)}`),
  );
  return row === undefined ? 0 : intOf(row, "matching");
}
