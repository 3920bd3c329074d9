import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/open.ts";
import { rowsOf, textOrNullOf } from "../db/rows.ts";
import type { MailMessage } from "./mailer.ts";
import { emailOutbox } from "./schema.ts";
import { failureText, isPermanentFailure, type MailTransport } from "./transport.ts";

/**
 * The outbox's delivery worker (docs/decisions/031-email-outbox.md). Every
 * process runs one over the shared email_outbox:
 *
 * - claim: one due message at a time, `FOR UPDATE SKIP LOCKED` inside a
 *   single UPDATE that marks it `sending`, counts the attempt, names the
 *   claimer and sets its lease (`next_attempt_at`, `leaseMs` ahead). Two
 *   workers never hold the same message;
 * - send it through the transport, outside any transaction;
 * - `sent` with `sent_at`; or, on failure, `last_error` and the next
 *   attempt after an exponential delay with jitter, until the message is
 *   `retry.giveUpAfterMs` old; a permanent refusal (a 5xx reply) is
 *   `failed` at once. The outcome is written only while the claim is still
 *   ours (same claimer and attempt count), so a late writer changes nothing.
 *
 * A message is sent once, except when its claimer dies (or the database is
 * unreachable) between handing it to the mail server and recording `sent`:
 * the lease then passes and another process sends it again (at least once).
 *
 * When it runs: right after a commit that enqueued a message in this
 * process (`afterCommit`), every `pollIntervalMs` (messages of processes
 * that stopped, claims whose lease passed), and when the next retry is due.
 */

export interface MailRetry {
  /** The delay after the first failed attempt; it doubles after each next failure. */
  readonly firstDelayMs: number;
  /** The longest delay between two attempts. */
  readonly maxDelayMs: number;
  /** A message that fails when it is this old is given up (failed). */
  readonly giveUpAfterMs: number;
}

/** 30 s, 1 min, 2 min, … 1 h, then hourly, each between half and all of that; given up at the first failure after 24 h. */
export const DEFAULT_MAIL_RETRY: MailRetry = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };
/** MAIL_POLL_INTERVAL_MS. */
export const DEFAULT_MAIL_POLL_INTERVAL_MS = 30_000;
/** Longer than an SMTP delivery can take (transport.ts SMTP_TIMEOUTS: 150 s at most). */
export const DEFAULT_MAIL_LEASE_MS = 5 * 60_000;

export interface MailDeliverySettings {
  /** false: this process delivers nothing (its messages wait for another process). Default true. */
  readonly enabled: boolean;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly retry: MailRetry;
}

export interface MailDeliveryOptions extends Partial<MailDeliverySettings> {
  readonly db: Database;
  readonly transport: MailTransport;
  readonly log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** For the jitter; default Math.random. */
  readonly random?: () => number;
  /** Told of each failed attempt: "retry" (tried again later) or "failed" (given up, or refused for good). The metrics count them. */
  readonly onFailure?: (outcome: "retry" | "failed") => void;
}

export interface MailDelivery {
  /** Deliver what is due now, then keep polling (nothing when disabled). */
  start(): void;
  /** Wait until transaction `transactionId` has ended; if it committed, deliver what is due. */
  afterCommit(transactionId: string): Promise<void>;
  /** Deliver every message due now (after a run in progress, if any); resolves when done. */
  runNow(): Promise<void>;
  /** Stop scheduling, wait for the run in progress and close the transport. */
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`: firstDelay × 2^(attempts−1), at most maxDelay, then a random point in its upper half. */
export function retryDelayMs(attempts: number, retry: MailRetry, random: () => number = Math.random): number {
  const full = Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** `ms` milliseconds as an SQL interval (a parameter, never spliced). */
const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

const UNFINISHED = ["pending", "sending"] as const;

/** Waits between two looks at an enqueuing transaction: 5 ms, doubling to 200 ms, for a minute at most. */
const COMMIT_WAIT = { firstMs: 5, maxMs: 200, giveUpMs: 60_000 } as const;
/** The soonest a scheduled run follows the last one. */
const MIN_WAIT_MS = 25;

interface Claimed {
  readonly id: number;
  readonly attempts: number;
  readonly message: MailMessage;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, transport, log, random = Math.random } = options;
  const enabled = options.enabled ?? true;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_MAIL_POLL_INTERVAL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_LEASE_MS;
  const retry = options.retry ?? DEFAULT_MAIL_RETRY;
  const claimer = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  let stopped = !enabled;
  let timer: NodeJS.Timeout | undefined;
  /** The run in progress, and the one run queued after it (shared by every caller meanwhile). */
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function claim(): Promise<Claimed | null> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.status, UNFINISHED), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        claimedBy: claimer,
        nextAttemptAt: sql`now() + ${millis(leaseMs)}`,
        lastAttemptAt: sql`now()`,
      })
      // A scalar subquery: evaluated once, so one row at most.
      .where(eq(emailOutbox.id, sql`(${due})`))
      .returning({
        id: emailOutbox.id,
        attempts: emailOutbox.attempts,
        to: emailOutbox.recipient,
        subject: emailOutbox.subject,
        text: emailOutbox.textBody,
        html: emailOutbox.htmlBody,
      });
    if (row === undefined) return null;
    return { id: row.id, attempts: row.attempts, message: { to: row.to, subject: row.subject, text: row.text, html: row.html } };
  }

  /** The claim, while it is still ours. */
  const ours = (claimed: Claimed) =>
    and(eq(emailOutbox.id, claimed.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedBy, claimer), eq(emailOutbox.attempts, claimed.attempts));

  async function recordSent(claimed: Claimed): Promise<void> {
    const updated = await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, nextAttemptAt: null, claimedBy: null, lastError: null, transport: transport.kind })
      .where(ours(claimed))
      .returning({ id: emailOutbox.id });
    if (updated.length === 0) log.warn({ mail: { id: claimed.id } }, "e-mail delivered after its claim had passed: another process may have sent it too");
  }

  async function recordFailure(claimed: Claimed, error: unknown): Promise<void> {
    const lastError = failureText(error);
    const permanent = isPermanentFailure(error);
    const giveUp = sql`${emailOutbox.createdAt} <= now() - ${millis(retry.giveUpAfterMs)}`;
    const [row] = await db
      .update(emailOutbox)
      .set(
        permanent
          ? { status: "failed", nextAttemptAt: null, claimedBy: null, lastError }
          : {
              status: sql`case when ${giveUp} then 'failed' else 'pending' end`,
              nextAttemptAt: sql`case when ${giveUp} then null else now() + ${millis(retryDelayMs(claimed.attempts, retry, random))} end`,
              claimedBy: null,
              lastError,
            },
      )
      .where(ours(claimed))
      .returning({ status: emailOutbox.status, nextAttemptAt: emailOutbox.nextAttemptAt });
    const mail = { id: claimed.id, attempts: claimed.attempts, error: lastError };
    options.onFailure?.(row?.status === "failed" ? "failed" : "retry");
    if (row === undefined) log.warn({ mail }, "e-mail not delivered, and its claim had passed (another process has it)");
    else if (row.status === "failed") log.error({ mail }, permanent ? "e-mail refused by the mail server: not retried" : "e-mail undelivered for the whole retry window: given up");
    else log.warn({ mail: { ...mail, nextAttemptAt: row.nextAttemptAt?.toISOString() } }, "e-mail not delivered: retrying later");
  }

  /** Milliseconds until the next message is due (or a lease passes), null when none waits; by the database's clock, as the claim is. */
  async function nextDueInMs(): Promise<number | null> {
    const [row] = await db
      .select({ ms: sql<unknown>`(extract(epoch from (min(${emailOutbox.nextAttemptAt}) - now())) * 1000)::float8` })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, UNFINISHED));
    return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
  }

  const schedule = (waitMs: number) => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void runNow();
    }, Math.max(MIN_WAIT_MS, waitMs));
    // The worker alone must not keep the process alive.
    timer.unref();
  };

  async function run(): Promise<void> {
    try {
      for (let claimed = await claim(); claimed !== null; claimed = stopped ? null : await claim()) {
        try {
          await transport.deliver(claimed.message);
        } catch (error) {
          await recordFailure(claimed, error);
          continue;
        }
        await recordSent(claimed);
      }
      if (stopped) return;
      const dueIn = await nextDueInMs();
      schedule(dueIn === null ? pollIntervalMs : Math.min(pollIntervalMs, dueIn));
    } catch (error) {
      if (stopped) return;
      log.error({ err: error }, "e-mail delivery run failed; retrying on the next poll");
      schedule(pollIntervalMs);
    }
  }

  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (current === null) {
      current = run().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return runNow();
    });
    return queued;
  }

  /** pg_xact_status: "in progress", "committed", "aborted", or null when too old to tell. */
  async function transactionStatus(transactionId: string): Promise<string | null> {
    const [row] = rowsOf(await db.execute(sql`SELECT pg_xact_status(${transactionId}::xid8) AS status`));
    return row === undefined ? null : textOrNullOf(row, "status");
  }

  return {
    start() {
      if (!stopped) void runNow();
    },
    async afterCommit(transactionId) {
      // PGlite runs one transaction at a time, so the first look already waits for the commit;
      // on PostgreSQL the enqueuing request usually commits within milliseconds.
      let waitMs: number = COMMIT_WAIT.firstMs;
      const deadline = Date.now() + COMMIT_WAIT.giveUpMs;
      while (!stopped) {
        const status = await transactionStatus(transactionId);
        if (status === "committed") return runNow();
        // Rolled back: nothing was queued. Still open after a minute: the poll will find it.
        if (status !== "in progress" || Date.now() > deadline) return;
        await sleep(waitMs);
        waitMs = Math.min(waitMs * 2, COMMIT_WAIT.maxMs);
      }
    },
    runNow,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await queued;
      await current;
      transport.close?.();
    },
  };
}
