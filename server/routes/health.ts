import type { FastifyInstance } from "fastify";

/** GET /api/health: a trivial JSON answer (liveness, and a baseline for benchmarks). */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get("/health", async () => ({ status: "ok" }));
}
