import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_PARAMS, TEST_SCRYPT_PARAMS, hashPassword, verifyPassword } from "../../server/auth/passwords.ts";
import { loadJwtSecret } from "../../server/auth/secret.ts";
import { DEFAULT_TOKEN_TTL_SECONDS, SignedClaims, signSessionToken, verifySessionToken } from "../../server/auth/tokens.ts";
import { TEST_JWT_SECRET } from "./harness.ts";

const claims = {
  sub: "42",
  email: "persona@ejemplo.mx",
  name: "Persona",
  roles: ["seller"],
  phone: null,
  is_onboarding_completed: false,
  is_paid: false,
  status: "free",
  sid: "c2Vzc2lvbi1pZC1leGFtcGxl",
} as const;

describe("passwords", () => {
  it("hashes with scrypt at the production cost by default and verifies", async () => {
    const hash = await hashPassword("Puente2026!");
    expect(hash.startsWith(`scrypt$${DEFAULT_SCRYPT_PARAMS.N}$8$1$`)).toBe(true);
    expect(hash).not.toContain("Puente2026!");
    expect(await verifyPassword("Puente2026!", hash)).toBe(true);
    expect(await verifyPassword("puente2026!", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("igual", { params: TEST_SCRYPT_PARAMS }), hashPassword("igual", { params: TEST_SCRYPT_PARAMS })]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("igual", a)).toBe(true);
    expect(await verifyPassword("igual", b)).toBe(true);
  });

  it("rejects malformed or tampered hashes", async () => {
    const hash = await hashPassword("clave", { params: TEST_SCRYPT_PARAMS });
    expect(await verifyPassword("clave", "clave")).toBe(false);
    expect(await verifyPassword("clave", hash.replace("scrypt$", "bcrypt$"))).toBe(false);
    expect(await verifyPassword("clave", hash.replace(/\$[^$]+$/, "$AAAA"))).toBe(false);
    expect(await verifyPassword("clave", "scrypt$99999999999$8$1$c2FsdA==$aGFzaA==")).toBe(false);
  });
});

describe("session tokens", () => {
  const settings = { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS };

  it("signs exactly the SessionClaims and the session id, with an 8 hour lifetime", async () => {
    const token = await signSessionToken(claims, settings);
    const payload = decodeJwt(token);
    expect(Object.keys(payload).sort()).toEqual([...Object.keys(claims), "iat", "exp"].sort());
    const decoded = Schema.decodeUnknownSync(SignedClaims)(payload);
    expect(decoded.exp - decoded.iat).toBe(8 * 60 * 60);
    expect(await verifySessionToken(token, settings)).toEqual(decoded);
  });

  it("refuses expired tokens, other secrets and alg none", async () => {
    const expired = await signSessionToken(claims, settings, new Date(Date.now() - 9 * 60 * 60 * 1000));
    expect(await verifySessionToken(expired, settings)).toBeNull();
    const foreign = await signSessionToken(claims, { ...settings, secret: new TextEncoder().encode("another-secret-0123456789abcdefghij") });
    expect(await verifySessionToken(foreign, settings)).toBeNull();
    const [, payload] = (await signSessionToken(claims, settings)).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect(await verifySessionToken(none, settings)).toBeNull();
    expect(await verifySessionToken("not-a-token", settings)).toBeNull();
  });

  it("refuses a session id of a shape we never issue (a NUL in it reached PostgreSQL as a 500)", async () => {
    const iat = Math.floor(Date.now() / 1000);
    const signed = (sid: string) => new SignJWT({ ...claims, roles: [...claims.roles], sid, iat, exp: iat + 60 }).setProtectedHeader({ alg: "HS256" }).sign(TEST_JWT_SECRET);
    for (const sid of ["c2Vzc2lvbi1pZC1le\u0000", "c2Vzc2lvbi1pZC1l ZX", "c2Vzc2lvbi1pZC1l%ZX"]) expect(await verifySessionToken(await signed(sid), settings), sid).toBeNull();
    expect(await verifySessionToken(await signed(claims.sid), settings)).not.toBeNull();
  });
});

describe("JWT secret", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("is generated once into a mode-600 file and reused", async () => {
    const dir = await mkdtemp(join(tmpdir(), "puente-secret-"));
    dirs.push(dir);
    const file = join(dir, "nested", "jwt-secret");
    const first = await loadJwtSecret({ env: undefined, file });
    expect(first.length).toBe(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = await readFile(file, "utf8");
    const second = await loadJwtSecret({ env: "", file });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(await readFile(file, "utf8")).toBe(stored);
  });

  it("prefers JWT_SECRET and refuses a short one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "puente-secret-"));
    dirs.push(dir);
    const file = join(dir, "jwt-secret");
    const fromEnv = await loadJwtSecret({ env: "x".repeat(40), file });
    expect(new TextDecoder().decode(fromEnv)).toBe("x".repeat(40));
    await expect(stat(file)).rejects.toThrow();
    await expect(loadJwtSecret({ env: "corto", file })).rejects.toThrow(/32 bytes/);
  });
});
