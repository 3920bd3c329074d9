import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { HttpError } from "./errors.ts";

/**
 * Fixed-window rate limits for the endpoints people (or scripts) can hammer
 * without an account: login, password recovery and sign-up. A window of
 * `windowMs` starts at the first hit of a key; hits after `max` within it
 * get a 429 with a Spanish message and `Retry-After`.
 *
 * Counters live in memory by default (one process). With REDIS_URL they
 * live in Redis, so several processes share them. If Redis cannot answer,
 * the request is let through and the failure logged: a limiter outage must
 * not lock everyone out of logging in.
 */

export type RateLimitBucket = "login" | "recovery" | "signup";

export interface RateLimitRule {
  /** Hits allowed per window and key. */
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitRules = Readonly<Record<RateLimitBucket, RateLimitRule>>;

const MINUTE = 60_000;

/** Per client IP. Generous for a person, tight for a script. */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  login: { max: 20, windowMs: 15 * MINUTE },
  recovery: { max: 5, windowMs: 15 * MINUTE },
  signup: { max: 10, windowMs: 60 * MINUTE },
};

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
    async close() {
      if (redis.status === "end") return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export type RateLimitGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimiter {
  readonly store: RateLimitStore;
  readonly rules: RateLimitRules;
  /** A preHandler that counts the request's IP in `bucket` and answers 429 past the limit. */
  guard(bucket: RateLimitBucket): RateLimitGuard;
}

export function createRateLimiter(store: RateLimitStore, rules: RateLimitRules, log: Pick<FastifyBaseLogger, "error">): RateLimiter {
  return {
    store,
    rules,
    guard: (bucket) => async (request, reply) => {
      const rule = rules[bucket];
      let result: HitResult;
      try {
        result = await store.hit(`${bucket}:${request.ip}`, rule.windowMs);
      } catch (error) {
        log.error({ err: error, bucket }, "rate limiter unavailable; request let through");
        return;
      }
      if (result.count > rule.max) {
        reply.header("Retry-After", String(Math.max(1, Math.ceil(result.resetMs / 1000))));
        throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
      }
    },
  };
}
