import { randomBytes } from "node:crypto";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_PASSWORD_CHANGES_MESSAGE } from "../../contracts/accounts.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { DEFAULT_RATE_LIMITS, createMemoryStore, createRedisStore, type RateLimitStore } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createUser } from "../../server/auth/users.ts";
import { signedInUser, TEST_JWT_SECRET } from "./harness.ts";
import { SAMPLE_PASSWORD } from "./samples.ts";

const decodeError = Schema.decodeUnknownSync(ApiErrorBody);
const TOO_MANY = "Demasiados intentos. Espera unos minutos e intenta de nuevo.";

describe("memory store", () => {
  it("counts hits per key in a fixed window and starts over when it ends", async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 10_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    expect(await store.hit("b", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 50_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    await store.close();
  });

  it("has production defaults a person never hits", () => {
    expect(DEFAULT_RATE_LIMITS.login.max).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_RATE_LIMITS.recovery.max).toBeGreaterThanOrEqual(3);
    expect(DEFAULT_RATE_LIMITS.signup.max).toBeGreaterThanOrEqual(3);
    expect(DEFAULT_RATE_LIMITS.password_change_account.max).toBeGreaterThanOrEqual(3);
  });
});

/** The limits on login, recovery, sign-up and password changes, on an app with tiny limits. */
const limitsSuite = (label: string, makeStore: () => RateLimitStore | undefined) =>
  describe(`429s with ${label} counters`, () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let store: RateLimitStore | undefined;

    beforeAll(async () => {
      handle = await openDatabase({ dataDir: "memory://" });
      await handle.migrate();
      await seedCatalogues(handle.db);
      await createUser(handle.db, { email: "limite@ejemplo.mx", password: "Correcta-2026", name: "Lía", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
      await createUser(handle.db, { email: "atacada@ejemplo.mx", password: "Correcta-2026", name: "Ada", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
      store = makeStore();
      app = await buildApp({
        db: handle.db,
        config: {
          jwtSecret: TEST_JWT_SECRET,
          logLevel: "silent",
          distDir: null,
          rateLimits: {
            login: { max: 3, windowMs: 60_000 },
            login_account: { max: 5, windowMs: 60_000 },
            recovery: { max: 2, windowMs: 60_000 },
            signup: { max: 2, windowMs: 60_000 },
            leads: { max: 2, windowMs: 60_000 },
            bot: { max: 2, windowMs: 60_000 },
            password_change: { max: 3, windowMs: 60_000 },
            password_change_account: { max: 2, windowMs: 60_000 },
          },
          ...(store === undefined ? {} : { rateLimitStore: store }),
        },
      });
    });

    afterAll(async () => {
      await app?.close();
      await store?.close();
      await handle?.close();
    });

    const post = (url: string, body: unknown, remoteAddress = "10.0.0.1") =>
      app.inject({ method: "POST", url, remoteAddress, headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });

    it("limits login attempts per IP, right password or not, with Retry-After", async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await post("/api/sessions", { email: "limite@ejemplo.mx", password: "equivocada" })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);
      const blocked = await post("/api/sessions", { email: "limite@ejemplo.mx", password: "Correcta-2026" });
      expect(blocked.statusCode).toBe(429);
      expect(decodeError(blocked.json()).message).toBe(TOO_MANY);
      const retryAfter = Number(blocked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another address is counted on its own.
      expect((await post("/api/sessions", { email: "limite@ejemplo.mx", password: "Correcta-2026" }, "10.0.0.2")).statusCode).toBe(200);
    });

    it("limits recovery requests, and answers the 429 the same for any e-mail", async () => {
      expect((await post("/api/accounts/recover-passwords", { email: "limite@ejemplo.mx" }, "10.0.1.1")).statusCode).toBe(200);
      expect((await post("/api/accounts/recover-passwords", { email: "nadie@ejemplo.mx" }, "10.0.1.1")).statusCode).toBe(200);
      const known = await post("/api/accounts/recover-passwords", { email: "limite@ejemplo.mx" }, "10.0.1.1");
      const unknown = await post("/api/accounts/recover-passwords", { email: "nadie@ejemplo.mx" }, "10.0.1.1");
      expect(known.statusCode).toBe(429);
      expect(unknown.statusCode).toBe(429);
      expect(unknown.body).toBe(known.body);
      expect(decodeError(known.json()).message).toBe(TOO_MANY);
      await app.backgroundIdle();
    });

    it("slows one account attacked from many addresses, without locking its owner out", async () => {
      // The owner logged in from home before the attack.
      expect((await post("/api/sessions", { email: "atacada@ejemplo.mx", password: "Correcta-2026" }, "10.0.3.100")).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await post("/api/sessions", { email: "atacada@ejemplo.mx", password: `adivina-${attempt}` }, `10.0.3.${attempt}`)).statusCode).toBe(401);
      }
      // A new address is refused even with the right password: the attacker's next guesses stop here.
      const blocked = await post("/api/sessions", { email: "ATACADA@ejemplo.mx", password: "Correcta-2026" }, "10.0.3.50");
      expect(blocked.statusCode).toBe(429);
      expect(decodeError(blocked.json()).message).toBe("Hubo demasiados intentos fallidos en esta cuenta. Espera unos minutos o recupera tu contraseña.");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // The owner's usual address still gets in; other accounts are untouched.
      expect((await post("/api/sessions", { email: "atacada@ejemplo.mx", password: "Correcta-2026" }, "10.0.3.100")).statusCode).toBe(200);
      expect((await post("/api/sessions", { email: "limite@ejemplo.mx", password: "Correcta-2026" }, "10.0.3.51")).statusCode).toBe(200);
    });

    it("limits contact requests per address", async () => {
      const lead = { name: "Mariana", service_interested: 1, email: "mariana@ejemplo.mx", phone: "55 1234 5678", referer: 1 };
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await post("/api/leads", lead, "10.0.4.1")).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await post("/api/leads", lead, "10.0.4.2")).statusCode).toBe(201);
    });

    it("limits Puente Bot's questions per address, asked through the API or the chat page's form", async () => {
      const question = { question: "¿Cuánto cuesta el plan Impulsa?" };
      const pageWith = (query: string, remoteAddress: string) => app.inject({ method: "GET", url: `/api/bot${query}`, remoteAddress });
      // Opening the page asks nothing, so it is not counted.
      expect((await pageWith("", "10.0.6.1")).statusCode).toBe(200);
      expect((await post("/api/bot/answers", question, "10.0.6.1")).statusCode).toBe(200);
      expect((await pageWith("?pregunta=KYB", "10.0.6.1")).statusCode).toBe(200);
      const refused = await post("/api/bot/answers", question, "10.0.6.1");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TOO_MANY });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // The page says it in the page, with Retry-After too.
      const refusedPage = await pageWith("?pregunta=KYB", "10.0.6.1");
      expect(refusedPage.statusCode).toBe(429);
      expect(refusedPage.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(refusedPage.body).toContain(`<p id="pregunta-error" class="error">${TOO_MANY}</p>`);
      expect(Number(refusedPage.headers["retry-after"])).toBeGreaterThan(0);
      expect((await post("/api/bot/answers", question, "10.0.6.2")).statusCode).toBe(200);
    });

    it("limits password changes per account from any address, and per address across accounts", async () => {
      const change = (token: string, remoteAddress: string, current = "adivina-1") =>
        app.inject({
          method: "PATCH",
          url: "/api/accounts/passwords",
          remoteAddress,
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          payload: JSON.stringify({ current_password: current, new_password: "Nueva-clave-9", password_confirmation: "Nueva-clave-9" }),
        });
      // A stolen token guessing the current password from several addresses: past two tries the account is refused,
      // even with the right password.
      const owner = await signedInUser(handle.db, { email: "cambia@ejemplo.mx", name: "Cata", roles: ["buyer"] });
      expect((await change(owner.token, "10.0.7.1")).statusCode).toBe(400);
      expect((await change(owner.token, "10.0.7.2")).statusCode).toBe(400);
      const blocked = await change(owner.token, "10.0.7.3", SAMPLE_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: TOO_MANY_PASSWORD_CHANGES_MESSAGE });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // One address trying many accounts: three tries in all, then a fourth account is refused there and not elsewhere.
      const tokens: string[] = [];
      for (const name of ["uno", "dos", "tres", "cuatro"]) tokens.push((await signedInUser(handle.db, { email: `cambia.${name}@ejemplo.mx`, name, roles: ["buyer"] })).token);
      const statuses = [];
      for (const token of tokens) statuses.push((await change(token, "10.0.8.1")).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await change(tokens[3] ?? "", "10.0.8.2")).statusCode).toBe(400);
    });

    it("limits sign-ups across buyers and sellers", async () => {
      const results = [];
      for (const url of ["/api/buyers", "/api/sellers", "/api/buyers"]) {
        results.push((await post(url, {}, "10.0.2.1")).statusCode);
      }
      expect(results).toEqual([400, 400, 429]);
    });
  });

limitsSuite("in-memory", () => undefined);

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl !== undefined && redisUrl !== "") {
  const prefix = () => `puente:test:${process.pid}:${randomBytes(4).toString("hex")}:`;

  describe("Redis store (TEST_REDIS_URL)", () => {
    it("counts hits atomically with an expiry on the first one", async () => {
      const store = createRedisStore(redisUrl, { prefix: prefix() });
      try {
        const first = await store.hit("k", 5_000);
        expect(first.count).toBe(1);
        expect(first.resetMs).toBeGreaterThan(4_000);
        expect(first.resetMs).toBeLessThanOrEqual(5_000);
        const hits = await Promise.all([store.hit("k", 5_000), store.hit("k", 5_000), store.hit("k", 5_000)]);
        expect(hits.map((hit) => hit.count).sort()).toEqual([2, 3, 4]);
        expect((await store.hit("other", 5_000)).count).toBe(1);
      } finally {
        await store.close();
      }
    });

    it("starts a new window after the old one expires", async () => {
      const store = createRedisStore(redisUrl, { prefix: prefix() });
      try {
        await store.hit("short", 100);
        await store.hit("short", 100);
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect((await store.hit("short", 100)).count).toBe(1);
      } finally {
        await store.close();
      }
    });

    it("shares counters between two stores (two server processes)", async () => {
      const shared = prefix();
      const a = createRedisStore(redisUrl, { prefix: shared });
      const b = createRedisStore(redisUrl, { prefix: shared });
      try {
        await a.hit("ip", 60_000);
        expect((await b.hit("ip", 60_000)).count).toBe(2);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });

  limitsSuite("Redis", () => createRedisStore(redisUrl, { prefix: prefix() }));
}

describe("an unreachable Redis", () => {
  // Migrating a fresh PGlite takes most of a test's time on a busy machine: a hook's, not the test's.
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("lets requests through instead of locking everyone out", async () => {
    const app = await buildApp({
      db: handle.db,
      // Nothing listens on port 1.
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, redisUrl: "redis://127.0.0.1:1", rateLimits: { login: { max: 1, windowMs: 60_000 } } },
    });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await app.inject({
          method: "POST",
          url: "/api/sessions",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email: "nadie@ejemplo.mx", password: "x" }),
        });
        expect(response.statusCode).toBe(401);
      }
    } finally {
      await app.close();
    }
  });
});
