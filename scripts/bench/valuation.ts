// npm run bench:valuation [-- --duration 20 --connections 10 --port 3919 --pglite --keep-database]
//
// The free valuation tool under load (issue 14: p95 <= 50 ms on this
// machine, 1,000 Monte Carlo draws per request). Creates its own database
// (PostgreSQL `puente_valuation_bench` next to DATABASE_URL, default the
// local `test` one, which is only connected to; `--pglite`: an on-disk
// PGlite in a temporary directory), starts the real server in a child
// process on 127.0.0.1 with every rate limit raised through
// RATE_LIMIT_<BUCKET> (the operator's knob: the limiter still counts every
// request, it never refuses the benchmark's single IP), and loads
// POST /api/valuations with autocannon over 240 varied valid requests (every
// industry and location, sales from 100 thousand to 10 billion, EBITDA from 0
// to 45% of sales, growth from -20% to 60%), each one a full valuation and a
// stored lead. Then GET /api/health with the same connections and duration as
// the baseline. Prints the engine's own time per valuation (in this process),
// the server's CPU per valuation (/proc), the statuses, the leads stored, and
// ends with one line:
//   requests=<n> rps=<n> p50_ms=<n> p95_ms=<n> p99_ms=<n> baseline_rps=<n> baseline_p95_ms=<n>
// Not part of `npm test` (not a timed test); figures in docs/performance/valuation.md.
import { mkdtemp, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { currencyOfLocation, VALUATION_LOCATIONS, VALUATION_REASONS, type ValuationRequest } from "../../contracts/valuations.ts";
import { openDatabase } from "../../server/db/open.ts";
import { valuationRequests } from "../../server/valuations/schema.ts";
import { INDUSTRIES } from "../../server/seed/catalogue-data.ts";
import { estimateValuation, seededUniforms, valuationInputOf } from "../../server/valuations/engine.ts";
import { freshDatabase, log, machineBusySeconds, percentile, raisedRateLimitEnv, round, startServerChild, threadCpuSeconds, type ServerChild } from "./support.ts";

const BENCH_DATABASE = "puente_valuation_bench";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3919" },
    pglite: { type: "boolean", default: false },
    "keep-database": { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
if (![duration, connections, port].every((value) => Number.isSafeInteger(value) && value > 0)) {
  throw new Error("--duration, --connections and --port must be positive integers.");
}

// --- Requests -------------------------------------------------------------------------

type Body = typeof ValuationRequest.Encoded;

/** 240 valid requests: each industry 12 times, the locations in turn, sizes and margins spread out. */
function requestMix(): ReadonlyArray<Body> {
  // The engine's mulberry32, so every run loads the same requests.
  const random = seededUniforms(20_260_514);
  const bodies: Body[] = [];
  for (let index = 0; index < 240; index += 1) {
    const industry = INDUSTRIES[index % INDUSTRIES.length];
    const location = VALUATION_LOCATIONS[index % VALUATION_LOCATIONS.length];
    const reason = VALUATION_REASONS[index % VALUATION_REASONS.length];
    if (industry === undefined || location === undefined || reason === undefined) throw new Error("empty catalogue");
    const revenue = Math.round(10 ** (5 + 5 * random()));
    // One in eight with no EBITDA (the revenue cross-check), the rest up to 45% of sales, in tenths.
    const ebitda = index % 8 === 0 ? 0 : Math.round(revenue * 0.45 * random() * 10) / 10;
    bodies.push({
      email: `duena.${index}@bench.example.mx`,
      name: `Dueña Bench ${index}`,
      industry_id: industry.id,
      website: index % 3 === 0 ? "" : `empresa${index}.example.mx`,
      gross_revenue: revenue,
      net_profit: ebitda,
      reason: reason.id,
      valuation_type: "default",
      location: location.id,
      annual_percentage_growth: Math.round((-20 + 80 * random()) * 10) / 10,
      currency: currencyOfLocation(location.id),
    });
  }
  return bodies;
}

/** The engine alone, in this process: mean and p95 per valuation over the mix, after a warm-up. */
function engineTimes(bodies: ReadonlyArray<Body>): { meanMs: number; p95Ms: number } {
  const run = (body: Body) => estimateValuation(valuationInputOf(body));
  for (const body of bodies) run(body);
  const times: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    for (const body of bodies) {
      const started = performance.now();
      run(body);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { meanMs: times.reduce((sum, time) => sum + time, 0) / times.length, p95Ms: percentile(times, 95) };
}

// --- Load -----------------------------------------------------------------------------

interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly statuses: ReadonlyMap<number, number>;
  readonly errors: number;
}

async function load(url: string, bodies: ReadonlyArray<Body> | null): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const payloads = (bodies ?? []).map((body) => JSON.stringify(body));
  let next = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      bodies === null
        ? { url: `${url}/api/health`, connections, duration }
        : {
            url,
            connections,
            duration,
            requests: [
              {
                setupRequest: (request) => {
                  const body = payloads[next % payloads.length] ?? "{}";
                  next += 1;
                  return { ...request, method: "POST", path: "/api/valuations", headers: { "content-type": "application/json" }, body };
                },
              },
            ],
          },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** Each request once through fetch before measuring: a valid request must answer 200. */
async function warmUp(url: string, bodies: ReadonlyArray<Body>): Promise<void> {
  for (const body of bodies) {
    const response = await fetch(`${url}/api/valuations`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`warm-up: ${JSON.stringify(body)} answered ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
}

const statusLine = (statuses: ReadonlyMap<number, number>): string =>
  [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");

// --- Database -----------------------------------------------------------------------------

interface Target {
  /** What the server is started on: a postgres URL or a PGlite directory. */
  readonly target: string;
  drop(): Promise<void>;
}

async function postgresTarget(): Promise<Target> {
  const database = await freshDatabase(BENCH_DATABASE);
  return { target: database.url, drop: () => database.drop() };
}

async function pgliteTarget(): Promise<Target> {
  const dir = await mkdtemp(path.join(tmpdir(), "puente-bench-valuation-"));
  return { target: dir, drop: () => rm(dir, { recursive: true, force: true }) };
}

/** Valuation leads stored (once the server has stopped: PGlite has one owner at a time). */
async function countLeads(target: string): Promise<number> {
  const handle = await openDatabase(target.startsWith("postgres") ? { url: target } : { dataDir: target });
  try {
    return await handle.db.$count(valuationRequests);
  } finally {
    await handle.close();
  }
}

// --- Main -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const bodies = requestMix();
  const engine = engineTimes(bodies);
  log(`Engine alone (1,000 draws, this process): mean ${round(engine.meanMs, 3)} ms, p95 ${round(engine.p95Ms, 3)} ms per valuation.`);

  const database = args.pglite ? await pgliteTarget() : await postgresTarget();
  let server: ServerChild | undefined;
  try {
    server = await startServerChild({ port, databaseUrl: database.target, seedDemo: false, env: raisedRateLimitEnv() });
    await warmUp(server.url, bodies);
    log(`Loading POST /api/valuations (${bodies.length} varied requests), ${connections} connections, ${duration} s…`);
    const cpuBefore = threadCpuSeconds(server.serverPid);
    const busyBefore = machineBusySeconds();
    const valuations = await load(server.url, bodies);
    const cpuAfter = threadCpuSeconds(server.serverPid);
    const busy = machineBusySeconds() - busyBefore;
    log(
      `  valuations: ${valuations.requests} requests, ${round(valuations.rps)} req/s, p50 ${valuations.p50} ms, p95 ${valuations.p95} ms, p99 ${valuations.p99} ms, statuses ${statusLine(valuations.statuses)}, errors ${valuations.errors}`,
    );
    // CPU time is what a busy machine distorts least: the server's event loop and its other threads, per valuation.
    const perRequestMs = (seconds: number) => round((seconds * 1000) / Math.max(1, valuations.requests), 3);
    log(
      `  server CPU per valuation: ${perRequestMs(cpuAfter.main - cpuBefore.main)} ms event loop + ${perRequestMs(cpuAfter.others - cpuBefore.others)} ms other threads; the whole machine was busy ${round(busy / duration, 2)} of its ${os.cpus().length} cores`,
    );
    log(`Baseline GET /api/health, ${connections} connections, ${duration} s…`);
    const baseline = await load(server.url, null);
    log(`  baseline: ${round(baseline.rps)} req/s, p95 ${baseline.p95} ms`);
    if (server.errorLogs.length > 0) log(`Server errors logged: ${server.errorLogs.slice(0, 5).join(" | ")}`);
    await server.stop();
    server = undefined;

    const ok = valuations.statuses.get(200) ?? 0;
    const stored = await countLeads(database.target);
    // Every answered valuation stored its lead (plus the warm-up's); a 429 would mean the limit throttled the run.
    log(`Leads stored: ${stored} (warm-up ${bodies.length} + ${ok} answered 200 + those in flight when the load stopped).`);
    if (ok !== valuations.requests || valuations.errors > 0) log("WARNING: some valuations did not answer 200; the figures are not valid.");
    // Requests in flight when autocannon stops are stored but not counted: at most one per connection.
    if (stored < ok + bodies.length || stored > ok + bodies.length + connections) log("WARNING: the leads stored do not match the valuations answered.");
    log(`(${args.pglite ? "PGlite" : "PostgreSQL"}, ${connections} connections)`);
    process.stdout.write(
      `requests=${valuations.requests} rps=${Math.round(valuations.rps)} p50_ms=${round(valuations.p50, 2)} p95_ms=${round(valuations.p95, 2)} p99_ms=${round(valuations.p99, 2)} baseline_rps=${Math.round(baseline.rps)} baseline_p95_ms=${round(baseline.p95, 2)}\n`,
    );
  } finally {
    await server?.stop();
    if (!args["keep-database"]) await database.drop();
  }
}

await main();
