import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { TEST_JWT_SECRET } from "./harness.ts";

// Rate limits count by client IP. Behind N proxies that IP is read from
// X-Forwarded-For; with no proxy configured the header must be ignored, or a
// client could dodge the limit by inventing addresses.
describe.each([
  { hops: 0, separateCounters: false },
  { hops: 1, separateCounters: true },
])("TRUST_PROXY=$hops", ({ hops, separateCounters }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        trustProxyHops: hops,
        rateLimits: { login: { max: 1, windowMs: 60_000 }, recovery: { max: 1, windowMs: 60_000 }, signup: { max: 1, windowMs: 60_000 } },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const login = (forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      payload: JSON.stringify({ email: "nadie@ejemplo.mx", password: "Incorrecta-1" }),
    });

  it(separateCounters ? "counts each forwarded client apart" : "ignores X-Forwarded-For", async () => {
    expect((await login("203.0.113.10")).statusCode).toBe(401);
    expect((await login("203.0.113.11")).statusCode).toBe(separateCounters ? 401 : 429);
  });
});
