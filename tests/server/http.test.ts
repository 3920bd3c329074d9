import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PATHS, CatalogueList } from "../../contracts/catalogues.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { LoginResponse, SessionClaims } from "../../contracts/sessions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { findUserForLogin, sessionClaimsFor } from "../../server/auth/session-claims.ts";
import { issueSessionToken } from "../../server/auth/sessions.ts";
import { DEFAULT_TOKEN_TTL_SECONDS, signSessionToken, verifySessionToken } from "../../server/auth/tokens.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { users } from "../../server/auth/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createUser } from "../../server/auth/users.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

const SESSION_INVALID = "Tu sesión expiró o no es válida. Inicia sesión de nuevo.";
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);

describe.each(ONE_TEST_DATABASE)("HTTP API on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let distDir: string;
  const buyer = { email: "compradora@ejemplo.mx", password: "Clave-segura-1", name: "Compradora", phone: "5512345678" };
  const retired = { email: "baja@ejemplo.mx", password: "Clave-segura-2", name: "Dada de baja", phone: null };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    await createUser(handle.db, { ...buyer, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
    const gone = await createUser(handle.db, { ...retired, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    distDir = await mkdtemp(join(tmpdir(), "puente-dist-"));
    await writeFile(join(distDir, "index.html"), "<!doctype html><head><title>Puente</title></head>");
    await writeFile(
      join(distDir, "route-preloads.json"),
      JSON.stringify({
        "/": { js: ["/assets/Home-a1.js"], css: ["/assets/Home-b2.css"] },
        // Page.css-gone.js: a chunk the bundle listed but Vite did not write (a CSS-only module's).
        "/faq": { js: ["/assets/Faq-c3.js", "https://evil.example/x.js", "/assets/Page.css-gone.js"], css: [] },
      }),
    );
    await mkdir(join(distDir, "assets"));
    for (const file of ["Home-a1.js", "Home-b2.css", "Faq-c3.js"]) await writeFile(join(distDir, "assets", file), "");
    await writeFile(join(distDir, "robots.txt"), "User-agent: *");
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir, bodyLimit: 2048 } });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const login = (body: unknown) =>
    app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });

  const expectError = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number, message?: string) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
    const body = decodeError(response.json());
    if (message !== undefined) expect(body.message).toBe(message);
    return body.message;
  };

  it("answers GET /api/health", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("serves all 19 catalogues as [{id, name}]", async () => {
    for (const path of CATALOGUE_PATHS) {
      const response = await app.inject({ method: "GET", url: `/api/${path}` });
      expect(response.statusCode, path).toBe(200);
      const items = Schema.decodeUnknownSync(CatalogueList)(response.json());
      expect(items.length, path).toBeGreaterThan(0);
      expect(Object.keys(items[0] ?? {}).sort()).toEqual(["id", "name"]);
    }
    const statuses = Schema.decodeUnknownSync(CatalogueList)((await app.inject({ url: "/api/company_statuses" })).json());
    expect(statuses[0]?.name).toBe("Created");
    const states = Schema.decodeUnknownSync(CatalogueList)((await app.inject({ url: "/api/states" })).json());
    expect(states).toHaveLength(32);
  });

  describe("POST /api/sessions", () => {
    it("returns a signed token whose claims decode with SessionClaims", async () => {
      const response = await login({ email: buyer.email, password: buyer.password });
      expect(response.statusCode).toBe(200);
      const { access_token } = Schema.decodeUnknownSync(LoginResponse)(response.json());
      const claims = Schema.decodeUnknownSync(SessionClaims)(decodeJwt(access_token));
      expect(claims).toMatchObject({
        email: buyer.email,
        name: buyer.name,
        roles: ["buyer"],
        phone: buyer.phone,
        is_onboarding_completed: false,
        is_paid: false,
        status: "free",
      });
      expect(Number(claims.sub)).toBeGreaterThan(0);
      expect(claims.exp - claims.iat).toBe(DEFAULT_TOKEN_TTL_SECONDS);
      // The server's own claim: the session the token belongs to.
      expect(await verifySessionToken(access_token, { secret: TEST_JWT_SECRET })).toEqual({ ...claims, sid: expect.stringMatching(/^[\w-]{22}$/) });
    });

    it("compares the e-mail case-insensitively and trims it", async () => {
      const response = await login({ email: "  CompradorA@Ejemplo.MX ", password: buyer.password });
      expect(response.statusCode).toBe(200);
    });

    it("answers 401 for a wrong password or an unknown e-mail, with the same message", async () => {
      expectError(await login({ email: buyer.email, password: "otra-clave" }), 401, "El email o la contraseña son incorrectos.");
      expectError(await login({ email: "nadie@ejemplo.mx", password: buyer.password }), 401, "El email o la contraseña son incorrectos.");
    });

    it("answers 403 for a deactivated account", async () => {
      expectError(await login({ email: retired.email, password: retired.password }), 403, "Tu cuenta está desactivada. Escríbenos a soporte para reactivarla.");
      // ...but a wrong password on it is still just wrong credentials.
      expectError(await login({ email: retired.email, password: "otra-clave" }), 401, "El email o la contraseña son incorrectos.");
    });

    it("answers 400 with the contract's Spanish message for wrong field types", async () => {
      expectError(await login({ email: 5, password: [] }), 400, "Debes ingresar tu email");
      expectError(await login({ email: "no-es-email", password: "x" }), 400, "Ingresa un email válido");
      expectError(await login({ email: buyer.email, password: "   " }), 400, "Debes ingresar tu contraseña");
      expectError(await login({ email: buyer.email }), 400, "Debes ingresar tu contraseña");
    });

    it("answers 400 for a body that is not an object", async () => {
      for (const body of [[1, 2], "texto", 42, null]) {
        expectError(await login(body), 400, "Los datos enviados no son válidos.");
      }
      const empty = await app.inject({ method: "POST", url: "/api/sessions" });
      expectError(empty, 400, "Los datos enviados no son válidos.");
    });

    it("answers 400 for malformed JSON", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/sessions",
        headers: { "content-type": "application/json" },
        payload: '{"email": "a@b.mx",',
      });
      expectError(response, 400, "El cuerpo de la solicitud no es JSON válido.");
      const poisoned = await app.inject({
        method: "POST",
        url: "/api/sessions",
        headers: { "content-type": "application/json" },
        payload: '{"__proto__": {"admin": true}, "email": "a@b.mx", "password": "x"}',
      });
      expectError(poisoned, 400);
    });

    it("answers 415 for another content type and 413 for a large body", async () => {
      const text = await app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": "text/plain" }, payload: "hola" });
      expect(expectError(text, 415)).toMatch(/tipo de contenido/);
      const big = await login({ email: buyer.email, password: "x".repeat(4096) });
      expect(expectError(big, 413)).toMatch(/demasiado grande/);
    });

    it("does not refuse a request without a body for the type it names, but a body of that type still is 415", async () => {
      // Some clients (Pact's verifier among them) name text/plain on a POST that carries nothing.
      const empty = await app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": "text/plain" } });
      expectError(empty, 400, "Los datos enviados no son válidos.");
      const octets = await app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": "application/octet-stream" }, payload: Buffer.from([1, 2, 3]) });
      expect(expectError(octets, 415)).toMatch(/tipo de contenido/);
      const chunked = await app.inject({ method: "POST", url: "/api/sessions", headers: { "content-type": "text/plain", "transfer-encoding": "chunked" }, payload: "hola" });
      expect(expectError(chunked, 415)).toMatch(/tipo de contenido/);
      // An empty chunked body without a type (what Pact's verifier sends on a bodyless POST) is no body.
      const emptyChunked = await app.inject({ method: "POST", url: "/api/sessions", headers: { "transfer-encoding": "chunked" }, payload: "" });
      expectError(emptyChunked, 400, "Los datos enviados no son válidos.");
    });
  });

  describe("authorization header", () => {
    // Tokens for a real, open session of the buyer, signed as asked.
    const sign = async (overrides: { secret?: Uint8Array; now?: Date } = {}) => {
      const user = await findUserForLogin(handle.db, buyer.email);
      if (user === null) throw new Error("buyer missing");
      const { sessionId } = await issueSessionToken(handle.db, user, { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS });
      return signSessionToken(
        { ...sessionClaimsFor(user), sid: sessionId },
        { secret: overrides.secret ?? TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS },
        overrides.now,
      );
    };

    const withToken = (authorization: string, url = "/api/health") => app.inject({ method: "GET", url, headers: { authorization } });

    it("accepts a valid token", async () => {
      expect((await withToken(`Bearer ${await sign()}`)).statusCode).toBe(200);
    });

    it("answers 401 JSON for a bad, expired, unsigned or foreign token on any route", async () => {
      const valid = await sign();
      const [, payload] = valid.split(".");
      const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
      const expired = await sign({ now: new Date(Date.now() - 9 * 60 * 60 * 1000) });
      const foreign = await sign({ secret: new TextEncoder().encode("otro-secreto-0123456789abcdefghijkl") });
      const tampered = `${valid.slice(0, -4)}AAAA`;
      for (const header of ["Bearer basura", `Bearer ${expired}`, `Bearer ${unsigned}`, `Bearer ${foreign}`, `Bearer ${tampered}`, `Basic ${valid}`, "Bearer"]) {
        for (const url of ["/api/health", "/api/states", "/api/no-existe"]) {
          expectError(await withToken(header, url), 401, SESSION_INVALID);
        }
      }
    });
  });

  it("answers 404 JSON for an unknown /api path", async () => {
    expectError(await app.inject({ method: "GET", url: "/api/no-existe" }), 404, "Recurso no encontrado.");
    expectError(await app.inject({ method: "DELETE", url: "/api/states" }), 404, "Recurso no encontrado.");
    expectError(await app.inject({ method: "GET", url: "/api", headers: { accept: "text/html" } }), 404, "Recurso no encontrado.");
  });

  it("echoes x-request-id and generates one otherwise", async () => {
    const echoed = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "req-abc.123" } });
    expect(echoed.headers["x-request-id"]).toBe("req-abc.123");
    const failed = await app.inject({ method: "GET", url: "/api/no-existe", headers: { "x-request-id": "req-404" } });
    expect(failed.headers["x-request-id"]).toBe("req-404");
    const generated = await app.inject({ method: "GET", url: "/api/health" });
    expect(String(generated.headers["x-request-id"])).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "a b\tc" } });
    expect(hostile.headers["x-request-id"]).not.toBe("a b\tc");
  });

  it("sends security headers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(String(response.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(String(response.headers["content-security-policy"])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("serves the built app with a history fallback", async () => {
    const page = await app.inject({ method: "GET", url: "/compra-una-empresa?q=cafe", headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Puente</title>");
    const root = await app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain("<title>Puente</title>");
    const file = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(file.body).toBe("User-agent: *");
    const missingAsset = await app.inject({ method: "GET", url: "/assets/nada.js", headers: { accept: "*/*" } });
    expectError(missingAsset, 404);
  });

  it("puts the route's page chunks in the HTML as preloads (route-preloads.json from the build)", async () => {
    const root = await app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(root.statusCode).toBe(200);
    expect(root.headers["cache-control"]).toBe("no-cache");
    expect(root.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Home-a1.js"><link rel="preload" as="style" crossorigin href="/assets/Home-b2.css"></head>');
    const faq = await app.inject({ method: "GET", url: "/faq?x=1", headers: { accept: "text/html", "accept-encoding": "gzip" } });
    expect(faq.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(faq.rawPayload).toString("utf8");
    expect(html).toContain('href="/assets/Faq-c3.js"');
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("Page.css-gone.js");
    const other = await app.inject({ method: "GET", url: "/contacto", headers: { accept: "text/html" } });
    expect(other.body).not.toContain("modulepreload");
    expect(other.body).toContain("<title>Puente</title>");
  });
});
