import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTING_MESSAGE } from "../../contracts/health.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { signSessionToken } from "../../server/auth/tokens.ts";
import { productionProblems, readEnv } from "../../server/config.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { startServer, type RunningServer, type StartStep } from "../../server/start.ts";

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: unknown;
}

const answerOf = async (url: string, init?: RequestInit): Promise<Answer> => {
  const response = await fetch(url, init);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
};

/** What the server answers to the probes, a listing, a signed-in call and an unknown API path. */
async function probe(url: string, token: string) {
  return {
    live: await answerOf(`${url}/api/health/live`),
    ready: await answerOf(`${url}/api/health/ready`),
    health: await answerOf(`${url}/api/health`),
    listing: await answerOf(`${url}/api/companies`),
    // A valid token: past the gate, its session would be looked up in a table that may not exist yet.
    signedIn: await answerOf(`${url}/api/accounts/email_verifications`, { headers: { authorization: `Bearer ${token}` } }),
    unknown: await answerOf(`${url}/api/no-existe`),
  };
}

type Probe = Awaited<ReturnType<typeof probe>>;

const starting = { status: 503, retryAfter: "5", body: { message: STARTING_MESSAGE } };

describe("startServer (in-memory PGlite, random port)", () => {
  let server: RunningServer;
  const jwtSecret = new Uint8Array(randomBytes(32));
  let token: string;
  // The server waits for onStep: each probe runs while the start is held at its step.
  const during: Partial<Record<StartStep, Probe>> = {};
  let readyWhileClosing: number | undefined;

  beforeAll(async () => {
    token = await signSessionToken(
      { sub: "1", sid: "a-session-that-is-not-there", email: "alguien@ejemplo.mx", name: "Alguien", roles: ["buyer"], phone: null, is_onboarding_completed: true, is_paid: false, status: "free" },
      { secret: jwtSecret, ttlSeconds: 600 },
    );
    server = await startServer({
      demoPasswordParams: TEST_SCRYPT_PARAMS,
      distDir: null,
      jwtSecret,
      onStep: async (step, { url }) => {
        if (step === "listening" || step === "seeded") during[step] = await probe(url, token);
        if (step === "closing") readyWhileClosing = (await fetch(`${url}/api/health/ready`)).status;
      },
    });
  });
  // The last test closes it; closing twice is harmless.
  afterAll(async () => {
    await server.close();
  });

  it("answers live as soon as it listens, and 503 with a Spanish message on every other route while it migrates", () => {
    const probed = during.listening;
    expect(probed?.live).toEqual({ status: 200, retryAfter: null, body: { status: "live" } });
    expect(probed?.ready).toEqual({ status: 503, retryAfter: "5", body: { status: "starting", message: STARTING_MESSAGE } });
    // No table exists yet: never a 500, not even for a token whose session would be looked up.
    expect(probed?.health).toEqual(starting);
    expect(probed?.listing).toEqual(starting);
    expect(probed?.signedIn).toEqual(starting);
    expect(probed?.unknown).toEqual(starting);
  });

  it("is not ready once migrated and seeded, until the search index is loaded", () => {
    const probed = during.seeded;
    expect(probed?.live.status).toBe(200);
    expect(probed?.ready).toEqual({ status: 503, retryAfter: "5", body: { status: "starting", message: STARTING_MESSAGE } });
    expect(probed?.listing).toEqual(starting);
  });

  it("answers ready and every route once started", async () => {
    const probed = await probe(server.url, token);
    expect(probed.ready).toEqual({ status: 200, retryAfter: null, body: { status: "ready" } });
    expect(probed.live).toEqual({ status: 200, retryAfter: null, body: { status: "live" } });
    expect(probed.listing.status).toBe(200);
    // The token's session does not exist: the authorization's own answer, from the migrated table.
    expect(probed.signedIn.status).toBe(401);
    expect(probed.unknown.status).toBe(404);
  });

  it("listens on a real port and answers over HTTP", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("seeds the demo accounts, which can log in", async () => {
    for (const user of Object.values(DEMO_USERS)) {
      const response = await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: DEMO_PASSWORD }),
      });
      expect(response.status, user.email).toBe(200);
    }
  });

  it("answers ready 503 from the moment it begins to close, and closes idempotently", async () => {
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    await Promise.all([server.close(), server.close()]);
    expect(readyWhileClosing).toBe(503);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it("fails and closes when the search index cannot load, never having answered ready", async () => {
    let url = "";
    const readyStatuses: number[] = [];
    const start = startServer({
      seedDemo: false,
      distDir: null,
      onStep: async (step, server) => {
        url = server.url;
        if (step !== "closing") readyStatuses.push((await fetch(`${url}/api/health/ready`)).status);
        // The index reads every company from company_search: without it the index cannot load.
        if (step === "seeded") await server.db.execute(sql`ALTER TABLE public.company_search RENAME TO company_search_gone`);
      },
    });
    await expect(start).rejects.toThrow(/company_search/);
    expect(readyStatuses).toEqual([503, 503, 503]);
    await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
  });
});

describe("readEnv", () => {
  it("applies defaults", () => {
    expect(readEnv({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      seedDemo: true,
      jwtSecret: undefined,
      logLevel: "info",
      tokenTtlSeconds: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      appUrl: undefined,
      teamEmail: undefined,
      redisUrl: undefined,
      trustProxyHops: 0,
      rateLimits: {},
      stripe: undefined,
      paymentsLocalWebhookSecret: undefined,
      metricsPort: undefined,
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 10_000,
      production: false,
    });
  });

  it("reads the metrics port and the shutdown's drain and timeout", () => {
    expect(readEnv({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", SHUTDOWN_DRAIN_MS: "6000", SHUTDOWN_TIMEOUT_MS: "20000" })).toMatchObject({
      metricsPort: 9464,
      metricsHost: "0.0.0.0",
      shutdownDrainMs: 6000,
      shutdownTimeoutMs: 20_000,
    });
    expect(() => readEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT must be a TCP port/);
    expect(() => readEnv({ SHUTDOWN_DRAIN_MS: "5s" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it("in production, names every secret that is missing, one line each, and seeds no demo accounts unless asked", () => {
    const bare = readEnv({ NODE_ENV: "production" });
    expect(bare.seedDemo).toBe(false);
    expect(readEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(productionProblems(bare).map((line) => line.split(":")[0])).toEqual(["JWT_SECRET", "APP_URL", "SMTP_URL", "STRIPE_SECRET_KEY"]);
    expect(productionProblems(readEnv({ NODE_ENV: "production", JWT_SECRET: "short", APP_URL: "http://puente.mx" })).slice(0, 2)).toEqual([
      expect.stringMatching(/^JWT_SECRET: demasiado corto/),
      expect.stringMatching(/^APP_URL: debe empezar con https:\/\//),
    ]);
    const complete = readEnv({
      NODE_ENV: "production",
      JWT_SECRET: "k".repeat(48),
      APP_URL: "https://puente.mx",
      SMTP_URL: "smtp://user:pass@smtp.example:587",
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_def456",
    });
    expect(productionProblems(complete)).toEqual([]);
    // Outside production the local adapters stand in.
    expect(productionProblems(readEnv({}))).toEqual([]);
  });

  it("refuses a production start without its secrets before opening anything, naming each variable", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "0" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines.map((line) => line.replace(/^Puente no inicia: /, "").split(":")[0])).toEqual(
      expect.arrayContaining(["JWT_SECRET", "APP_URL", "SMTP_URL", "STRIPE_SECRET_KEY"]),
    );
    expect(lines.every((line) => line.startsWith("Puente no inicia: "))).toBe(true);
  });

  it("reads the variables and rejects nonsense", () => {
    const env = readEnv({ PORT: "8080", HOST: "127.0.0.1", DATABASE_URL: "postgres://x@y/z", SEED_DEMO: "false", LOG_LEVEL: "WARN", JWT_TTL_SECONDS: "60", TRUST_PROXY: "2", SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(env).toMatchObject({ port: 8080, host: "127.0.0.1", databaseUrl: "postgres://x@y/z", seedDemo: false, logLevel: "warn", tokenTtlSeconds: 60, trustProxyHops: 2, smtpUrl: "smtp://127.0.0.1:2525" });
    expect(() => readEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads how often the saved-search alerts run (0 disables them)", () => {
    expect(readEnv({}).savedSearchAlertsIntervalMs).toBeUndefined();
    expect(readEnv({ SAVED_SEARCH_ALERTS_INTERVAL_MS: "5000" }).savedSearchAlertsIntervalMs).toBe(5000);
    expect(readEnv({ SAVED_SEARCH_ALERTS_INTERVAL_MS: "0" }).savedSearchAlertsIntervalMs).toBe(0);
    expect(() => readEnv({ SAVED_SEARCH_ALERTS_INTERVAL_MS: "-1" })).toThrow(/SAVED_SEARCH_ALERTS_INTERVAL_MS/);
    expect(() => readEnv({ SAVED_SEARCH_ALERTS_INTERVAL_MS: "30s" })).toThrow(/SAVED_SEARCH_ALERTS_INTERVAL_MS/);
    expect(readEnv({ ACCESS_LAPSE_INTERVAL_MS: "5000" }).accessLapseIntervalMs).toBe(5000);
    expect(readEnv({ ACCESS_LAPSE_INTERVAL_MS: "0" }).accessLapseIntervalMs).toBe(0);
    expect(readEnv({}).accessLapseIntervalMs).toBeUndefined();
    expect(() => readEnv({ ACCESS_LAPSE_INTERVAL_MS: "1m" })).toThrow(/ACCESS_LAPSE_INTERVAL_MS/);
  });

  it("reads how often the e-mail outbox's worker polls (at least 100 ms)", () => {
    expect(readEnv({}).mailPollIntervalMs).toBeUndefined();
    expect(readEnv({ MAIL_POLL_INTERVAL_MS: "5000" }).mailPollIntervalMs).toBe(5000);
    expect(() => readEnv({ MAIL_POLL_INTERVAL_MS: "0" })).toThrow(/MAIL_POLL_INTERVAL_MS must be at least 100/);
    expect(() => readEnv({ MAIL_POLL_INTERVAL_MS: "5s" })).toThrow(/MAIL_POLL_INTERVAL_MS/);
  });

  it("reads the Stripe keys together, or neither", () => {
    expect(readEnv({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_def456" }).stripe).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_def456",
    });
    expect(readEnv({ STRIPE_SECRET_KEY: " ", STRIPE_WEBHOOK_SECRET: "" }).stripe).toBeUndefined();
    expect(() => readEnv({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => readEnv({ STRIPE_WEBHOOK_SECRET: "whsec_def456" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def456" })).toThrow(/secret key/);
    expect(() => readEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "abc" })).toThrow(/whsec_/);
    expect(readEnv({ PAYMENTS_LOCAL_WEBHOOK_SECRET: "whsec_local" }).paymentsLocalWebhookSecret).toBe("whsec_local");
  });
});
