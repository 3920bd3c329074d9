import { and, count, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { KPI_WEEKS, type Kpis } from "../../contracts/admin.ts";
import type { Database } from "../db/open.ts";
import { companies, users } from "../db/schema.ts";

/**
 * GET /analytics/kpis (docs/decisions/021-admin-users-and-kpis.md):
 * - buyers / sellers: accounts with that role that are not deactivated (an
 *   account with both roles counts in both; admins in neither);
 * - companies: every company, and the published ones the marketplace shows
 *   (`is_published AND is_active`, its own predicate);
 * - weekly: the last KPI_WEEKS weeks, Monday to Sunday in Mexico City's
 *   calendar, the current (partial) week last: accounts created (sign-ups,
 *   whatever became of them) and companies created (listings), zero-filled.
 */

export const KPI_TIME_ZONE = "America/Mexico_City";

const DAY_MS = 24 * 60 * 60 * 1000;
const mexicoCityDate = new Intl.DateTimeFormat("en-CA", { timeZone: KPI_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Mondays (YYYY-MM-DD) of the last `weeks` weeks in Mexico City, oldest first; the last is this week's. */
export function weekStarts(now: Date, weeks: number = KPI_WEEKS): ReadonlyArray<string> {
  const [year = 1970, month = 1, day = 1] = mexicoCityDate.format(now).split("-").map(Number);
  const today = Date.UTC(year, month - 1, day);
  // getUTCDay: 0 is Sunday; a week starts on Monday.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, index) => new Date(monday - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** `date` plus `days` days, YYYY-MM-DD (calendar arithmetic, no time zone involved). */
const plusDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Midnight of a Mexico City calendar day, as the instant PostgreSQL compares `timestamptz` with. */
const mexicoCityMidnight = (date: string): SQL => sql`(${date}::timestamp AT TIME ZONE ${KPI_TIME_ZONE})`;

/** Rows created per Mexico City week in [from, to), by the week's Monday. */
async function createdPerWeek(db: Database, table: PgTable, createdAt: PgColumn, from: string, to: string): Promise<ReadonlyMap<string, number>> {
  // The zone inline, not a parameter: GROUP BY must see the very expression the SELECT has.
  const week = sql<string>`to_char(date_trunc('week', ${createdAt} AT TIME ZONE ${sql.raw(`'${KPI_TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, total: count() })
    .from(table)
    .where(and(gte(createdAt, mexicoCityMidnight(from)), lt(createdAt, mexicoCityMidnight(to))))
    .groupBy(week);
  return new Map(rows.map((row) => [row.week, row.total]));
}

const withRole = (role: "buyer" | "seller") => sql<number>`count(*) filter (where ${users.roles} @> array[${role}]::text[])`.mapWith(Number);

export async function computeKpis(db: Database, now: Date): Promise<Kpis> {
  const weeks = weekStarts(now);
  const from = weeks[0] ?? "";
  const to = plusDays(weeks[weeks.length - 1] ?? from, 7);
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
