import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { isApiUrl } from "../http/api-url.ts";
import { LiveResponse, liveEndpoint, NotReadyResponse, readyEndpoint, STARTING_MESSAGE, STOPPING_MESSAGE } from "../../contracts/health.ts";

/**
 * Whether this process can answer (docs/decisions/039-ready-means-ready.md):
 * "starting" until the database is migrated and seeded and the search index
 * loaded, "ready" then; on SIGTERM "draining" (still serving, but
 * /health/ready says 503 so the proxy sends new traffic elsewhere: decision
 * 041), then "stopping" once the close begins. It only moves forward.
 */
export type ReadinessState = "starting" | "ready" | "draining" | "stopping";

export interface Readiness {
  readonly state: ReadinessState;
  markReady(): void;
  markDraining(): void;
  markStopping(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = "starting";
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === "starting") state = "ready";
    },
    markDraining() {
      if (state !== "stopping") state = "draining";
    },
    markStopping() {
      state = "stopping";
    },
  };
}

/** Seconds a client should wait before trying again (a start takes seconds; a restart, a few more). */
export const RETRY_AFTER_SECONDS = 5;

const LIVE_URL = `/api${liveEndpoint.path}`;
const READY_URL = `/api${readyEndpoint.path}`;
const encodeLive = Schema.encodeSync(LiveResponse);
const encodeNotReady = Schema.encodeSync(NotReadyResponse);

/**
 * Until the process is ready, this hook answers every request under /api
 * itself: /health/live 200, /health/ready 503 with why, anything else 503
 * `{ message }`, each with Retry-After. So no request touches a database
 * that may not be migrated yet, not even the session lookup of a request
 * with a token (registered before the authorization hook for that). The
 * built SPA's files are served meanwhile. While draining only
 * /health/ready says 503; every other route still answers. Once the close
 * began, every /api request that still arrives on an open connection gets
 * the Spanish 503 (Fastify's own `return503OnClosing` would answer in
 * English), and every answer closes its connection, so the client's next
 * request opens one to a process that serves.
 */
export function registerReadinessGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook("onRequest", async (request, reply) => {
    const state = readiness.state;
    if (state === "ready" || !isApiUrl(request.url)) return;
    const url = request.routeOptions.url;
    if (url === LIVE_URL) return reply.code(200).send(encodeLive({ status: "live" }));
    if (state === "draining" && url !== READY_URL) return;
    reply.code(503).header("Retry-After", String(RETRY_AFTER_SECONDS)).header("Cache-Control", "no-store");
    const message = state === "starting" ? STARTING_MESSAGE : STOPPING_MESSAGE;
    if (url === READY_URL) return reply.send(encodeNotReady({ status: state === "starting" ? "starting" : "stopping", message }));
    return reply.send({ message });
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (readiness.state === "stopping") reply.header("Connection", "close");
    return payload;
  });
}
