import { healthEndpoint } from "../../contracts/health.ts";
import type { Router } from "../http/router.ts";

/** GET /api/health: a trivial JSON answer (liveness, and a baseline for benchmarks). */
export function healthRoutes(router: Router): void {
  router.serve(healthEndpoint, {}, async () => ({ status: "ok" as const }));
}
