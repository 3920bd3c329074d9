import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { readEnv } from "../../server/config.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { startServer, type RunningServer } from "../../server/start.ts";

describe("startServer (in-memory PGlite, random port)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ demoPasswordParams: TEST_SCRYPT_PARAMS, distDir: null });
  });
  afterAll(async () => {
    await server.close();
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

  it("closes idempotently", async () => {
    const other = await startServer({ seedDemo: false, distDir: null });
    await Promise.all([other.close(), other.close()]);
    await expect(fetch(`${other.url}/api/health`)).rejects.toThrow();
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
    });
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
