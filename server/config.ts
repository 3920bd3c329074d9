import type { S3Settings } from "./storage/s3.ts";
import { RATE_LIMIT_BUCKETS, parseRateLimitRule, type RateLimitBucket, type RateLimitRule } from "./http/rate-limit.ts";

/** Environment of the server process (server/main.ts). */
export interface ServerEnv {
  readonly port: number;
  readonly host: string;
  /** postgres:// URL; absent means PGlite on disk under DATA_DIR/pglite. */
  readonly databaseUrl: string | undefined;
  /** DATA_DIR: the embedded database, the generated secrets and the uploads (default .data in the checkout). */
  readonly dataDir: string | undefined;
  /** SEED_DEMO=false skips demo users and companies (catalogues are always seeded); default true, false in production. */
  readonly seedDemo: boolean;
  /** JWT_SECRET; absent means a generated secret kept in .data/jwt-secret. */
  readonly jwtSecret: string | undefined;
  readonly logLevel: string;
  /** JWT_TTL_SECONDS; default 8 h. */
  readonly tokenTtlSeconds: number | undefined;
  /** SMTP_URL (smtp://user:pass@host:587); absent: e-mail goes to the local outbox and the log. */
  readonly smtpUrl: string | undefined;
  /** MAIL_FROM; default "Puente <no-responder@puente.mx>". */
  readonly mailFrom: string | undefined;
  /** APP_URL: public origin used in e-mail links; default http://localhost:PORT. */
  readonly appUrl: string | undefined;
  /** TEAM_EMAIL: where team notifications (new leads, ...) go. */
  readonly teamEmail: string | undefined;
  /** REDIS_URL: shared rate-limit counters; absent: in-memory counters. */
  readonly redisUrl: string | undefined;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front (0 = none, the
   * default). Rate limits count by client IP, which behind a proxy is only
   * known from X-Forwarded-For; trusting it without a proxy would let a
   * client pick its own IP.
   */
  readonly trustProxyHops: number;
  /** RATE_LIMIT_<BUCKET>=<max>/<window> ("20/15m"); buckets not set keep their defaults. */
  readonly rateLimits: Partial<Record<RateLimitBucket, RateLimitRule>>;
  /**
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both or neither: payments
   * through Stripe Checkout. Absent: the local offline checkout
   * (docs/decisions/013-payments.md).
   */
  readonly stripe: { readonly secretKey: string; readonly webhookSecret: string } | undefined;
  /** PAYMENTS_LOCAL_WEBHOOK_SECRET: the local checkout's signing secret; absent: generated into .data/payments-webhook-secret. */
  readonly paymentsLocalWebhookSecret: string | undefined;
  /**
   * S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (all or
   * none; S3_ENDPOINT and S3_FORCE_PATH_STYLE optional): uploads in an
   * S3-compatible bucket. Absent: on disk under UPLOADS_DIR.
   */
  readonly s3: S3Settings | undefined;
  /** UPLOADS_DIR: where uploads live without S3; default .data/uploads. */
  readonly uploadsDir: string | undefined;
  /** SAVED_SEARCH_ALERTS_INTERVAL_MS: how often this process e-mails saved-search matches; default 30000, 0 disables. */
  readonly savedSearchAlertsIntervalMs: number | undefined;
  /** ACCESS_LAPSE_INTERVAL_MS: how often this process e-mails the ends of access (decision 050); default 60000, 0 disables. */
  readonly accessLapseIntervalMs: number | undefined;
  /** MAIL_POLL_INTERVAL_MS: how often the e-mail outbox's worker polls besides its wakes; default 30000 (at least 100). */
  readonly mailPollIntervalMs: number | undefined;
  /** LIVE_MAX_STREAMS_PER_USER: live streams one user may hold open in this process; default 10 (at least 1). */
  readonly liveMaxStreamsPerUser: number | undefined;
  /** IMAGE_WORKERS: worker threads that stamp and check data-room images (decision 048); default 1 (at least 1). */
  readonly imageWorkers: number | undefined;
  /** IMAGE_QUEUE_MAX: image jobs that may wait for a thread; past it a 503 with Retry-After. Default 8. */
  readonly imageQueueMax: number | undefined;
  /** METRICS_PORT: Prometheus metrics at /metrics on this port; absent: none. */
  readonly metricsPort: number | undefined;
  /** METRICS_HOST: the metrics' address; default 127.0.0.1. */
  readonly metricsHost: string | undefined;
  /** SHUTDOWN_DRAIN_MS: on SIGTERM, report not ready this long while still serving (a proxy's health checks move traffic away); default 0. */
  readonly shutdownDrainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: the longest a shutdown waits for requests in flight; default 10000. */
  readonly shutdownTimeoutMs: number;
  /** NODE_ENV=production: `productionProblems` must find nothing before the process starts. */
  readonly production: boolean;
}

/** `RATE_LIMIT_LOGIN_ACCOUNT` for bucket `login_account`. */
export const rateLimitVariable = (bucket: RateLimitBucket): string => `RATE_LIMIT_${bucket.toUpperCase()}`;

function readRateLimits(env: NodeJS.ProcessEnv): Partial<Record<RateLimitBucket, RateLimitRule>> {
  const rules: Partial<Record<RateLimitBucket, RateLimitRule>> = {};
  for (const bucket of RATE_LIMIT_BUCKETS) {
    const name = rateLimitVariable(bucket);
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue;
    const rule = parseRateLimitRule(raw);
    if (rule === null) throw new Error(`${name} must look like 20/15m (hits per window; units s, m, h, d), got "${raw}".`);
    rules[bucket] = rule;
  }
  return rules;
}

const LOG_LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

const positiveInt = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer (got "${raw}").`);
  return value;
};

export const STRIPE_SECRET_KEY_PATTERN = /^(?:sk|rk)_(?:test|live)_\w+$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_\w+$/;

/** Both Stripe variables or neither; each shaped like what Stripe's dashboard gives. */
function readStripe(secretKey: string | undefined, webhookSecret: string | undefined): ServerEnv["stripe"] {
  if (secretKey === undefined && webhookSecret === undefined) return undefined;
  if (secretKey === undefined || webhookSecret === undefined) {
    throw new Error("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments through Stripe, or neither for the local checkout.");
  }
  if (!STRIPE_SECRET_KEY_PATTERN.test(secretKey)) throw new Error("STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…).");
  if (!STRIPE_WEBHOOK_SECRET_PATTERN.test(webhookSecret)) throw new Error("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…).");
  return { secretKey, webhookSecret };
}

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The four S3 variables together or none (S3_ENDPOINT and S3_FORCE_PATH_STYLE only with them). */
function readS3(env: NodeJS.ProcessEnv, blank: (value: string | undefined) => string | undefined): S3Settings | undefined {
  const [bucket, region, accessKeyId, secretAccessKey] = S3_REQUIRED.map((name) => blank(env[name]));
  const endpoint = blank(env.S3_ENDPOINT);
  const pathStyle = blank(env.S3_FORCE_PATH_STYLE)?.toLowerCase();
  const given = [bucket, region, accessKeyId, secretAccessKey].filter((value) => value !== undefined).length;
  if (given === 0 && endpoint === undefined && pathStyle === undefined) return undefined;
  if (bucket === undefined || region === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new Error(`${S3_REQUIRED.join(", ")} go together: set all four to keep uploads in S3, or none to keep them on disk.`);
  }
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error("S3_ENDPOINT must be an http(s) URL (https://minio.example:9000).");
  if (pathStyle !== undefined && !["true", "false", "1", "0"].includes(pathStyle)) throw new Error("S3_FORCE_PATH_STYLE must be true or false.");
  return { bucket, region, accessKeyId, secretAccessKey, endpoint, forcePathStyle: pathStyle === "true" || pathStyle === "1" };
}

/** A poll interval of 0 would spin: at least 100 ms. */
function readMailPollInterval(raw: string | undefined): number | undefined {
  const value = positiveInt("MAIL_POLL_INTERVAL_MS", raw);
  if (value !== undefined && value < 100) throw new Error(`MAIL_POLL_INTERVAL_MS must be at least 100 (got "${raw ?? ""}").`);
  return value;
}

/** 0 would refuse every stream: at least 1. */
function readLiveMaxStreams(raw: string | undefined): number | undefined {
  const value = positiveInt("LIVE_MAX_STREAMS_PER_USER", raw);
  if (value !== undefined && value < 1) throw new Error(`LIVE_MAX_STREAMS_PER_USER must be at least 1 (got "${raw ?? ""}").`);
  return value;
}

/** 0 threads would stamp no image: at least 1. */
function readImageWorkers(raw: string | undefined): number | undefined {
  const value = positiveInt("IMAGE_WORKERS", raw);
  if (value !== undefined && value < 1) throw new Error(`IMAGE_WORKERS must be at least 1 (got "${raw ?? ""}").`);
  return value;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const logLevel = (env.LOG_LEVEL ?? "info").trim().toLowerCase();
  if (!LOG_LEVELS.has(logLevel)) throw new Error(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}.`);
  const production = (env.NODE_ENV ?? "").trim().toLowerCase() === "production";
  // Demo accounts share a published password: never in production unless asked for (a staging copy).
  const seed = (env.SEED_DEMO ?? (production ? "false" : "true")).trim().toLowerCase();
  const blank = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim());
  return {
    port: positiveInt("PORT", env.PORT) ?? 3000,
    host: blank(env.HOST) ?? "0.0.0.0",
    databaseUrl: blank(env.DATABASE_URL),
    dataDir: blank(env.DATA_DIR),
    seedDemo: !["false", "0", "no", "off"].includes(seed),
    jwtSecret: blank(env.JWT_SECRET),
    logLevel,
    tokenTtlSeconds: positiveInt("JWT_TTL_SECONDS", env.JWT_TTL_SECONDS),
    smtpUrl: blank(env.SMTP_URL),
    mailFrom: blank(env.MAIL_FROM),
    appUrl: blank(env.APP_URL),
    teamEmail: blank(env.TEAM_EMAIL),
    redisUrl: blank(env.REDIS_URL),
    trustProxyHops: positiveInt("TRUST_PROXY", env.TRUST_PROXY) ?? 0,
    rateLimits: readRateLimits(env),
    stripe: readStripe(blank(env.STRIPE_SECRET_KEY), blank(env.STRIPE_WEBHOOK_SECRET)),
    paymentsLocalWebhookSecret: blank(env.PAYMENTS_LOCAL_WEBHOOK_SECRET),
    s3: readS3(env, blank),
    uploadsDir: blank(env.UPLOADS_DIR),
    savedSearchAlertsIntervalMs: positiveInt("SAVED_SEARCH_ALERTS_INTERVAL_MS", env.SAVED_SEARCH_ALERTS_INTERVAL_MS),
    accessLapseIntervalMs: positiveInt("ACCESS_LAPSE_INTERVAL_MS", env.ACCESS_LAPSE_INTERVAL_MS),
    mailPollIntervalMs: readMailPollInterval(env.MAIL_POLL_INTERVAL_MS),
    liveMaxStreamsPerUser: readLiveMaxStreams(env.LIVE_MAX_STREAMS_PER_USER),
    imageWorkers: readImageWorkers(env.IMAGE_WORKERS),
    imageQueueMax: positiveInt("IMAGE_QUEUE_MAX", env.IMAGE_QUEUE_MAX),
    metricsPort: readPort("METRICS_PORT", env.METRICS_PORT),
    metricsHost: blank(env.METRICS_HOST),
    shutdownDrainMs: positiveInt("SHUTDOWN_DRAIN_MS", env.SHUTDOWN_DRAIN_MS) ?? 0,
    shutdownTimeoutMs: positiveInt("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS) ?? 10_000,
    production,
  };
}

function readPort(name: string, raw: string | undefined): number | undefined {
  const value = positiveInt(name, raw);
  if (value !== undefined && value > 65_535) throw new Error(`${name} must be a TCP port, 0 to 65535 (got "${raw ?? ""}").`);
  return value;
}

/** JWT_SECRET's least length in production: 32 bytes of randomness, as `openssl rand -base64 48` gives. */
export const PRODUCTION_MIN_JWT_SECRET_LENGTH = 32;

/**
 * What a production start (NODE_ENV=production) lacks, one line per
 * variable, in Spanish and English; empty when nothing does. Outside
 * production the local adapters stand in (generated secrets, the e-mail
 * log, the local checkout); in production each of them would be a hole or a
 * silent loss: a secret on the disk of one process, e-mail nobody gets,
 * plans activated without a charge (decision 041).
 */
export function productionProblems(env: ServerEnv): string[] {
  if (!env.production) return [];
  const problems: string[] = [];
  if (env.jwtSecret === undefined) {
    problems.push("JWT_SECRET: falta; en producción las sesiones se firman con un secreto compartido (openssl rand -base64 48) / missing: production signs sessions with a shared secret");
  } else if (env.jwtSecret.length < PRODUCTION_MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET: demasiado corto, mínimo ${PRODUCTION_MIN_JWT_SECRET_LENGTH} caracteres / too short, at least ${PRODUCTION_MIN_JWT_SECRET_LENGTH} characters`);
  }
  if (env.appUrl === undefined) problems.push("APP_URL: falta; es el origen público de los enlaces en correos (https://…) / missing: the public origin of e-mail links");
  else if (!env.appUrl.startsWith("https://")) problems.push("APP_URL: debe empezar con https:// en producción / must start with https:// in production");
  if (env.smtpUrl === undefined) problems.push("SMTP_URL: falta; sin él ningún correo sale / missing: without it no e-mail leaves");
  if (env.stripe === undefined) {
    problems.push("STRIPE_SECRET_KEY: falta (con STRIPE_WEBHOOK_SECRET); sin Stripe los planes se activarían sin cobro / missing (with STRIPE_WEBHOOK_SECRET): plans would activate without a charge");
  }
  return problems;
}
