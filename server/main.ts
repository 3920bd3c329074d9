import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { loadJwtSecret } from "./auth/secret.ts";
import { backupSocketIn } from "./backup/layout.ts";
import { productionProblems, readEnv, type ServerEnv } from "./config.ts";
import { dataPaths, DEFAULT_DATA_DIR, REPO_ROOT } from "./db/paths.ts";
import { loadLocalWebhookSecret } from "./payments/local-provider.ts";
import { startServer } from "./start.ts";

// Entry point: `npx tsx server/main.ts`. Environment: PORT (3000), HOST
// (0.0.0.0), DATA_DIR (.data: the embedded database, generated secrets and
// uploads), DATABASE_URL (postgres://…; default PGlite in DATA_DIR/pglite),
// SEED_DEMO (true), JWT_SECRET (default generated into .data/jwt-secret),
// JWT_TTL_SECONDS (28800), LOG_LEVEL (info), SMTP_URL, MAIL_FROM, APP_URL,
// TEAM_EMAIL, REDIS_URL (shared rate-limit counters; default in memory),
// RATE_LIMIT_<BUCKET> (e.g. RATE_LIMIT_LOGIN=20/15m; README),
// STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET (payments through Stripe; default
// the local offline checkout), PAYMENTS_LOCAL_WEBHOOK_SECRET (default
// generated into .data/payments-webhook-secret), UPLOADS_DIR (default
// .data/uploads) or S3_BUCKET + S3_REGION + S3_ACCESS_KEY_ID +
// S3_SECRET_ACCESS_KEY (+ S3_ENDPOINT, S3_FORCE_PATH_STYLE) for uploads,
// SAVED_SEARCH_ALERTS_INTERVAL_MS (30000; 0 disables the saved-search alerts),
// ACCESS_LAPSE_INTERVAL_MS (60000; 0 disables the e-mails of the ends of access),
// MAIL_POLL_INTERVAL_MS (30000: how often the e-mail outbox's worker looks
// for due messages besides its wake after each commit that queues one),
// METRICS_PORT (+ METRICS_HOST, default 127.0.0.1: Prometheus metrics),
// SHUTDOWN_DRAIN_MS (0) and SHUTDOWN_TIMEOUT_MS (10000): the graceful
// shutdown on SIGTERM (decision 041). NODE_ENV=production refuses to start
// without the build or the secrets production needs (docs/deploy.md).
//
// It listens first (GET /api/health/live answers), then migrates, seeds and
// loads the search index; GET /api/health/ready answers 200 once that is done
// (docs/decisions/039-ready-means-ready.md). A start that fails exits with
// code 1, for the supervisor to restart it.
/** A refusal to start: one line per problem on stderr, exit code 1, before anything opens. */
function refuse(lines: ReadonlyArray<string>): never {
  for (const line of lines) process.stderr.write(`Puente no inicia: ${line}\n`);
  process.exit(1);
}

function readEnvOrRefuse(): ServerEnv {
  try {
    return readEnv();
  } catch (error) {
    return refuse([error instanceof Error ? error.message : String(error)]);
  }
}

const env = readEnvOrRefuse();
const problems = productionProblems(env);
if (env.production && !existsSync(join(REPO_ROOT, "dist", "index.html"))) {
  problems.push("dist/: falta la compilación de la app; corre npm run build antes de iniciar / the app is not built: run npm run build first");
}
if (problems.length > 0) refuse(problems);
const dataDir = resolve(env.dataDir ?? DEFAULT_DATA_DIR);
const data = dataPaths(dataDir);
const jwtSecret = await loadJwtSecret({ env: env.jwtSecret, file: data.jwtSecret });
// Only the local checkout signs its own events; with Stripe, Stripe signs them.
const localWebhookSecret =
  env.stripe === undefined ? await loadLocalWebhookSecret({ env: env.paymentsLocalWebhookSecret, file: data.localWebhookSecret }) : undefined;

let startLog: FastifyBaseLogger | undefined;
const server = await startServer({
  port: env.port,
  host: env.host,
  databaseUrl: env.databaseUrl,
  dataDir: data.pglite,
  // `npm run backup` asks the running server for its copy here (server/backup/socket.ts).
  backupSocket: env.databaseUrl === undefined ? backupSocketIn(dataDir) : undefined,
  seedDemo: env.seedDemo,
  jwtSecret,
  tokenTtlSeconds: env.tokenTtlSeconds,
  logLevel: env.logLevel,
  smtpUrl: env.smtpUrl,
  mailFrom: env.mailFrom,
  appUrl: env.appUrl ?? `http://localhost:${env.port}`,
  teamEmail: env.teamEmail,
  redisUrl: env.redisUrl,
  trustProxyHops: env.trustProxyHops,
  rateLimits: env.rateLimits,
  stripe: env.stripe,
  localWebhookSecret,
  uploadsDir: env.uploadsDir ?? data.uploads,
  s3: env.s3,
  savedSearchAlertsIntervalMs: env.savedSearchAlertsIntervalMs,
  accessLapseIntervalMs: env.accessLapseIntervalMs,
  mailPollIntervalMs: env.mailPollIntervalMs,
  liveMaxStreamsPerUser: env.liveMaxStreamsPerUser,
  imageWorkers: env.imageWorkers,
  imageQueueMax: env.imageQueueMax,
  metricsPort: env.metricsPort,
  metricsHost: env.metricsHost,
  onStep: (step, { url, app }) => {
    startLog = app.log;
    if (step === "listening") app.log.info({ url }, `Puente escuchando en ${url}: migra, siembra y carga el índice de búsqueda antes de estar listo`);
  },
}).catch((error: unknown) => {
  // Live but never ready helps nobody: exit, and the supervisor restarts the process (with its backoff).
  if (startLog === undefined) process.stderr.write(`Puente no pudo iniciar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  else startLog.fatal({ err: error }, "Puente no pudo iniciar");
  process.exit(1);
});

const log = server.app.log;
log.info(
  {
    url: server.url,
    database: server.database.kind,
    rateLimits: env.redisUrl === undefined ? "memory" : "redis",
    uploads: env.s3 === undefined ? "disk" : `s3 (${env.s3.bucket})`,
    payments: env.stripe === undefined ? "local checkout (no charges)" : env.stripe.secretKey.includes("_live_") ? "stripe (live)" : "stripe (test)",
    version: process.env.npm_package_version,
    metrics: server.metricsUrl ?? "off (METRICS_PORT)",
    // From this process's start: what a restart costs before it serves.
    startupMs: Math.round(process.uptime() * 1000),
  },
  `Puente listo en ${server.url}`,
);
if (env.stripe === undefined) {
  log.warn("payments: STRIPE_SECRET_KEY is not set, so plans are paid on the local checkout page, which charges nothing; set the Stripe keys in production");
}

let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) {
    log.warn({ signal }, "second signal, exiting now");
    process.exit(1);
  }
  stopping = true;
  log.info({ signal, drainMs: env.shutdownDrainMs, timeoutMs: env.shutdownTimeoutMs }, "shutting down: not ready, draining, then closing");
  server.shutdown({ drainMs: env.shutdownDrainMs, timeoutMs: env.shutdownTimeoutMs }).then(
    () => {
      log.info({ signal }, "shut down");
      process.exit(0);
    },
    (error: unknown) => {
      log.error({ err: error }, "error while shutting down");
      process.exit(1);
    },
  );
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
