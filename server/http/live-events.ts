import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { Either, Schema } from "effect";
import type { FastifyBaseLogger } from "fastify";
import { DealEvent, LIVE_HEARTBEAT_MS, type LiveEvent } from "../../contracts/live.ts";
import { sessions, users } from "../auth/schema.ts";
import { notificationsOf } from "../db/open.ts";
import type { Database } from "../db/open.ts";

/**
 * Live events (issue 28; docs/decisions/032-live-deal-room.md).
 *
 * - `publish(tx, recipients, event)` writes a `pg_notify` in the writing
 *   transaction: PostgreSQL delivers it to every process's LISTEN when the
 *   transaction commits, and never if it rolls back. The payload names the
 *   recipients (user ids decided by the writer from the database: the
 *   parties of the deal) and the event (a kind and ids).
 * - Each process LISTENs on one channel (server/db/notifications.ts: a
 *   dedicated connection on PostgreSQL, PGlite's own listen embedded) and
 *   hands each event to the streams of its recipients open in this process
 *   (`subscribe`); a user who is not a recipient never hears of it.
 * - Every `tickMs` each stream gets a heartbeat, and the sessions of the
 *   open streams are read again in one query: a stream whose session was
 *   revoked (logout, password change), expired, or whose account was
 *   deactivated ends. A stream also ends when its token expires.
 * - When the LISTEN connection is lost, every stream of the process ends
 *   (the browsers reconnect and refetch what they show, polling meanwhile),
 *   and new ones are refused (`listening()` false) until it is back.
 */

/** The one channel every process LISTENs on. */
export const LIVE_CHANNEL = "puente_live";

/** What a NOTIFY on LIVE_CHANNEL carries (JSON): who must hear of it, and what. */
const LiveNotification = Schema.Struct({ to: Schema.Array(Schema.Int), event: DealEvent });
const encodeNotification = Schema.encodeSync(Schema.parseJson(LiveNotification));
const decodeNotification = Schema.decodeUnknownEither(Schema.parseJson(LiveNotification));
const decodeDealEvent = Schema.decodeSync(DealEvent);

/** A deal event as the writer gives it: plain ids (checked as the contract's ids when published). */
export type DealEventInput = typeof DealEvent.Encoded;

/** Open streams per user in one process, unless configured (LIVE_MAX_STREAMS_PER_USER): a person's tabs, not a script's. */
export const DEFAULT_MAX_STREAMS_PER_USER = 10;

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  readonly userId: number;
  /** The session the stream was opened with: the stream ends with it. */
  readonly sessionId: string;
  /** When the token expires (ms since the epoch): the stream ends then. */
  readonly expiresAt: number;
  deliver(event: LiveEvent): void;
  heartbeat(): void;
  /** End the stream (the hub has already forgotten it). */
  end(): void;
}

export interface LiveSettings {
  /** How often streams get a heartbeat and their sessions are checked; default LIVE_HEARTBEAT_MS. */
  readonly tickMs: number;
  /** Streams one user may have open in this process; more are refused (429). */
  readonly maxStreamsPerUser: number;
}

export interface LiveEventsOptions extends Partial<LiveSettings> {
  readonly db: Database;
  readonly log: Pick<FastifyBaseLogger, "warn" | "error" | "info">;
  readonly now: () => Date;
}

export interface LiveEvents {
  readonly settings: LiveSettings;
  /** Queue `event` for `recipients` (nulls and repeats dropped) on `tx`: delivered when it commits. */
  publish(tx: Database, recipients: ReadonlyArray<number | null>, event: DealEventInput): Promise<void>;
  /** This process's stream for `subscriber.userId` hears every event addressed to that user from now on; returns the way to stop. */
  subscribe(subscriber: LiveSubscriber): () => void;
  /** Streams `userId` has open in this process. */
  streamsOf(userId: number): number;
  /** Whether this process LISTENs now (streams opened now would hear everything). */
  listening(): boolean;
  /** LISTEN (once); without a database that can, streams are refused. */
  start(): Promise<void>;
  /** End every open stream (the app is closing, or the LISTEN connection was lost). */
  endAll(): void;
  /** End every stream and stop listening. */
  stop(): Promise<void>;
}

/** The recipients as a NOTIFY names them: each user once. */
const recipientsOf = (recipients: ReadonlyArray<number | null>): ReadonlyArray<number> => [...new Set(recipients.filter((id): id is number => id !== null))];

/** The `pg_notify` of `event` for `recipients` on `tx` (no statement when nobody is to hear of it). */
export async function publishLiveEvent(tx: Database, recipients: ReadonlyArray<number | null>, event: DealEventInput): Promise<void> {
  const to = recipientsOf(recipients);
  if (to.length === 0) return;
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encodeNotification({ to, event: decodeDealEvent(event) })})`);
}

export function createLiveEvents(options: LiveEventsOptions): LiveEvents {
  const { db, log, now } = options;
  const settings: LiveSettings = { tickMs: options.tickMs ?? LIVE_HEARTBEAT_MS, maxStreamsPerUser: options.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER };
  const byUser = new Map<number, Set<LiveSubscriber>>();
  const expiries = new Map<LiveSubscriber, NodeJS.Timeout>();
  let isListening = false;
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let checking = false;
  let stopped = false;

  const forget = (subscriber: LiveSubscriber): boolean => {
    const set = byUser.get(subscriber.userId);
    if (set === undefined || !set.delete(subscriber)) return false;
    if (set.size === 0) byUser.delete(subscriber.userId);
    const expiry = expiries.get(subscriber);
    if (expiry !== undefined) clearTimeout(expiry);
    expiries.delete(subscriber);
    return true;
  };
  const end = (subscriber: LiveSubscriber) => {
    if (forget(subscriber)) subscriber.end();
  };
  const everyone = (): ReadonlyArray<LiveSubscriber> => [...byUser.values()].flatMap((set) => [...set]);
  const endAll = () => {
    for (const subscriber of everyone()) end(subscriber);
  };

  const onPayload = (payload: string) => {
    const decoded = decodeNotification(payload);
    if (Either.isLeft(decoded)) {
      log.warn({ payload: payload.slice(0, 200) }, "live: a notification that is not ours was ignored");
      return;
    }
    const { to, event } = decoded.right;
    for (const userId of to) for (const subscriber of [...(byUser.get(userId) ?? [])]) subscriber.deliver(event);
  };

  /** One query for every open stream's session: those revoked, expired, or of a deactivated account end. */
  const checkSessions = async () => {
    const open = everyone();
    if (open.length === 0 || checking) return;
    checking = true;
    try {
      const ids = [...new Set(open.map((subscriber) => subscriber.sessionId))];
      const alive = await db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, now()), isNull(users.deletedAt)));
      const live = new Set(alive.map((row) => `${row.userId}:${row.id}`));
      for (const subscriber of open) if (!live.has(`${subscriber.userId}:${subscriber.sessionId}`)) end(subscriber);
    } catch (error) {
      // A database that cannot answer now: the next tick asks again.
      log.warn({ err: error }, "live: the open streams' sessions could not be checked");
    } finally {
      checking = false;
    }
  };

  const tick = () => {
    for (const subscriber of everyone()) subscriber.heartbeat();
    void checkSessions();
  };

  const listen = async () => {
    const source = notificationsOf(db);
    if (source === null) {
      log.warn("live: this database cannot LISTEN; live updates are off (the app polls)");
      return;
    }
    stopListening = await source.listen(LIVE_CHANNEL, {
      onPayload,
      onLost: () => {
        isListening = false;
        log.warn("live: the LISTEN connection was lost; open streams end and new ones wait for it");
        endAll();
      },
      onRestored: () => {
        isListening = true;
        log.info("live: listening again");
      },
    });
    isListening = !stopped;
    ticker = setInterval(tick, settings.tickMs);
    ticker.unref();
  };

  return {
    settings,
    publish: publishLiveEvent,
    subscribe(subscriber) {
      const set = byUser.get(subscriber.userId) ?? new Set();
      set.add(subscriber);
      byUser.set(subscriber.userId, set);
      const delay = subscriber.expiresAt - now().getTime();
      // setTimeout holds at most ~24.8 days; a token lives hours.
      const expiry = setTimeout(() => end(subscriber), Math.min(Math.max(delay, 0), 2_147_483_647));
      expiry.unref();
      expiries.set(subscriber, expiry);
      return () => {
        forget(subscriber);
      };
    },
    streamsOf: (userId) => byUser.get(userId)?.size ?? 0,
    listening: () => isListening,
    start() {
      starting ??= listen();
      return starting;
    },
    endAll,
    async stop() {
      stopped = true;
      isListening = false;
      if (ticker !== null) clearInterval(ticker);
      ticker = null;
      endAll();
      await starting?.catch(() => undefined);
      const stop = stopListening;
      stopListening = null;
      await stop?.().catch((error: unknown) => log.warn({ err: error }, "live: UNLISTEN failed"));
    },
  };
}
