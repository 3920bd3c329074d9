import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { createIntervalWorker, type IntervalWorker } from "../http/interval-worker.ts";
import type { Mailer } from "../mail/mailer.ts";
import { users } from "../auth/schema.ts";
import { accessRequests } from "./schema.ts";
import { accessLapsedNotice, accessEndingNotice } from "./notices.ts";
import { findRequest } from "./requests.ts";

/**
 * The end of an approval (issue 31; docs/decisions/050-access-that-ends.md).
 *
 * Access ends at the end of the chosen day in Mexico City. Whether it has
 * ended is decided from the time at every check (access.ts, through
 * machines/deal-room/selectors.ts accessStateOf), never by this worker: there
 * is no window in which access outlives its end. This worker only tells the
 * two parties, a week before and at the end, each e-mail once: the row's
 * `lapse_warned_at` / `lapse_noticed_at` is claimed by an UPDATE … RETURNING
 * in the transaction that queues the e-mails (the outbox delivers them), so
 * two processes never both claim a row, and a failing mail server loses
 * nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long before the end the parties are reminded. */
export const ACCESS_END_WARNING_DAYS = 7;

export const MEXICO_CITY_TIME_ZONE = "America/Mexico_City";

/** Today's date (YYYY-MM-DD) in Mexico City's calendar. */
export function mexicoCityDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: MEXICO_CITY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Mexico City's offset from UTC at `at`, in minutes (-360 since 2022: no more daylight saving time). */
function mexicoCityOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: MEXICO_CITY_TIME_ZONE, timeZoneName: "longOffset" }).formatToParts(at);
  const name = parts.find((part) => part.type === "timeZoneName")?.value ?? "GMT-06:00";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant access ends for a last day `day` (YYYY-MM-DD): the next day's midnight in Mexico City. */
export function endOfMexicoCityDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date + 1);
  // The offset of that midnight, read at the UTC instant and corrected once (exact for a fixed offset).
  const offset = mexicoCityOffsetMinutes(new Date(midnightUtc + 6 * 60 * 60 * 1000));
  return new Date(midnightUtc - offset * 60 * 1000);
}

/** Whether `day` is after today in Mexico City (the only end one may set). */
export const isAfterToday = (day: string, now: Date): boolean => day > mexicoCityDay(now);

const LONG_DATE = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY_TIME_ZONE });

/** "31 de diciembre de 2026": the last day of access, for e-mails (the end instant is the next midnight). */
export const lastDayLabel = (endsAt: Date): string => LONG_DATE.format(new Date(endsAt.getTime() - 1));

/** Where the company hears from the deal room: its contact, else its owner's account, else the team. */
export async function sellerAddress(tx: Database, company: { readonly contactEmail: string | null; readonly ownerUserId: number | null }, teamEmail: string): Promise<string> {
  if (company.contactEmail !== null && company.contactEmail !== "") return company.contactEmail;
  if (company.ownerUserId === null) return teamEmail;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, company.ownerUserId)).limit(1);
  return owner?.email ?? teamEmail;
}

export interface LapseDeps {
  readonly db: Database;
  readonly mailer: Pick<Mailer, "enqueue">;
  readonly appUrl: string;
  readonly teamEmail: string;
}

/** What one run queued: requests warned (a week before) and requests told of their lapse. */
export interface LapseRun {
  readonly warned: number;
  readonly lapsed: number;
}

/** Queue the week-before reminders and the lapse notices due at `now`, each once per end. */
export async function processAccessEnds(deps: LapseDeps, now: Date): Promise<LapseRun> {
  const { db, mailer, appUrl, teamEmail } = deps;
  const approvedWithEnd = and(eq(accessRequests.status, "approved"), isNotNull(accessRequests.accessEndsAt));
  const warned = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(accessRequests)
      .set({ lapseWarnedAt: now })
      .where(
        and(
          approvedWithEnd,
          isNull(accessRequests.lapseWarnedAt),
          gt(accessRequests.accessEndsAt, now),
          lte(accessRequests.accessEndsAt, new Date(now.getTime() + ACCESS_END_WARNING_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: accessRequests.id, endsAt: accessRequests.accessEndsAt });
    for (const row of claimed) {
      const record = await findRequest(tx, row.id);
      if (record === null || row.endsAt === null) continue;
      const common = { appUrl, requestId: record.id, humanId: record.company.humanId, lastDay: lastDayLabel(row.endsAt) };
      await mailer.enqueue(tx, accessEndingNotice({ ...common, to: record.buyer.email, party: "buyer" }));
      await mailer.enqueue(tx, accessEndingNotice({ ...common, to: await sellerAddress(tx, record.company, teamEmail), party: "seller" }));
    }
    return claimed.length;
  });
  const lapsed = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(accessRequests)
      // The reminder is moot once the end has passed.
      .set({ lapseNoticedAt: now, lapseWarnedAt: sql`coalesce(${accessRequests.lapseWarnedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(approvedWithEnd, isNull(accessRequests.lapseNoticedAt), lte(accessRequests.accessEndsAt, now)))
      .returning({ id: accessRequests.id, endsAt: accessRequests.accessEndsAt });
    for (const row of claimed) {
      const record = await findRequest(tx, row.id);
      if (record === null || row.endsAt === null) continue;
      const common = { appUrl, requestId: record.id, humanId: record.company.humanId, lastDay: lastDayLabel(row.endsAt) };
      await mailer.enqueue(tx, accessLapsedNotice({ ...common, to: record.buyer.email, party: "buyer" }));
      await mailer.enqueue(tx, accessLapsedNotice({ ...common, to: await sellerAddress(tx, record.company, teamEmail), party: "seller" }));
    }
    return claimed.length;
  });
  return { warned, lapsed };
}

export const DEFAULT_ACCESS_LAPSE_INTERVAL_MS = 60_000;

export interface LapseWorkerOptions extends LapseDeps {
  /** ACCESS_LAPSE_INTERVAL_MS; 0 (or less) disables the worker. */
  readonly intervalMs: number;
  readonly now?: () => Date;
  readonly log: { error(details: object, message: string): void };
}

/** The access-end notices' worker (server/http/interval-worker.ts). */
export type LapseWorker = IntervalWorker;

/**
 * Runs processAccessEnds in this process every `intervalMs`, as the
 * saved-search alerts worker does. Every process runs one; the claims keep
 * each e-mail single.
 */
export function createLapseWorker(options: LapseWorkerOptions): LapseWorker {
  const { intervalMs, log, now = () => new Date() } = options;
  return createIntervalWorker({
    intervalMs,
    log,
    failureMessage: "access end notices run failed; retrying on the next run",
    run: async () => {
      await processAccessEnds(options, now());
    },
  });
}
