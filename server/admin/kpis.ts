import { and, count, gte, isNull, lt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { KPI_WEEKS, type Kpis } from "../../contracts/admin.ts";
import type { Database } from "../db/open.ts";
import { companies } from "../companies/schema.ts";
import { users } from "../auth/schema.ts";
import { mexicoCityMidnight, mexicoCityWeekOf, weekSpan, weekStarts as mexicoCityWeekStarts } from "../db/weeks.ts";

/**
 * GET /analytics/kpis (docs/decisions/021-admin-users-and-kpis.md):
 * - buyers / sellers: accounts with that role that are not deactivated (an
 *   account with both roles counts in both; admins in neither);
 * - companies: every company, and the published ones the marketplace shows
 *   (`is_published AND is_active`, its own predicate);
 * - weekly: the last KPI_WEEKS weeks, Monday to Sunday in Mexico City's
 *   calendar (server/db/weeks.ts), the current (partial) week last: accounts created (sign-ups,
 *   whatever became of them) and companies created (listings), zero-filled.
 */

/** The Mondays (YYYY-MM-DD) of the last `weeks` weeks in Mexico City, oldest first; the last is this week's. */
export const weekStarts = (now: Date, weeks: number = KPI_WEEKS): ReadonlyArray<string> => mexicoCityWeekStarts(now, weeks);

/** Rows created per Mexico City week in [from, to), by the week's Monday. */
async function createdPerWeek(db: Database, table: PgTable, createdAt: PgColumn, from: string, to: string): Promise<ReadonlyMap<string, number>> {
  const week = mexicoCityWeekOf(createdAt);
  const rows = await db
    .select({ week, total: count() })
    .from(table)
    .where(and(gte(createdAt, mexicoCityMidnight(from)), lt(createdAt, mexicoCityMidnight(to))))
    .groupBy(week);
  return new Map(rows.map((row) => [row.week, row.total]));
}

const withRole = (role: "buyer" | "seller") => sql<number>`count(*) filter (where ${users.roles} @> array[${role}]::text[])`.mapWith(Number);

export async function computeKpis(db: Database, now: Date): Promise<Kpis> {
  const { starts: weeks, from, to } = weekSpan(now, KPI_WEEKS);
  const [accounts, listings, signUps, created] = await Promise.all([
    db.select({ buyers: withRole("buyer"), sellers: withRole("seller") }).from(users).where(isNull(users.deletedAt)),
    db
      .select({ total: count(), published: sql<number>`count(*) filter (where ${companies.isPublished} and ${companies.isActive})`.mapWith(Number) })
      .from(companies),
    createdPerWeek(db, users, users.createdAt, from, to),
    createdPerWeek(db, companies, companies.createdAt, from, to),
  ]);
  return {
    users_count: { buyers_count: accounts[0]?.buyers ?? 0, sellers_count: accounts[0]?.sellers ?? 0 },
    companies_count: { total_count: listings[0]?.total ?? 0, published_count: listings[0]?.published ?? 0 },
    weekly: weeks.map((week) => ({ week_start: week, sign_ups: signUps.get(week) ?? 0, listings: created.get(week) ?? 0 })),
  };
}
