import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";

export const HealthResponse = Schema.Struct({ status: Schema.Literal("ok") });

/** GET /health: a trivial answer once the process is ready (503 while it starts, like every route but /health/live), and the baseline of the benchmarks. */
export const healthEndpoint = defineEndpoint({
  method: "GET",
  path: "/health",
  summary: "A trivial answer: { status: 'ok' } (the benchmarks' baseline).",
  access: { who: "anyone" },
  response: HealthResponse,
});

// --- Live and ready (docs/decisions/039-ready-means-ready.md) -------------------------------

/** What every route but /health/live answers (503, with Retry-After) while the process starts: it migrates, seeds and loads the search index. */
export const STARTING_MESSAGE = "Puente se está iniciando. Intenta de nuevo en unos segundos.";
/** The same once the process has begun to shut down. */
export const STOPPING_MESSAGE = "Puente se está deteniendo. Intenta de nuevo en unos segundos.";

export const LiveResponse = Schema.Struct({ status: Schema.Literal("live") });
export const ReadyResponse = Schema.Struct({ status: Schema.Literal("ready") });
/** /health/ready's 503 body: why the process cannot serve yet, or any more. */
export const NotReadyResponse = Schema.Struct({ status: Schema.Literal("starting", "stopping"), message: Schema.String });

/** GET /health/live: 200 as soon as the process serves HTTP, even while it migrates (a liveness probe: restart the process only when this fails). */
export const liveEndpoint = defineEndpoint({
  method: "GET",
  path: "/health/live",
  summary: "Liveness: { status: 'live' } as soon as the process serves HTTP.",
  access: { who: "anyone" },
  response: LiveResponse,
});

/**
 * GET /health/ready: 200 once migrations, seeds and the search index are
 * loaded; until then, and again once the process begins to shut down, 503
 * with NotReadyResponse and Retry-After (a readiness probe: send traffic only
 * on 200).
 */
export const readyEndpoint = defineEndpoint({
  method: "GET",
  path: "/health/ready",
  summary: "Readiness: { status: 'ready' } once the process can answer every route; 503 { status: 'starting' | 'stopping', message } otherwise.",
  access: { who: "anyone" },
  response: ReadyResponse,
  errors: {
    starting: { status: 503, message: STARTING_MESSAGE },
    stopping: { status: 503, message: STOPPING_MESSAGE },
  },
});
