import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Weekly charts in Mexico City's calendar, Monday to Sunday, the current
 * (partial) week last: the admin's KPIs (server/admin/kpis.ts) and the
 * seller's analytics (server/seller-analytics) bucket their rows the same way.
 */

export const MEXICO_CITY_TIME_ZONE = "America/Mexico_City";

const DAY_MS = 24 * 60 * 60 * 1000;
const mexicoCityDate = new Intl.DateTimeFormat("en-CA", { timeZone: MEXICO_CITY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Mondays (YYYY-MM-DD) of the last `weeks` weeks in Mexico City, oldest first; the last is this week's. */
export function weekStarts(now: Date, weeks: number): ReadonlyArray<string> {
  const [year = 1970, month = 1, day = 1] = mexicoCityDate.format(now).split("-").map(Number);
  const today = Date.UTC(year, month - 1, day);
  // getUTCDay: 0 is Sunday; a week starts on Monday.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, index) => new Date(monday - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** `date` plus `days` days, YYYY-MM-DD (calendar arithmetic, no time zone involved). */
export const plusDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The span of `weekStarts(now, weeks)`: from its first Monday (included) to the Monday after its last (excluded). */
export function weekSpan(now: Date, weeks: number): { readonly starts: ReadonlyArray<string>; readonly from: string; readonly to: string } {
  const starts = weekStarts(now, weeks);
  const from = starts[0] ?? "";
  return { starts, from, to: plusDays(starts[starts.length - 1] ?? from, 7) };
}

/** Midnight of a Mexico City calendar day, as the instant PostgreSQL compares `timestamptz` with. */
export const mexicoCityMidnight = (date: string): SQL => sql`(${date}::timestamp AT TIME ZONE ${MEXICO_CITY_TIME_ZONE})`;

/**
 * The Monday (YYYY-MM-DD) of an instant's Mexico City week. The zone is
 * inline, not a parameter: GROUP BY must see the very expression the SELECT has.
 */
export const mexicoCityWeekOf = (instant: PgColumn | SQL): SQL<string> =>
  sql<string>`to_char(date_trunc('week', ${instant} AT TIME ZONE ${sql.raw(`'${MEXICO_CITY_TIME_ZONE}'`)}), 'YYYY-MM-DD')`;

/** The Monday (YYYY-MM-DD) of a calendar day's week (a `date` already in Mexico City's calendar). */
export const weekOfDay = (day: PgColumn | SQL): SQL<string> => sql<string>`to_char(date_trunc('week', ${day}::timestamp), 'YYYY-MM-DD')`;
