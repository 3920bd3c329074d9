import { healthEndpoint, liveEndpoint, readyEndpoint } from "../../contracts/health.ts";
import type { Router } from "../http/router.ts";

/**
 * GET /api/health: a trivial JSON answer (the benchmarks' baseline).
 * GET /api/health/live and /api/health/ready: their 200s. Until the process
 * is ready, and once it stops, the readiness gate answers for every route
 * (./readiness.ts): live 200, ready and the rest 503. So these handlers run
 * only in a ready process.
 */
export function healthRoutes(router: Router): void {
  router.serve(healthEndpoint, {}, async () => ({ status: "ok" as const }));
  router.serve(liveEndpoint, {}, async () => ({ status: "live" as const }));
  router.serve(readyEndpoint, {}, async () => ({ status: "ready" as const }));
}
