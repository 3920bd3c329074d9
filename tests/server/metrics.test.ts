import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { ONE_TEST_DATABASE, type TestDatabaseHandle } from "./harness.ts";

// What an operator's Prometheus reads on METRICS_PORT (decision 041, docs/deploy.md).

/** The value of one sample line, e.g. `name{a="b"}`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(ONE_TEST_DATABASE)("Prometheus metrics ($kind)", (target) => {
  let database: TestDatabaseHandle;
  let server: RunningServer;
  let metricsUrl: string;

  beforeAll(async () => {
    database = await target.open();
    server = await startServer({
      databaseUrl: database.url,
      demoPasswordParams: TEST_SCRYPT_PARAMS,
      distDir: null,
      metricsPort: 0,
      rateLimits: { login: { max: 1, windowMs: 60_000 } },
    });
    if (server.metricsUrl === undefined) throw new Error("no metrics server");
    metricsUrl = server.metricsUrl;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it("listens on the loopback only, on its own port, and not on the public one", async () => {
    expect(new URL(metricsUrl).hostname).toBe("127.0.0.1");
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace("/metrics", "/otra"))).status).toBe(404);
  });

  it("counts requests per route template and status, with their latency", async () => {
    const before = await scrape();
    const listed = 'puente_http_requests_total{method="GET",route="/api/companies",status="200"}';
    await fetch(`${server.url}/api/companies`);
    await fetch(`${server.url}/api/companies`);
    await fetch(`${server.url}/api/no-existe-${Date.now()}`);
    const after = await scrape();
    expect((sample(after, listed) ?? 0) - (sample(before, listed) ?? 0)).toBe(2);
    expect(sample(after, 'puente_http_request_duration_seconds_count{method="GET",route="/api/companies",status="200"}')).toBeGreaterThanOrEqual(2);
    // An unknown URL is counted under one label, never its own.
    expect(sample(after, 'puente_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain("no-existe");
  });

  it("reports readiness, the search index, the outbox and the event loop", async () => {
    const text = await scrape();
    expect(sample(text, 'puente_readiness{state="ready"}')).toBe(1);
    expect(sample(text, 'puente_readiness{state="starting"}')).toBe(0);
    expect(sample(text, "puente_search_index_companies")).toBeGreaterThan(0);
    expect(sample(text, "puente_email_outbox_depth")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "puente_email_outbox_oldest_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (target.kind === "postgres") expect(sample(text, 'puente_db_pool_connections{state="max"}')).toBe(10);
    else expect(text).not.toContain("puente_db_pool_connections{");
  });

  it("counts rate-limit refusals by bucket and payment webhooks by result", async () => {
    const login = () =>
      fetch(`${server.url}/api/sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "nadie@ejemplo.mx", password: "Incorrecta123!" }) });
    await login();
    expect((await login()).status).toBe(429);
    const webhook = await fetch(`${server.url}/api/payments/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=bad" }, body: '{"type":"checkout.session.completed"}' });
    expect(webhook.status).toBe(400);
    const text = await scrape();
    expect(sample(text, 'puente_rate_limit_refusals_total{bucket="login"}')).toBe(1);
    // An unsigned body's type is not trusted as a label.
    expect(sample(text, 'puente_payment_webhooks_total{type="unknown",result="bad_signature"}')).toBe(1);
  });
});
