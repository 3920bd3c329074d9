import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PasswordChangedResponse } from "../../contracts/accounts.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { LEAD_MESSAGES } from "../../contracts/leads.ts";
import { LoginResponse } from "../../contracts/sessions.ts";
import { hashRecoveryToken } from "../../server/accounts/password-recovery.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { readEnv } from "../../server/config.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { interestMessages } from "../../server/marketplace/schema.ts";
import { passwordResetTokens } from "../../server/accounts/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { INPUT_MESSAGES } from "../../server/http/decode.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

// Issue "Hardening": each defect a probe of the running product found, as a
// test that failed before its fix.

const decodeError = Schema.decodeUnknownSync(ApiErrorBody);
const decodeLogin = Schema.decodeUnknownSync(LoginResponse);
const decodePasswordChanged = Schema.decodeUnknownSync(PasswordChangedResponse);
const PASSWORD = "Clave-segura-1";
const SESSION_INVALID = "Tu sesión expiró o no es válida. Inicia sesión de nuevo.";

const expectError = (response: LightMyRequestResponse, status: number, message?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = decodeError(response.json());
  if (message !== undefined) expect(body.message).toBe(message);
  return body.message;
};

describe.each(ONE_TEST_DATABASE)("hardening on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const sent: MailMessage[] = [];
  const mailTransport: MailTransport = {
    kind: "outbox",
    deliver: async (message) => {
      sent.push(message);
    },
  };
  let seller: CreatedUser;
  let buyer: CreatedUser;
  let admin: CreatedUser;
  let companyId = 0;
  let humanId = "";

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const make = (email: string, roles: ReadonlyArray<"admin" | "seller" | "buyer">) =>
      createUser(handle.db, { email, password: PASSWORD, name: email.split("@")[0] ?? email, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    seller = await make("vendedora@ejemplo.mx", ["seller"]);
    buyer = await make("comprador@ejemplo.mx", ["buyer"]);
    admin = await make("admin@ejemplo.mx", ["admin"]);
    const company = await createCompany(handle.db, {
      name: "Empresa Visible",
      ownerUserId: seller.id,
      isPublished: true,
      contactEmail: "contacto@visible.mx",
      shortDescription: "Una empresa publicada",
    });
    companyId = company.id;
    humanId = company.humanId;
    const generous = { max: 100_000, windowMs: 60_000 };
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        mailTransport,
        rateLimits: { login: generous, login_account: generous, recovery: generous, signup: generous, leads: generous, interest_message: generous },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const json = (method: "POST" | "PATCH" | "PUT" | "DELETE" | "GET", url: string, body?: unknown, token?: string, raw?: string) =>
    app.inject({
      method,
      url,
      headers: {
        ...(body === undefined && raw === undefined ? {} : { "content-type": "application/json" }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(raw !== undefined ? { payload: raw } : body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const logIn = async (email: string, password = PASSWORD): Promise<string> => {
    const response = await json("POST", "/api/sessions", { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return decodeLogin(response.json()).access_token;
  };

  const lead = (overrides: Record<string, unknown> = {}) => ({
    name: "Mariana",
    service_interested: 1,
    email: "mariana@ejemplo.mx",
    phone: "55 1234 5678",
    referer: 1,
    ...overrides,
  });

  describe("1. no request stalls the event loop", () => {
    it("refuses an e-mail built to backtrack before any pattern runs, and /api/health does not wait behind it", async () => {
      // 400,000 characters: quadratic backtracking took minutes at this size.
      const evil = `a@${"a.".repeat(200_000)}@`;
      const started = performance.now();
      const [refused, health] = await Promise.all([json("POST", "/api/leads", lead({ email: evil })), json("GET", "/api/health")]);
      expect(performance.now() - started).toBeLessThan(2_000);
      expectError(refused, 400, "Ingresa un email válido");
      expect(health.statusCode).toBe(200);
      for (const [url, body] of [
        ["/api/sessions", { email: evil, password: "x" }],
        ["/api/accounts/recover-passwords", { email: evil }],
      ] as const) {
        const before = performance.now();
        expectError(await json("POST", url, body), 400, "Ingresa un email válido");
        expect(performance.now() - before).toBeLessThan(1_000);
      }
    });
  });

  describe("2. bad input is a 400, never a 500", () => {
    it("refuses a NUL character in any string that would reach PostgreSQL", async () => {
      const buyerToken = await logIn(buyer.email);
      const nul = "a\u0000b";
      const cases: ReadonlyArray<readonly [string, Promise<LightMyRequestResponse>]> = [
        ["profile name", json("PATCH", "/api/accounts", { name: nul, phone: "5512345678" }, buyerToken)],
        ["login e-mail", json("POST", "/api/sessions", { email: `x${nul}@ejemplo.mx`, password: PASSWORD })],
        ["lead name", json("POST", "/api/leads", lead({ name: nul }))],
        ["buyer sign-up", json("POST", "/api/buyers", { buyer_description_id: 1, state_id: 19, investment_description_summary: nul, investment_size_id: 1, user: { email: "nul@ejemplo.mx", password: PASSWORD, phone: "5512345678", name: "Nul" } })],
        ["interest message", json("POST", `/api/companies/${companyId}/interest_messages`, { name: "Comprador", email: buyer.email, human_id: humanId, summary: nul }, buyerToken)],
        ["search text", json("GET", `/api/companies?q=${encodeURIComponent(nul)}`)],
        ["a key", json("POST", "/api/leads", undefined, undefined, `{"na\\u0000me": "x"}`)],
      ];
      for (const [label, request] of cases) {
        const response = await request;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(decodeError(response.json()).message, label).toBe(INPUT_MESSAGES.nulCharacter);
      }
      const [stored] = await handle.db.select({ name: users.name }).from(users).where(eq(users.id, buyer.id));
      expect(stored?.name).not.toContain("\u0000");
    });

    it("refuses ids past what an integer column holds, with the field's message", async () => {
      expectError(await json("POST", "/api/leads", lead({ service_interested: 2_147_483_648 })), 400, LEAD_MESSAGES.serviceInterested);
      expectError(await json("POST", "/api/leads", lead({ referer: Number.MAX_SAFE_INTEGER })), 400, LEAD_MESSAGES.referer);
      expectError(await json("GET", "/api/companies?state_id=2147483648"), 400, "El filtro de estado no es válido.");
      expectError(await json("GET", "/api/companies/2147483648"), 400, "El identificador de la empresa no es válido.");
    });

    it("refuses JSON nested deeper than any request, arrays and objects alike", async () => {
      const deepArray = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
      expectError(await json("POST", "/api/leads", undefined, undefined, deepArray), 400, INPUT_MESSAGES.tooDeep);
      const deepObject = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
      expectError(await json("POST", "/api/sessions", undefined, undefined, deepObject), 400, INPUT_MESSAGES.tooDeep);
    });
  });

  describe("3. sessions end when they should", () => {
    it("DELETE /api/sessions revokes the token that calls it, and only that one", async () => {
      const first = await logIn(buyer.email);
      const second = await logIn(buyer.email);
      expect((await json("DELETE", "/api/sessions", undefined, first)).statusCode).toBe(200);
      expectError(await json("GET", "/api/companies?is_dashboard=true", undefined, first), 401, SESSION_INVALID);
      // Even a public endpoint refuses a dead token: the browser learns it is signed out.
      expectError(await json("GET", "/api/states", undefined, first), 401, SESSION_INVALID);
      expect((await json("GET", "/api/companies?is_dashboard=true", undefined, second)).statusCode).toBe(200);
      expectError(await json("DELETE", "/api/sessions"), 401);
    });

    it("a password change revokes every other token and answers a fresh one", async () => {
      const user = await createUser(handle.db, { email: "cambia@ejemplo.mx", password: PASSWORD, name: "Cambia", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
      const current = await logIn(user.email);
      const elsewhere = await logIn(user.email);
      const response = await json("PATCH", "/api/accounts/passwords", { current_password: PASSWORD, new_password: "Otra-clave-22", password_confirmation: "Otra-clave-22" }, current);
      expect(response.statusCode, response.body).toBe(200);
      const fresh = decodePasswordChanged(response.json()).access_token;
      for (const old of [current, elsewhere]) expectError(await json("GET", "/api/companies?is_dashboard=true", undefined, old), 401, SESSION_INVALID);
      expect((await json("GET", "/api/companies?is_dashboard=true", undefined, fresh)).statusCode).toBe(200);
      expect(await logIn(user.email, "Otra-clave-22")).toMatch(/\./);
    });

    it("a password reset revokes every token and answers a fresh one", async () => {
      const user = await createUser(handle.db, { email: "olvida@ejemplo.mx", password: PASSWORD, name: "Olvida", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
      const stolen = await logIn(user.email);
      const link = "token-de-recuperacion-de-prueba-0123456789abc";
      await handle.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashRecoveryToken(link), expiresAt: new Date(Date.now() + 60_000) });
      const response = await json("PUT", "/api/accounts/recover-passwords", { recover_token: link, password: "Nueva-clave-33", password_confirmation: "Nueva-clave-33" });
      expect(response.statusCode, response.body).toBe(200);
      const fresh = decodePasswordChanged(response.json()).access_token;
      expectError(await json("GET", "/api/companies?is_dashboard=true", undefined, stolen), 401, SESSION_INVALID);
      expect((await json("GET", "/api/companies?is_dashboard=true", undefined, fresh)).statusCode).toBe(200);
    });

    it("deactivation and role changes take effect on the next request", async () => {
      const user = await createUser(handle.db, { email: "cambiante@ejemplo.mx", password: PASSWORD, name: "Cambiante", phone: null, roles: ["admin"] }, { params: TEST_SCRYPT_PARAMS });
      const token = await logIn(user.email);
      const allCompanies = async () => (await json("GET", "/api/companies?is_dashboard=true", undefined, token)).json<{ total: number }>().total;
      expect(await allCompanies()).toBeGreaterThan(0);
      // No longer an admin: the same token now lists only the user's own companies (none).
      await handle.db.update(users).set({ roles: ["seller"] }).where(eq(users.id, user.id));
      expect(await allCompanies()).toBe(0);
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
      expectError(await json("GET", "/api/companies?is_dashboard=true", undefined, token), 403, "Tu cuenta está desactivada. Escríbenos a soporte para reactivarla.");
    });
  });

  describe("6. interest messages come from the sender's account", () => {
    it("stores and mails the account's e-mail, whatever the body claims", async () => {
      const token = await logIn(buyer.email);
      sent.length = 0;
      const response = await json(
        "POST",
        `/api/companies/${companyId}/interest_messages`,
        { name: "Comprador", email: "director@otra-empresa.mx", human_id: humanId, summary: "Quisiera conocer sus estados financieros." },
        token,
      );
      expect(response.statusCode, response.body).toBe(201);
      const [stored] = await handle.db.select({ email: interestMessages.email }).from(interestMessages).where(eq(interestMessages.id, response.json<{ id: number }>().id));
      expect(stored?.email).toBe(buyer.email);
      await app.backgroundIdle();
      const mail = sent.find((message) => message.to === "contacto@visible.mx");
      expect(mail?.text).toContain(buyer.email);
      expect(mail?.text).not.toContain("director@otra-empresa.mx");
    });
  });

  describe("8. no existence oracle", () => {
    it("answers a buyer the same for someone else's unpublished company and a missing one", async () => {
      const hidden = await createCompany(handle.db, { name: "Empresa Oculta", ownerUserId: seller.id, isPublished: false });
      const token = await logIn(buyer.email);
      const other = await json("GET", `/api/companies/${hidden.id}?is_dashboard=true`, undefined, token);
      const missing = await json("GET", "/api/companies/999999?is_dashboard=true", undefined, token);
      expect([other.statusCode, other.json()]).toEqual([missing.statusCode, missing.json()]);
      expect(other.statusCode).toBe(404);
      expect((await json("GET", `/api/companies/${hidden.id}?is_dashboard=true`, undefined, await logIn(admin.email))).statusCode).toBe(200);
    });
  });
});

describe("5. rate limits are configurable", () => {
  it("reads RATE_LIMIT_<BUCKET>=<max>/<window> for every bucket and refuses nonsense", () => {
    expect(
      readEnv({ RATE_LIMIT_SIGNUP: "10/1h", RATE_LIMIT_LOGIN: "20/15m", RATE_LIMIT_LOGIN_ACCOUNT: "5/30s", RATE_LIMIT_LEADS: "3/1d", RATE_LIMIT_PASSWORD_CHANGE_ACCOUNT: "4/1h" }).rateLimits,
    ).toEqual({
      signup: { max: 10, windowMs: 3_600_000 },
      login: { max: 20, windowMs: 900_000 },
      login_account: { max: 5, windowMs: 30_000 },
      leads: { max: 3, windowMs: 86_400_000 },
      password_change_account: { max: 4, windowMs: 3_600_000 },
    });
    expect(readEnv({}).rateLimits).toEqual({});
    for (const bad of ["10", "10/", "0/1h", "10/1w", "-1/1h", "diez/1h"]) {
      expect(() => readEnv({ RATE_LIMIT_RECOVERY: bad }), bad).toThrow("RATE_LIMIT_RECOVERY must look like 20/15m");
    }
  });
});

describe("7. what the server does not give away", () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let distDir = "";

  beforeAll(async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    distDir = mkdtempSync(join(tmpdir(), "puente-dist-"));
    mkdirSync(join(distDir, "assets"));
    writeFileSync(join(distDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
    writeFileSync(join(distDir, "assets", "main.js"), "console.log(1)");
    writeFileSync(join(distDir, "assets", "main.js.map"), '{"sources":["../src/app/main.tsx"]}');
    const { openDatabase } = await import("../../server/db/open.ts");
    handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir, trustProxyHops: 1 } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    const { rmSync } = await import("node:fs");
    if (distDir !== "") rmSync(distDir, { recursive: true, force: true });
  });

  it("never serves a source map, even one left in the build", async () => {
    expect((await app.inject({ url: "/assets/main.js" })).statusCode).toBe(200);
    const map = await app.inject({ url: "/assets/main.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("sources");
  });

  it("sends a Permissions-Policy everywhere, and HSTS only over TLS", async () => {
    const plain = await app.inject({ url: "/api/health" });
    expect(plain.headers["permissions-policy"]).toContain("camera=()");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = await app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("sends the security headers on the raw error path too (a malformed URL's 400)", async () => {
    const malformed = await app.inject({ url: "/api/companies/%E0%A4%A" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: expect.any(String) });
    for (const header of ["content-security-policy", "x-content-type-options", "x-frame-options", "permissions-policy", "referrer-policy"]) {
      expect(malformed.headers[header], header).toBeDefined();
    }
  });
});
