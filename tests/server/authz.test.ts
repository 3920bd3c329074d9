import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineEndpoint, type Access } from "../../contracts/endpoint.ts";
import type { Role } from "../../contracts/sessions.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { subscriptions } from "../../server/payments/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { registerAuthz } from "../../server/auth/authz.ts";
import { toErrorReply } from "../../server/http/errors.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";

// The guards are exercised on a small app wired like server/app.ts, with
// routes that stand for the later admin, seller and company routes.

/** Endpoints whose access rules the router turns into guards with `accessGuard` (every real one is in the authorization matrix). */
const ruled = (path: string, access: Access) =>
  defineEndpoint({
    method: "GET",
    path,
    summary: `probe: ${access.who}`,
    access,
    response: Schema.Struct({ ok: Schema.Boolean }),
    errors: { refused: { status: 403, message: "Solo para quien tiene plan o es administrador." } },
  });
const RULED = [
  ruled("/ruled/session", { who: "session" }),
  ruled("/ruled/buyers", { who: "role", roles: ["buyer"], refusal: "refused" }),
  ruled("/ruled/kyb", { who: "companyManager", companyId: "body", plan: "paidUnlessAdmin", refusal: "refused" }),
] as const;
describe.each(ONE_TEST_DATABASE)("authorization guards on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const people: Record<"admin" | "seller" | "otherSeller" | "buyer", CreatedUser | undefined> = {
    admin: undefined,
    seller: undefined,
    otherSeller: undefined,
    buyer: undefined,
  };
  let companyId = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const make = (email: string, roles: ReadonlyArray<Role>) =>
      createUser(handle.db, { email, password: "Clave-segura-1", name: email, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    people.admin = await make("admin@ejemplo.mx", ["admin"]);
    people.seller = await make("vendedora@ejemplo.mx", ["seller"]);
    people.otherSeller = await make("otro@ejemplo.mx", ["seller"]);
    people.buyer = await make("comprador@ejemplo.mx", ["buyer"]);
    companyId = (await createCompany(handle.db, { name: "La empresa", ownerUserId: people.seller.id })).id;

    app = Fastify({ logger: false });
    const authz = registerAuthz(app, { db: handle.db, tokens: { secret: TEST_JWT_SECRET } });
    app.setErrorHandler((error, _request, reply) => {
      const { statusCode, message } = toErrorReply(error);
      return reply.code(statusCode).send({ message });
    });
    app.get("/whoami", async (request) => ({ user: request.user?.email ?? null }));
    app.get("/private", { preHandler: authz.requireAuth }, async (request) => ({ id: authz.currentUser(request).id }));
    app.get("/admin-only", { preHandler: authz.requireRole("admin") }, async () => ({ ok: true }));
    app.get("/sellers", { preHandler: authz.requireRole("seller", "admin") }, async () => ({ ok: true }));
    app.get("/paid", { preHandler: authz.requirePaid() }, async (request) => ({ status: authz.currentUser(request).status }));
    app.get<{ Params: { id: string } }>("/companies/:id", { preHandler: authz.requireAuth }, async (request) => {
      await authz.assertCompanyAccess(request, Number(request.params.id));
      return { ok: true };
    });
    for (const endpoint of RULED) {
      const guard = authz.accessGuard(endpoint);
      app.get(endpoint.path, guard === null ? {} : { preHandler: guard }, async () => ({ ok: true }));
    }
    expect(authz.accessGuard(ruled("/ruled/anyone", { who: "anyone" }))).toBeNull();
    expect(authz.accessGuard(ruled("/ruled/token", { who: "token" }))).toBeNull();
    // Only the types stop a refusal that names no error; the guard refuses to be made.
    expect(() => authz.accessGuard({ ...RULED[1], access: { who: "role", roles: ["buyer"], refusal: "nope" } })).toThrow('access.refusal "nope" names none of its errors');
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const tokenFor = (user: CreatedUser | undefined) => {
    if (user === undefined) throw new Error("user not created");
    return sessionTokenFor(handle.db, user.id);
  };
  const get = async (url: string, user?: CreatedUser) =>
    app.inject({ method: "GET", url, headers: user === undefined ? {} : { authorization: `Bearer ${await tokenFor(user)}` } });

  it("decorates request.user only for a valid token", async () => {
    expect((await get("/whoami")).json()).toEqual({ user: null });
    expect((await get("/whoami", people.buyer)).json()).toEqual({ user: "comprador@ejemplo.mx" });
  });

  it("requireAuth: 401 without a session", async () => {
    const response = await get("/private");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Debes iniciar sesión para continuar." });
    expect((await get("/private", people.buyer)).json()).toEqual({ id: people.buyer?.id });
  });

  it("requireRole: 403 for the wrong role", async () => {
    expect((await get("/admin-only", people.admin)).statusCode).toBe(200);
    const denied = await get("/admin-only", people.seller);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: "No tienes permiso para realizar esta acción." });
    expect((await get("/sellers", people.seller)).statusCode).toBe(200);
    expect((await get("/sellers", people.admin)).statusCode).toBe(200);
    expect((await get("/sellers", people.buyer)).statusCode).toBe(403);
    expect((await get("/sellers")).statusCode).toBe(401);
  });

  it("company access: the owner or an admin; 404 for a missing company and for anyone else's", async () => {
    expect((await get(`/companies/${companyId}`, people.seller)).statusCode).toBe(200);
    expect((await get(`/companies/${companyId}`, people.admin)).statusCode).toBe(200);
    // Someone else's company answers like a missing one (no existence oracle).
    for (const outsider of [people.otherSeller, people.buyer]) {
      const response = await get(`/companies/${companyId}`, outsider);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "La empresa no existe." });
    }
    const missing = await get("/companies/999999", people.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "La empresa no existe." });
  });

  it("accessGuard: the caller's checks of an endpoint's access rule, with its own refusal", async () => {
    expect((await get("/ruled/session")).statusCode).toBe(401);
    expect((await get("/ruled/session", people.buyer)).statusCode).toBe(200);
    expect((await get("/ruled/buyers", people.buyer)).statusCode).toBe(200);
    const seller = await get("/ruled/buyers", people.seller);
    expect(seller.statusCode).toBe(403);
    expect(seller.json()).toEqual({ message: "Solo para quien tiene plan o es administrador." });
    // A plan unless an admin: the seller has none, the admin needs none (the company is the router's, after the body).
    expect((await get("/ruled/kyb", people.seller)).json()).toEqual({ message: "Solo para quien tiene plan o es administrador." });
    expect((await get("/ruled/kyb", people.admin)).statusCode).toBe(200);
    expect((await get("/ruled/kyb")).statusCode).toBe(401);
  });

  it("requirePaid: the subscription in the database decides on each request, never the token", async () => {
    const sellerId = people.seller?.id ?? -1;
    const token = await tokenFor(people.seller);
    const paid = { status: "active", isPaid: true, periodEnd: new Date(Date.now() + 86_400_000) };
    const denied = await app.inject({ method: "GET", url: "/paid", headers: { authorization: `Bearer ${token}` } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: "Para habilitar es necesario que cuentes con uno de nuestros planes" });
    expect((await get("/paid")).statusCode).toBe(401);
    try {
      // Paid after the token was issued: the same token passes at once.
      await handle.db.update(subscriptions).set(paid).where(eq(subscriptions.userId, sellerId));
      const allowed = await app.inject({ method: "GET", url: "/paid", headers: { authorization: `Bearer ${token}` } });
      expect(allowed.json()).toEqual({ status: "active" });
      // Cancelled with cancel_at already past: free again, whatever the token says.
      await handle.db.update(subscriptions).set({ status: "canceled", cancelAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, sellerId));
      expect((await app.inject({ method: "GET", url: "/paid", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    } finally {
      await handle.db.update(subscriptions).set({ status: "free", isPaid: false, periodEnd: null, cancelAt: null }).where(eq(subscriptions.userId, sellerId));
    }
  });

  it("a token of a since-deactivated account no longer passes the guards, but for the session rule (logging out)", async () => {
    const token = await tokenFor(people.otherSeller);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, people.otherSeller?.id ?? -1));
    const response = await app.inject({ method: "GET", url: "/private", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Tu cuenta está desactivada. Escríbenos a soporte para reactivarla." });
    expect((await app.inject({ method: "GET", url: "/ruled/buyers", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/ruled/session", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });
});
