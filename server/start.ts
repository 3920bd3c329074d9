import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { ScryptParams } from "./auth/passwords.ts";
import { serveBackups, serverIsListening, type BackupSocket } from "./backup/socket.ts";
import { openDatabase, type Database, type DatabaseHandle } from "./db/open.ts";
import type { RateLimitRules } from "./http/rate-limit.ts";
import { serveMetrics } from "./http/metrics.ts";
import { seedDatabase } from "./seed/run.ts";
import type { S3Settings } from "./storage/s3.ts";

export interface StartServerOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** postgres:// URL; when absent PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite directory; default "memory://" (nothing persists). */
  readonly dataDir?: string;
  /** Seed demo users and companies when the database has no users; default true. */
  readonly seedDemo?: boolean;
  /** HS256 secret; default 32 random bytes for this process only. */
  readonly jwtSecret?: Uint8Array;
  readonly tokenTtlSeconds?: number | undefined;
  /** Default "silent". */
  readonly logLevel?: string;
  /** PGlite on disk: the Unix socket `npm run backup` asks for a consistent copy (server/backup/socket.ts); default none. */
  readonly backupSocket?: string | undefined;
  /** Built SPA directory; default <repo>/dist when it exists, null for none. */
  readonly distDir?: string | null;
  /** Lower scrypt cost for demo accounts in tests (TEST_SCRYPT_PARAMS). */
  readonly demoPasswordParams?: ScryptParams;
  /** SMTP URL; absent: the offline outbox. */
  readonly smtpUrl?: string | undefined;
  readonly mailFrom?: string | undefined;
  /** Public origin for e-mail links; default the server's own URL. */
  readonly appUrl?: string | undefined;
  readonly teamEmail?: string | undefined;
  /** Rate limits per bucket (RATE_LIMIT_<BUCKET>; the e2e and Pact servers raise them). */
  readonly rateLimits?: Partial<RateLimitRules>;
  /** REDIS_URL for shared rate-limit counters; absent: in memory. */
  readonly redisUrl?: string | undefined;
  readonly trustProxyHops?: number | undefined;
  /** STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET; absent: the local offline checkout. */
  readonly stripe?: { readonly secretKey: string; readonly webhookSecret: string } | undefined;
  /** The local checkout's webhook secret; default random for this process. */
  readonly localWebhookSecret?: string | undefined;
  /** The clock (tests); default the system's. */
  readonly clock?: () => Date;
  /** UPLOADS_DIR; default a temporary directory removed on close. */
  readonly uploadsDir?: string | undefined;
  /** S3_*: uploads in an S3-compatible bucket instead of the disk. */
  readonly s3?: S3Settings | undefined;
  /** SAVED_SEARCH_ALERTS_INTERVAL_MS; default 30 s, 0 disables. */
  readonly savedSearchAlertsIntervalMs?: number | undefined;
  /** ACCESS_LAPSE_INTERVAL_MS; default 60 s, 0 disables. */
  readonly accessLapseIntervalMs?: number | undefined;
  /** MAIL_POLL_INTERVAL_MS: how often the e-mail worker looks for due messages besides its wakes; default 30 s. */
  readonly mailPollIntervalMs?: number | undefined;
  /** METRICS_PORT: serve Prometheus metrics at /metrics on this port (0: a free one); absent: no metrics server. */
  readonly metricsPort?: number | undefined;
  /** METRICS_HOST; default 127.0.0.1 (the metrics are for the host's scraper, not the internet). */
  readonly metricsHost?: string | undefined;
  /** LIVE_MAX_STREAMS_PER_USER: live streams one user may hold open; default 10. */
  readonly liveMaxStreamsPerUser?: number | undefined;
  /** IMAGE_WORKERS: threads that stamp and check data-room images; default 1. */
  readonly imageWorkers?: number | undefined;
  /** IMAGE_QUEUE_MAX: image jobs that may wait for a thread; default 8. */
  readonly imageQueueMax?: number | undefined;
  /**
   * Told each step of the start as it completes, and of the close as it
   * begins; the server waits for what it returns. server/main.ts logs them;
   * tests hold the server at a step to watch it meanwhile.
   */
  readonly onStep?: (step: StartStep, server: StartingServer) => Promise<void> | void;
}

/**
 * "listening": live answers, everything else under /api 503 (next: migrate);
 * "migrated" (next: seed); "seeded" (next: load the search index, LISTEN,
 * start the workers, then ready); "closing": the close began (Fastify's
 * preClose), every route answers 503.
 */
export type StartStep = "listening" | "migrated" | "seeded" | "closing";

export interface StartingServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly db: Database;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  readonly app: FastifyInstance;
  /** The server's database, for seeding through server code (createUser, createCompany). */
  readonly db: Database;
  readonly database: DatabaseHandle;
  /** The metrics' URL (http://127.0.0.1:9464/metrics) when METRICS_PORT is set. */
  readonly metricsUrl: string | undefined;
  /** Stop listening and close the database. */
  close(): Promise<void>;
  /**
   * A graceful shutdown (SIGTERM: decision 041): report not ready for
   * `drainMs` while still serving, so a proxy's health check moves new
   * traffic elsewhere; then close: stop accepting, answer requests that
   * still arrive on open connections with the Spanish 503 and close those
   * connections, end live streams (clients reconnect elsewhere), let
   * in-flight requests finish for at most `timeoutMs` (then cut their
   * connections), finish the e-mail worker's message in hand, and close the
   * database.
   */
  shutdown(options?: ShutdownOptions): Promise<void>;
}

export interface ShutdownOptions {
  /** SHUTDOWN_DRAIN_MS; default 0 (no proxy in front). */
  readonly drainMs?: number | undefined;
  /** SHUTDOWN_TIMEOUT_MS: the longest wait for in-flight requests; default 10 s. */
  readonly timeoutMs?: number | undefined;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Open the database, build the app and listen, then migrate, seed and make
 * the app ready (docs/decisions/039-ready-means-ready.md): /api/health/live
 * answers from the start, /api/health/ready and every other route 503 until
 * then. Resolves once ready; a start that fails (a migration, the search
 * index) closes the server and rejects, so the process exits rather than
 * stay live and never ready. Defaults suit tests (Playwright, Pact
 * provider): in-memory PGlite, random port, silent logs. server/main.ts
 * calls it with the process environment.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Checked before opening: two processes on one PGlite directory corrupt it.
  if (options.backupSocket !== undefined && (await serverIsListening(options.backupSocket))) throw new Error(`another Puente server is serving this data directory (${options.backupSocket} answers)`);
  const database = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir ?? "memory://" });
  // Closed with the database when the start fails.
  let built: FastifyInstance | undefined;
  let backups: BackupSocket | undefined;
  let metricsUrl: string | undefined;
  try {
    if (options.backupSocket !== undefined && database.dumpDataDir !== undefined) backups = await serveBackups({ socketPath: options.backupSocket, dumpDataDir: database.dumpDataDir });
    const host = options.host ?? "127.0.0.1";
    const port = options.port ?? 0;
    const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
    const app = await buildApp({
      db: database.db,
      config: {
        ...(options.smtpUrl === undefined ? {} : { smtpUrl: options.smtpUrl }),
        ...(options.mailFrom === undefined ? {} : { mailFrom: options.mailFrom }),
        ...(options.teamEmail === undefined ? {} : { teamEmail: options.teamEmail }),
        ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
        ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
        ...(options.trustProxyHops === undefined ? {} : { trustProxyHops: options.trustProxyHops }),
        ...(options.stripe === undefined ? {} : { stripe: options.stripe }),
        ...(options.localWebhookSecret === undefined ? {} : { localWebhookSecret: options.localWebhookSecret }),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.uploadsDir === undefined ? {} : { uploadsDir: options.uploadsDir }),
        ...(options.s3 === undefined ? {} : { s3: options.s3 }),
        ...(options.savedSearchAlertsIntervalMs === undefined ? {} : { savedSearchAlertsIntervalMs: options.savedSearchAlertsIntervalMs }),
        ...(options.accessLapseIntervalMs === undefined ? {} : { accessLapseIntervalMs: options.accessLapseIntervalMs }),
        ...(options.mailPollIntervalMs === undefined ? {} : { mailDelivery: { pollIntervalMs: options.mailPollIntervalMs } }),
        ...(options.liveMaxStreamsPerUser === undefined ? {} : { live: { maxStreamsPerUser: options.liveMaxStreamsPerUser } }),
        imagePool: {
          ...(options.imageWorkers === undefined ? {} : { workers: options.imageWorkers }),
          ...(options.imageQueueMax === undefined ? {} : { maxQueued: options.imageQueueMax }),
        },
        // With port 0 the real port is only known after listen; links then use appUrl.
        appUrl: options.appUrl ?? `http://${shownHost}:${port === 0 ? 3000 : port}`,
        jwtSecret: options.jwtSecret ?? new Uint8Array(randomBytes(32)),
        logLevel: options.logLevel ?? "silent",
        ...(options.tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds: options.tokenTtlSeconds }),
        ...(options.distDir === undefined ? {} : { distDir: options.distDir }),
        deferReady: true,
      },
    });
    built = app;
    const onStep = options.onStep ?? (() => undefined);
    let url = "";
    const step = async (name: StartStep) => onStep(name, { url, app, db: database.db });
    app.addHook("preClose", () => step("closing"));
    // From the start, so a scrape sees a process that is starting (or never gets ready).
    if (options.metricsPort !== undefined) {
      const metricsServer = await serveMetrics(app.metrics.registry, { port: options.metricsPort, host: options.metricsHost });
      app.addHook("onClose", () => metricsServer.close());
      metricsUrl = metricsServer.url;
    }
    await app.listen({ port, host });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("the server is not listening on TCP");
    url = `http://${shownHost}:${address.port}`;
    await step("listening");
    // Several processes starting at once over one PostgreSQL take turns (docs/deploy.md).
    await database.exclusively(async () => {
      await database.migrate();
      await step("migrated");
      await seedDatabase(database.db, {
        demo: options.seedDemo ?? true,
        ...(options.demoPasswordParams === undefined ? {} : { params: options.demoPasswordParams }),
      });
    });
    await step("seeded");
    await app.becomeReady();
    let closed: Promise<void> | undefined;
    const close = () => {
      closed ??= app
        .close()
        .finally(() => backups?.close())
        .finally(() => database.close());
      return closed;
    };
    const shutdown = async ({ drainMs = 0, timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS }: ShutdownOptions = {}) => {
      app.beginDrain();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      const closing = close();
      // Bounded: a request still running after the timeout loses its connection, and the close goes on.
      const cut = setTimeout(() => {
        app.log.warn({ timeoutMs }, "shutdown: requests still in flight after the timeout; closing their connections");
        app.server.closeAllConnections();
      }, timeoutMs);
      try {
        await closing;
      } finally {
        clearTimeout(cut);
      }
    };
    return { url, app, db: database.db, database, metricsUrl, close, shutdown };
  } catch (error) {
    // The start's own error is the one to report.
    await built?.close().catch(() => undefined);
    await backups?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}
