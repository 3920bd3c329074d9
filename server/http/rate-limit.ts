import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { HttpError } from "./errors.ts";

/**
 * Fixed-window rate limits for every endpoint a script could hammer: login
 * (per IP, and failed attempts per account), password recovery, sign-up,
 * contact leads, free valuations and Puente Bot's questions (per IP),
 * interest messages (per sender), checkouts and other writes (per user),
 * admin actions (per admin), and the deal room's requests, messages, letters,
 * decisions, saved searches and e-mail verification links (per user),
 * password changes (per IP and per account), live streams opened (per user), and buyer
 * mandates (per IP and per contact e-mail), and access-audit downloads (per user). A window of
 * `windowMs` starts at the first hit of a key; hits after `max` within it
 * get a 429 with a Spanish message and `Retry-After`. Operators tune each
 * bucket with `RATE_LIMIT_<BUCKET>=<max>/<window>` (server/config.ts).
 *
 * Counters live in memory by default (one process). With REDIS_URL they
 * live in Redis, so several processes share them. If Redis cannot answer,
 * the request is let through and the failure logged: a limiter outage must
 * not lock everyone out of logging in.
 */

export const RATE_LIMIT_BUCKETS = ["login", "login_account", "login_known", "recovery", "signup", "leads", "interest_message", "checkout", "company_writes", "uploads", "file_opens", "kyb", "onboarding", "valuations", "bot", "admin_actions", "access_requests", "deal_messages", "letters_of_intent", "deal_decisions", "saved_searches", "email_verification", "password_change", "password_change_account", "live_streams", "buyer_leads", "buyer_leads_email", "page_renders", "audit_exports", "reading_reports"] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

export interface RateLimitRule {
  /** Hits allowed per window and key. */
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitRules = Readonly<Record<RateLimitBucket, RateLimitRule>>;

const MINUTE = 60_000;

/** Generous for a person, tight for a script. */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  /** Login attempts per IP. */
  login: { max: 20, windowMs: 15 * MINUTE },
  /** Failed logins per account; past it only addresses in `login_known` may keep trying (server/sessions/routes.ts). */
  login_account: { max: 10, windowMs: 15 * MINUTE },
  /** How long an address that logged into an account stays trusted for it (`max` is unused). */
  login_known: { max: 1, windowMs: 30 * 24 * 60 * MINUTE },
  recovery: { max: 5, windowMs: 15 * MINUTE },
  signup: { max: 10, windowMs: 60 * MINUTE },
  /** Contact requests per IP: each stores a row and e-mails the team. */
  leads: { max: 5, windowMs: 60 * MINUTE },
  /** Interest messages per signed-in sender. */
  interest_message: { max: 5, windowMs: 15 * MINUTE },
  /** Checkouts opened per signed-in user: each one asks Stripe for a hosted page. */
  checkout: { max: 10, windowMs: 60 * MINUTE },
  /** Company creations and edits per signed-in user. */
  company_writes: { max: 60, windowMs: 60 * MINUTE },
  /** Upload requests per signed-in user (data room and picture): each writes up to 50 MB. */
  uploads: { max: 60, windowMs: 60 * MINUTE },
  /** Data-room file opens per signed-in user: each signs a URL and records a view. */
  file_opens: { max: 300, windowMs: 60 * MINUTE },
  /** KYB requests per signed-in user: each stores a row and e-mails the team. */
  kyb: { max: 5, windowMs: 60 * MINUTE },
  /** Onboarding saves and finishes per signed-in user: each rewrites the company's answers in a transaction. */
  onboarding: { max: 120, windowMs: 60 * MINUTE },
  /** Free valuations per IP: each runs 1,000 draws and stores a lead; an owner tries a few what-ifs. */
  valuations: { max: 30, windowMs: 60 * MINUTE },
  /** Puente Bot questions per IP (the chat page's form and POST /bot/answers): each runs two small searches. */
  bot: { max: 60, windowMs: 15 * MINUTE },
  /** Admin writes per admin (deactivating users): plenty for a person, a brake on a script with a stolen admin session. */
  admin_actions: { max: 120, windowMs: 60 * MINUTE },
  /** Access requests and NDA acceptances per signed-in buyer: each e-mails a seller. */
  access_requests: { max: 10, windowMs: 60 * MINUTE },
  /** Deal-room messages per signed-in user: a live conversation, not a flood (each may e-mail the other party). */
  deal_messages: { max: 60, windowMs: 15 * MINUTE },
  /** Letters of intent per signed-in buyer: each e-mails a seller. */
  letters_of_intent: { max: 10, windowMs: 60 * MINUTE },
  /** Approvals, rejections, revocations, answers to letters and document sharing per signed-in user. */
  deal_decisions: { max: 120, windowMs: 60 * MINUTE },
  /** Saved searches saved or deleted per signed-in user. */
  saved_searches: { max: 30, windowMs: 60 * MINUTE },
  /** Verification links sent per signed-in user, and links used per address: each sends an e-mail or checks a token. */
  email_verification: { max: 5, windowMs: 15 * MINUTE },
  /** Password changes per IP, right current password or not: each costs two scrypt hashes. */
  password_change: { max: 20, windowMs: 15 * MINUTE },
  /** Password changes per account: a stolen token must not turn into unlimited guesses at the current password. */
  password_change_account: { max: 10, windowMs: 15 * MINUTE },
  /** Live streams opened per signed-in user (GET /events): a page load or a reconnection each, never a loop. */
  live_streams: { max: 120, windowMs: 15 * MINUTE },
  /** Buyer mandates per IP: each stores a row, e-mails the team, and later e-mails its contact. */
  buyer_leads: { max: 5, windowMs: 60 * MINUTE },
  /** Buyer mandates per contact e-mail: a visitor's address cannot be signed up for a flood of matches from many addresses. */
  buyer_leads_email: { max: 3, windowMs: 24 * 60 * MINUTE },
  /**
   * Marketplace and profile pages rendered on the server per IP (decision 043): each new URL costs a
   * render of tens of milliseconds. Past it the page is not refused: it renders in the browser.
   */
  page_renders: { max: 120, windowMs: MINUTE },
  /** Access-audit CSVs per signed-in user (decision 049): each reads every access event of a company. */
  audit_exports: { max: 30, windowMs: 60 * MINUTE },
  /** Page reports per reading token (decision 051): the viewer sends one every 15 s and one as the page closes. */
  reading_reports: { max: 30, windowMs: 5 * MINUTE },
};

/** Every bucket at `rule` (test servers raise all limits this way; tests of the limits set their own). */
export const sameLimitForEveryBucket = (rule: RateLimitRule): RateLimitRules => ({
  login: rule,
  login_account: rule,
  login_known: rule,
  recovery: rule,
  signup: rule,
  leads: rule,
  interest_message: rule,
  checkout: rule,
  company_writes: rule,
  uploads: rule,
  file_opens: rule,
  kyb: rule,
  onboarding: rule,
  valuations: rule,
  bot: rule,
  admin_actions: rule,
  access_requests: rule,
  deal_messages: rule,
  letters_of_intent: rule,
  deal_decisions: rule,
  saved_searches: rule,
  email_verification: rule,
  password_change: rule,
  password_change_account: rule,
  live_streams: rule,
  buyer_leads: rule,
  buyer_leads_email: rule,
  page_renders: rule,
  audit_exports: rule,
  reading_reports: rule,
});

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE };
export const RATE_LIMIT_RULE_PATTERN = /^(\d{1,9})\/(\d{1,9})([smhd])$/;

/** `"20/15m"` -> 20 hits per 15 minutes; null for anything else (units s, m, h, d). */
export function parseRateLimitRule(text: string): RateLimitRule | null {
  const match = RATE_LIMIT_RULE_PATTERN.exec(text.trim());
  if (match === null) return null;
  const [, max, amount, unit] = match;
  const windowMs = Number(amount) * (UNIT_MS[unit ?? ""] ?? 0);
  if (Number(max) < 1 || windowMs < 1000) return null;
  return { max: Number(max), windowMs };
}

export const TOO_MANY_REQUESTS_MESSAGE = "Demasiados intentos. Espera unos minutos e intenta de nuevo.";

export interface HitResult {
  /** Hits in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetMs: number;
}

/** Where counters live. `hit` counts one request for `key` in a window of `windowMs`. */
export interface RateLimitStore {
  readonly kind: "memory" | "redis";
  hit(key: string, windowMs: number): Promise<HitResult>;
  /** Hits in the key's current window, without counting one (0 when none). */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** In-process counters; expired windows are swept as keys are touched and on a timer. */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  };
  const timer = setInterval(sweep, MINUTE);
  timer.unref();
  return {
    kind: "memory",
    async hit(key, windowMs) {
      const time = now();
      const current = windows.get(key);
      if (current === undefined || current.resetAt <= time) {
        windows.set(key, { count: 1, resetAt: time + windowMs });
        return { count: 1, resetMs: windowMs };
      }
      current.count += 1;
      return { count: current.count, resetMs: current.resetAt - time };
    },
    async peek(key) {
      const current = windows.get(key);
      return current === undefined || current.resetAt <= now() ? 0 : current.count;
    },
    async close() {
      clearInterval(timer);
      windows.clear();
    },
  };
}

// INCR and set the expiry on the first hit, atomically; answer count and time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export interface RedisStoreOptions {
  /** Prefix of every key, so tests and environments can share a server. */
  readonly prefix?: string;
}

/** Counters in Redis (REDIS_URL). Commands fail fast instead of queueing while Redis is away. */
export function createRedisStore(url: string, options: RedisStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? "puente:rate:";
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  // Connection errors surface on commands (and are logged by the limiter); keep them off the event.
  redis.on("error", () => {});
  let connecting: Promise<void> | undefined;
  const ready = () => {
    if (redis.status === "ready") return Promise.resolve();
    connecting ??= redis.connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  return {
    kind: "redis",
    async hit(key, windowMs) {
      await ready();
      const reply = await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs));
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [];
      if (count === undefined || ttl === undefined || !Number.isFinite(count) || !Number.isFinite(ttl)) {
        throw new Error("unexpected reply from the rate-limit script");
      }
      return { count, resetMs: ttl };
    },
    async peek(key) {
      await ready();
      const value = await redis.get(`${prefix}${key}`);
      const count = Number(value ?? 0);
      return Number.isFinite(count) ? count : 0;
    },
    async close() {
      if (redis.status === "end") return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export type RateLimitGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface GuardOptions {
  /** Whose requests are counted; the client IP by default. */
  readonly key?: (request: FastifyRequest) => string;
  /** The 429's message; the generic one by default. */
  readonly message?: string;
}

export interface RateLimiter {
  readonly store: RateLimitStore;
  readonly rules: RateLimitRules;
  /** A guard that counts the request (by IP, or `options.key`) in `bucket` and answers 429 past the limit. */
  guard(bucket: RateLimitBucket, options?: GuardOptions): RateLimitGuard;
  /** Counts one hit of `key` in `bucket`; null when the store cannot answer (logged; the request goes on). */
  hit(bucket: RateLimitBucket, key: string): Promise<HitResult | null>;
  /** The hits of `key` in `bucket`'s current window; 0 when the store cannot answer. */
  peek(bucket: RateLimitBucket, key: string): Promise<number>;
  /** Counts one hit of `key` in `bucket` and says whether it is within the limit (true when the store cannot answer); refusals are counted like a guard's. */
  within(bucket: RateLimitBucket, key: string): Promise<boolean>;
}

export const retryAfterSeconds = (resetMs: number): string => String(Math.max(1, Math.ceil(resetMs / 1000)));

export function createRateLimiter(
  store: RateLimitStore,
  rules: RateLimitRules,
  log: Pick<FastifyBaseLogger, "error">,
  /** Told of each request a guard refuses (the metrics count them). */
  onRefused: (bucket: RateLimitBucket) => void = () => undefined,
): RateLimiter {
  // A limiter outage must not lock everyone out: the request is let through and the failure logged.
  const hit = async (bucket: RateLimitBucket, key: string): Promise<HitResult | null> => {
    try {
      return await store.hit(`${bucket}:${key}`, rules[bucket].windowMs);
    } catch (error) {
      log.error({ err: error, bucket }, "rate limiter unavailable; request let through");
      return null;
    }
  };
  const peek = async (bucket: RateLimitBucket, key: string): Promise<number> => {
    try {
      return await store.peek(`${bucket}:${key}`);
    } catch (error) {
      log.error({ err: error, bucket }, "rate limiter unavailable; request let through");
      return 0;
    }
  };
  return {
    store,
    rules,
    hit,
    peek,
    async within(bucket, key) {
      const result = await hit(bucket, key);
      if (result === null || result.count <= rules[bucket].max) return true;
      onRefused(bucket);
      return false;
    },
    guard:
      (bucket, options = {}) =>
      async (request, reply) => {
        const result = await hit(bucket, options.key?.(request) ?? request.ip);
        if (result !== null && result.count > rules[bucket].max) {
          onRefused(bucket);
          reply.header("Retry-After", retryAfterSeconds(result.resetMs));
          throw new HttpError(429, options.message ?? TOO_MANY_REQUESTS_MESSAGE);
        }
      },
  };
}
