import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolStatsOf, type Database } from "../db/open.ts";
import { intOf, rowsOf } from "../db/rows.ts";

/**
 * Prometheus metrics of one process (decision 041; what to watch:
 * docs/deploy.md). Each app has its own registry, so tests that build
 * several apps in one process read each one's own counts. Served on
 * METRICS_PORT by `serveMetrics`, never on the public port.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A rate-limited request refused (429), by bucket. */
  readonly rateLimitRefusals: Counter<"bucket">;
  /** An e-mail delivery attempt that failed, by what happens next ("retry" or "failed"). */
  readonly emailFailures: Counter<"outcome">;
  /** Payment webhooks received, by event type and result. */
  readonly paymentWebhooks: Counter<"type" | "result">;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    rateLimitRefusals: new Counter({
      name: "puente_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by bucket.",
      labelNames: ["bucket"],
      registers: [registry],
    }),
    emailFailures: new Counter({
      name: "puente_email_failures_total",
      help: "E-mail delivery attempts that failed: outcome retry (tried again later) or failed (given up or refused).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    paymentWebhooks: new Counter({
      name: "puente_payment_webhooks_total",
      help: "Payment webhooks received, by event type and result (the apply outcome, or bad_signature).",
      labelNames: ["type", "result"],
      registers: [registry],
    }),
  };
}

export interface AppProbes {
  readonly db: Database;
  readonly readiness: () => string;
  readonly searchIndex: () => { readonly loaded: boolean; readonly companies: number };
}

const READINESS_STATES = ["starting", "ready", "draining", "stopping"] as const;

/**
 * Request count and latency per route template and status, and gauges read
 * at scrape time: readiness, the search index, the database pool and the
 * e-mail outbox. The route label is the template (`/api/companies/:id`),
 * never the raw URL, so a scanner's 404s cannot grow the label set.
 */
export function instrumentApp(app: FastifyInstance, metrics: Metrics, probes: AppProbes): void {
  const { registry } = metrics;
  const duration = new Histogram({
    name: "puente_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: "puente_http_requests_total",
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "puente_readiness",
    help: "1 for this process's readiness state (starting, ready, draining, stopping), 0 for the others.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const current = probes.readiness();
      for (const state of READINESS_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: "puente_search_index_companies",
    help: "Companies in this process's marketplace search index (-1 until it has loaded).",
    registers: [registry],
    collect() {
      const { loaded, companies } = probes.searchIndex();
      this.set(loaded ? companies : -1);
    },
  });
  new Gauge({
    name: "puente_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting: requests queued for one); absent on PGlite.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = poolStatsOf(probes.db);
      if (stats === null) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
      this.set({ state: "max" }, stats.max);
    },
  });
  // Read once per scrape, shared by both gauges.
  let outbox: Promise<{ depth: number; oldestSeconds: number }> | null = null;
  const readOutbox = () => {
    outbox ??= probes.db
      .execute(
        sql`SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
            FROM email_outbox WHERE status IN ('pending', 'sending')`,
      )
      .then((result) => {
        const [row] = rowsOf(result);
        return { depth: row === undefined ? 0 : intOf(row, "depth"), oldestSeconds: row === undefined ? 0 : Number(row.oldest) };
      })
      .finally(() => {
        setImmediate(() => {
          outbox = null;
        });
      });
    return outbox;
  };
  new Gauge({
    name: "puente_email_outbox_depth",
    help: "E-mails waiting in the outbox (pending or being sent), all processes together.",
    registers: [registry],
    async collect() {
      if (probes.readiness() === "starting") return;
      this.set((await readOutbox()).depth);
    },
  });
  new Gauge({
    name: "puente_email_outbox_oldest_seconds",
    help: "Age of the oldest e-mail waiting in the outbox, in seconds (0 when none waits).",
    registers: [registry],
    async collect() {
      if (probes.readiness() === "starting") return;
      this.set((await readOutbox()).oldestSeconds);
    },
  });
}

export interface MetricsServer {
  /** http://host:port/metrics */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serve the registry at GET /metrics on its own port, 127.0.0.1 unless told
 * otherwise: a scraper on the host (or a sidecar) reads it, the internet
 * does not.
 */
export async function serveMetrics(registry: Registry, { port, host = "127.0.0.1" }: { readonly port: number; readonly host?: string | undefined }): Promise<MetricsServer> {
  // Event-loop lag, heap, CPU, handles: prom-client's process metrics, only
  // where they are read (their event-loop monitor samples every 10 ms for
  // good; the suite builds hundreds of apps that nobody scrapes).
  collectDefaultMetrics({ register: registry });
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`metrics failed: ${error instanceof Error ? error.message : "unknown"}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the metrics server is not listening on TCP");
  const bound = address.port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
