import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";

export const HealthResponse = Schema.Struct({ status: Schema.Literal("ok") });

/** GET /health: liveness, and the trivial baseline of the benchmarks. */
export const healthEndpoint = defineEndpoint({
  method: "GET",
  path: "/health",
  summary: "Liveness: answers { status: 'ok' }.",
  access: { who: "anyone" },
  response: HealthResponse,
});
